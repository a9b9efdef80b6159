import Foundation
import SwiftReduce
import SwiftReducePersistence

/// The file that keeps the list between runs, through SwiftReducePersistence:
/// loaded into the store when the program starts, saved after every change,
/// merged with another instance's saves, with MovieList's own words for
/// what goes wrong.
///
/// What is saved is the name, the movies and their order; what is being
/// typed, the search and the notices are left out. A file an older
/// MovieList wrote (`{"name": …, "movies": {…}}`) is read as version 0 (see
/// `MovieListFile+Migration.swift`); a movie both instances changed keeps
/// the larger count (see `MovieListFile+Merging.swift`).
@MainActor
final class MovieListFile {
  /// The version of the state MovieList saves.
  static let version = 1

  /// What the screen shows and the file need not keep.
  static let leftOut: [TreePath] = [
    "favoriteMovies.input", "favoriteMovies.search", "favoriteMovies.notice",
    "favoriteMovies.fileNotice", "favoriteMovies.lastWatched",
  ]

  /// The path the user named.
  let path: String
  let persistence: Persistence<Person>
  /// What loading has to say, under the first screens: a sort order this
  /// version does not know, a record a crash cut short, a read-only file.
  private(set) var notes: [String] = []
  /// Whether the next save writes this list over another one found in the
  /// file, as the `save` command asks.
  private var overwritesOtherList = false
  /// The refusal of another list last shown, not to be shown again.
  private var shownRefusal: String?
  /// Whether a change was made here, which closing folds into the file.
  private var hasChanges = false

  /// Loads the file at `path` into `store`, and saves every change from then on.
  ///
  /// - Throws: ``SwiftReducePersistence/PersistenceError`` in MovieList's
  ///   words; the file is then left as it is.
  init(_ store: Store<Person>, path: String) throws(PersistenceError) {
    self.path = path
    var migrationNotes: [String] = []
    do throws(PersistenceError) {
      persistence = try Persistence.attach(
        store, file: URL(fileURLWithPath: path), version: Self.version,
        migrations: [Self.fromVersion0 { migrationNotes.append($0) }],
        leavingOut: Self.leftOut)
    } catch {
      throw Self.inMovieListsWords(error)
    }
    persistence.resolveConflict = Self.resolve
    // An older MovieList's file is this one's: its migration is no news.
    notes = migrationNotes + persistence.notes.filter { !$0.hasSuffix("to version 1.") }
    if let problem = persistence.readOnlyReason, let reason = persistence.readOnlyCause {
      notes.append(
        "Opened read-only, and changes are not saved: \(Self.withHint(problem, reason)).")
    }
  }

  /// Why the list shown is not in the file: another list is there; `nil`
  /// when it is.
  var otherList: String? {
    persistence.foundOtherState ? Self.anotherList : nil
  }

  /// Writes what is not saved yet, merging another instance's saves first;
  /// over another list found in the file when the `save` command asked.
  ///
  /// - Throws: Why it could not be saved, in MovieList's words.
  func save() throws(PersistenceError) {
    hasChanges = true
    do throws(PersistenceError) {
      if overwritesOtherList {
        overwritesOtherList = false
        try persistence.overwrite()
      } else {
        try persistence.save()
      }
    } catch {
      throw Self.inMovieListsWords(error)
    }
  }

  /// Makes the next save write this list over another one found in the file.
  func overwriteOtherList() {
    overwritesOtherList = true
  }

  /// Merges another instance's saves, if there are any; returns what to
  /// say when the file holds another list now, once for each refusal.
  func refresh() -> String? {
    do {
      try persistence.refresh()
      shownRefusal = nil
      return nil
    } catch {
      // Anything else is said by the next save, which meets it too.
      guard let otherList, shownRefusal != otherList else { return nil }
      shownRefusal = otherList
      return "Not merged: \(path) changed, and \(otherList). Your list is kept on screen."
    }
  }

  /// Folds the journal into the file, so that the file a person opens
  /// holds the whole list, and lets another instance have it.
  func close() {
    if hasChanges, persistence.saveError == nil, !persistence.foundOtherState {
      try? persistence.compact()
    }
    persistence.detach()
  }

  // MARK: - MovieList's words

  /// Why a list of another lineage found in the file is neither merged nor saved over.
  static let anotherList =
    "another list is there now, not the one this list was loaded from or saved to "
    + "(another user's, or a new file); type save to write this list over it, or choose "
    + "another file with --file"

  /// `error` as MovieList says it: with the hint to choose another file, and
  /// another list named as a list.
  static func inMovieListsWords(_ error: PersistenceError) -> PersistenceError {
    let problem =
      switch (error.reason, error.kind) {
      case (.otherState, _): anotherList
      // A pipe, a device or a socket named at start is no list: another path is. (A directory
      // keeps the library's words, and a file another program swapped for one is said as such.)
      case (.notARegularFile(.file, .namedPipe), .load), (.notARegularFile(.file, .device), .load),
        (.notARegularFile(.file, .socket), .load):
        error.problem + "; choose a file with --file"
      default: withHint(error.problem, error.reason)
      }
    return PersistenceError(error.kind, path: error.path, problem: problem, reason: error.reason)
  }

  /// `problem`, said for `reason`, with what the user can do about a file
  /// that is not theirs to write.
  static func withHint(_ problem: String, _ reason: PersistenceError.Reason) -> String {
    switch reason {
    case .notWritable(.file): problem + ", or choose another file with --file"
    case .ownedByAnotherUser: problem + "; choose another file with --file"
    default: problem
    }
  }
}
