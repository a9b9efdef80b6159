import SwiftReduce

/// What the state file keeps: the name, the movies with their view counts,
/// and the order of the list.
///
/// The movie being typed is not kept: it is empty after every submit.
struct Snapshot: Equatable {
  var name: String
  var movies: [String: Int]
  var order = MovieOrder.title

  /// The actions that bring any `Person` to this snapshot.
  var restoringActions: [any Action] {
    [NameChange.setName(name), UpdateMovies.replaceAll(movies), UpdateMovies.sort(order)]
  }
}

extension Person {
  /// A person restored from a snapshot.
  convenience init(_ snapshot: Snapshot) {
    self.init()
    name = snapshot.name
    favoriteMovies.movies = snapshot.movies
    favoriteMovies.order = snapshot.order
  }

  /// The part of the state that is saved.
  var snapshot: Snapshot {
    Snapshot(name: name, movies: favoriteMovies.movies, order: favoriteMovies.order)
  }
}
