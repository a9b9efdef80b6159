import SwiftReduce
import SwiftReduceTesting
import Testing

@testable import MovieList

/// The sample's models tested with `TestStore`, as an app's own tests would be.
@MainActor
struct MovieListTestStoreTests {
  @Test func typingANameSetsIt() {
    let store = TestStore(Person())
    store.send(NameChange.setName("Ada")) {
      $0.name = "Ada"
    }
  }

  @Test func clearingTheNameEmptiesIt() {
    let store = TestStore(Person())
    store.send(NameChange.setName("Ada")) { $0.name = "Ada" }
    store.send(NameChange.clear) { $0.name = "" }
  }

  /// Types Alien and watches it, expecting it counted `count` times and the input emptied.
  private func watchAlien(in store: TestStore<Person>, expecting count: Int) {
    store.send(UpdateMovies.setInput("Alien")) {
      $0.favoriteMovies.input = "Alien"
    }
    store.send(UpdateMovies.submit) {
      $0.favoriteMovies.input = ""
      $0.favoriteMovies.movies["Alien"] = count
      $0.favoriteMovies.lastWatched = "Alien"
    }
  }

  @Test func watchingAMovieCountsItAndEmptiesTheInput() {
    watchAlien(in: TestStore(Person()), expecting: 1)
  }

  @Test func watchingAMovieAgainCountsItTwice() {
    let store = TestStore(Person())
    store.exhaustivity = .off
    store.send(UpdateMovies.setInput("Alien"))
    store.send(UpdateMovies.submit) { $0.favoriteMovies.movies["Alien"] = 1 }
    store.send(UpdateMovies.setInput("Alien"))
    store.send(UpdateMovies.submit) {
      $0.favoriteMovies.input = ""
      $0.favoriteMovies.movies["Alien"] = 2
    }
  }

  @Test func submittingABlankNameCountsNothingAndSaysWhy() {
    let store = TestStore(Person())
    store.send(UpdateMovies.setInput("  ")) { $0.favoriteMovies.input = "  " }
    store.send(UpdateMovies.submit) {
      $0.favoriteMovies.input = ""
      $0.favoriteMovies.notice = "Type a movie name first, then watch."
    }
  }

  @Test func removingAMovieDeletesItsEntry() {
    let person = Person()
    person.favoriteMovies.movies = ["Alien": 2, "Heat": 1]
    let store = TestStore(person)
    store.send(UpdateMovies.removeMovie("Alien")) {
      $0.favoriteMovies.movies["Alien"] = nil
    }
    store.send(UpdateMovies.removeMovie("Brazil"))
  }

  @Test func aWrongCountFailsWithTheDifference() {
    // The example of `TestStore`'s documentation, a count of 2 where 1 is, with the text it
    // shows.
    let store = TestStore(Person())
    withKnownIssue {
      watchAlien(in: store, expecting: 2)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        State after UpdateMovies.submit is not as expected (- expected, + actual):
        favoriteMovies.movies["Alien"]
          - 2
          + 1
        """
      ]
    }
  }

  @Test func anActionNobodyAssertedFailsNamingWhatChanged() {
    let store = TestStore(Person())
    withKnownIssue {
      store.send(NameChange.setName("Grace"))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        State after NameChange.setName("Grace") is not as expected (- expected, + actual):
        name
          - ""
          + "Grace"
        """
      ]
    }
  }
}
