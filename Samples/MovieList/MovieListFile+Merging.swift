import SwiftReduce
import SwiftReducePersistence

// MovieList's rule for a movie both instances changed, and what the screen
// says of it.

extension MovieListFile {
  /// The value kept where both instances changed one: of two view counts of
  /// a movie, the larger.
  ///
  /// A count changed on one side beats a removal on the other. The name and
  /// the order keep the value here, the library's rule.
  static func resolve(_ conflict: PersistenceMerge.Conflict) -> PersistenceMerge.Resolution {
    guard isMovie(conflict.steps) else { return .here }
    switch (conflict.here, conflict.there) {
    case let (.int(here)?, .int(there)?): return here >= there ? .here : .there
    case (nil, _?): return .there
    default: return .here
    }
  }

  /// What the screen says of a merge: the movies whose counts differed, and
  /// which count was kept; `nil` when none did.
  static func notice(for merge: PersistenceMerge) -> String? {
    let counts = merge.conflicts.compactMap { conflict -> (String, Int64, Int64)? in
      guard isMovie(conflict.steps), case let .member(title)? = conflict.steps.last,
        case let .int(here)? = conflict.here, case let .int(there)? = conflict.there
      else { return nil }
      return (title, here, there)
    }
    guard let (title, here, there) = counts.first else { return nil }
    let others = counts.count - 1
    return "Merged another instance's save: \"\(title)\" was watched \(there) times there and "
      + "\(here) here; the larger, \(max(here, there)), is kept"
      + (others == 0
        ? "." : others == 1 ? ", and so for 1 more movie." : ", and so for \(others) more movies.")
  }

  /// Whether `steps` are the place of one movie's count.
  private static func isMovie(_ steps: [PersistenceMerge.Step]) -> Bool {
    steps.count == 3 && steps[0] == .member("favoriteMovies") && steps[1] == .member("movies")
  }
}
