import SwiftReduce
import SwiftReduceTesting
import Testing

@testable import MovieList

/// A test written from a recorded session, checked in as written (issue #35 item 4).
///
/// `Store.testSource(of:named:root:history:)` wrote it from `Support/RecordedSession.json`, a
/// session recorded with `MovieList --record` (1 Ada, 3 Alien, 3 Heat, 3 Alien, 5, undo, /al,
/// /, sort views); it compiles and passes against MovieList's models. `MovieListSessionTests`
/// checks that the session still writes this test.
@MainActor
struct RecordedSessionTests {
  @Test func recordedSession() throws {
    let store = TestStore(Person())
    let history = MovieListApp.makeHistory(of: store.store)
    store.send(NameChange.setName("Ada")) {
      $0.name = "Ada"
    }
    store.send(UpdateMovies.setInput("Alien")) {
      $0.favoriteMovies.input = "Alien"
    }
    store.send(UpdateMovies.submit) {
      $0.favoriteMovies.input = ""
      $0.favoriteMovies.movies["Alien"] = 1
      $0.favoriteMovies.lastWatched = "Alien"
    }
    store.send(UpdateMovies.setInput("Heat")) {
      $0.favoriteMovies.input = "Heat"
      $0.favoriteMovies.lastWatched = nil
    }
    store.send(UpdateMovies.submit) {
      $0.favoriteMovies.input = ""
      $0.favoriteMovies.movies["Heat"] = 1
      $0.favoriteMovies.lastWatched = "Heat"
    }
    store.send(UpdateMovies.setInput("Alien")) {
      $0.favoriteMovies.input = "Alien"
      $0.favoriteMovies.lastWatched = nil
    }
    store.send(UpdateMovies.submit) {
      $0.favoriteMovies.input = ""
      $0.favoriteMovies.movies["Alien"] = 2
      $0.favoriteMovies.lastWatched = "Alien"
    }
    store.send(UpdateMovies.removeMovie("Alien")) {
      $0.favoriteMovies.movies["Alien"] = nil
      $0.favoriteMovies.lastWatched = nil
    }
    try history.undo()
    #expect(store.root.favoriteMovies.movies["Alien"] == 2)
    store.send(UpdateMovies.find("al")) {
      $0.favoriteMovies.search = "al"
    }
    store.send(UpdateMovies.find("")) {
      $0.favoriteMovies.search = ""
    }
    store.send(UpdateMovies.sort(MovieList.MovieOrder.views)) {
      $0.favoriteMovies.order = .views
    }
  }
}
