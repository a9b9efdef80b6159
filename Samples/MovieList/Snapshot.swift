import SwiftReduce

/// What the state file keeps: the name and the movies with their view counts.
///
/// The movie being typed is not kept: it is empty after every submit.
struct Snapshot: Equatable {
  var name: String
  var movies: [String: Int]

  /// The actions that bring any `Person` to this snapshot.
  var restoringActions: [any Action] {
    [NameChange.setName(name), UpdateMovies.replaceAll(movies)]
  }
}

extension Person {
  /// A person restored from a snapshot.
  convenience init(_ snapshot: Snapshot) {
    self.init()
    name = snapshot.name
    favoriteMovies.movies = snapshot.movies
  }

  /// The part of the state that is saved.
  var snapshot: Snapshot {
    Snapshot(name: name, movies: favoriteMovies.movies)
  }
}
