import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Reads through the store of `@Observable` models: their registrars track each property.
@MainActor
struct ObservableTreeObservationTests {
  @Test func readingInputIsNotToldOfARemoveMovieThatChangesOnlyMovies() {
    let store = Store(ObservedPerson())
    store.watch("Alien")
    let log = track("input") { _ = store.favoriteMovies.input }

    store.dispatch(UpdateMovies.removeMovie("Alien"))

    #expect(log.entries == [])
    #expect(store.favoriteMovies.movies == [:])
  }

  @Test func readingInputIsToldOfSetInput() {
    let store = Store(ObservedPerson())
    let log = track("input") { _ = store.favoriteMovies.input }

    store.dispatch(UpdateMovies.setInput("Alien"))

    #expect(log.entries == ["input"])
  }

  @Test func readingMoviesIsToldOfSubmitAndNotOfSetName() {
    let store = Store(ObservedPerson())
    let log = track("movies") { _ = store.favoriteMovies.movies }

    store.dispatch(NameChange.setName("Ada"))
    #expect(log.entries == [])
    store.dispatch(UpdateMovies.submit)
    #expect(log.entries == ["movies"])
  }

  @Test func readingNameIsNotToldOfSetInput() {
    let store = Store(ObservedPerson())
    let log = track("name") { _ = store.name }

    store.dispatch(UpdateMovies.setInput("Alien"))

    #expect(log.entries == [])
  }

  @Test func readingAnObservableModelIsToldWhenItIsReplaced() {
    let store = Store(ObservedPerson())
    let log = track("favoriteMovies") { _ = store.favoriteMovies }

    store.dispatch(UpdateMovies.setInput("Alien"))
    #expect(log.entries == [])
    store.dispatch(NameChange.clear)
    #expect(log.entries == ["favoriteMovies"])
  }

  @Test func anObserverToldByTheModelAndTheStoreIsToldOnce() {
    // The model's registrar tells of `name` inside `reduce`; the store's
    // comparison finds the same change after the walk.
    let store = Store(ObservedPerson())
    let log = track("name") { _ = store.name }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    #expect(log.entries == ["name"])
  }

  @Test func readingAModelPropertyDirectlyIsTrackedByItsRegistrar() {
    let store = Store(ObservedPerson())
    let log = track("root.name") { _ = store.root.name }

    store.dispatch(UpdateMovies.setInput("Alien"))
    #expect(log.entries == [])
    store.dispatch(NameChange.setName("Ada"))
    #expect(log.entries == ["root.name"])
  }
}
