import SwiftReduce

/// MovieList's store and history, made as ``MovieListApp/main(_:)`` makes
/// them, with a removal and an undo as its commands make them: the
/// benchmarks time an undo on it.
@MainActor
package final class MovieListState {
  let store: Store<Person>
  let history: History<Person>

  /// A state of `movies`, each watched once, named Ada.
  package init(movies: [String: Int]) {
    store = Store(Person(name: "Ada", movies: movies))
    history = MovieListApp.makeHistory(of: store)
    // The first screen sorts the titles, which the list keeps from then on.
    _ = store.root.favoriteMovies.shownTitles
  }

  /// Removes `title`, as tapping its row does.
  package func remove(_ title: String) {
    history.record("tapping \"\(title)\"") { store.dispatch(UpdateMovies.removeMovie(title)) }
    _ = store.root.favoriteMovies.shownTitles
  }

  /// Undoes the last change; returns its label.
  package func undo() throws(HistoryConflict) -> String? {
    try history.undo()?.label
  }

  /// The view count of `title`, if the list holds it.
  package func count(of title: String) -> Int? {
    store.favoriteMovies.movies[title]
  }
}
