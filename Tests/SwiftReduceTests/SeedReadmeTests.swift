import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct SeedReadmeTests {
  @Test func seedModelsBehaveAsTheReadmeDescribes() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    store.watch("Alien", "Alien", "Heat")
    #expect(store.name == "Ada")
    #expect(store.favoriteMovies.input == "")
    #expect(store.favoriteMovies.movies == ["Alien": 2, "Heat": 1])

    store.dispatch(UpdateMovies.removeMovie("Alien"))
    store.dispatch(NameChange.clear)
    #expect(store.name == "")
    #expect(store.favoriteMovies.movies == ["Heat": 1])
  }

  @Test func simpleSeedModelCountsViewingsAndRemovesMovies() {
    let store = Store(SimpleSeed.Person())
    store.dispatch(SimpleSeed.UpdateMovies.sawMovie("Up"))
    store.dispatch(SimpleSeed.UpdateMovies.sawMovie("Up"))
    store.dispatch(SimpleSeed.UpdateMovies.sawMovie("Jaws"))
    store.dispatch(SimpleSeed.UpdateMovies.removeMovie("Jaws"))
    #expect(store.favoriteMovies.movies == ["Up": 2])
  }

  @Test func storeReducesNothingAtConstruction() {
    let person = Person()
    person.name = "Initial"
    let store = Store(person)
    #expect(store.name == "Initial")
    #expect(store.root === person)
  }
}
