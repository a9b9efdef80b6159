import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Reads through the store of plain models: told only when what they read changed.
@MainActor
struct PlainTreeObservationTests {
  @Test func readingNameIsToldOfSetName() {
    let store = Store(Person())
    let log = track("name") { _ = store.name }

    store.dispatch(NameChange.setName("Ada"))

    #expect(log.entries == ["name"])
  }

  @Test func readingNameIsNotToldOfSetInput() {
    let store = Store(Person())
    let log = track("name") { _ = store.name }

    store.watch("Alien")

    #expect(log.entries == [])
    store.dispatch(NameChange.setName("Ada"))
    #expect(log.entries == ["name"])
  }

  @Test func readingFavoriteMoviesMoviesIsToldOfSubmit() {
    let store = Store(Person())
    let log = track("movies") { _ = store.favoriteMovies.movies }

    store.dispatch(UpdateMovies.submit)

    #expect(log.entries == ["movies"])
  }

  @Test func readingFavoriteMoviesMoviesIsNotToldOfSetName() {
    let store = Store(Person())
    let log = track("movies") { _ = store.favoriteMovies.movies }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.clear)

    #expect(log.entries == [])
  }

  @Test func readingAPlainModelIsToldOfAnyActionItReducesAtTheGrainOfTheModel() {
    // `store.favoriteMovies` is the read the store sees; `.input` is read on the
    // model by hand, so the reader is told of everything the model reduces.
    let store = Store(Person())
    let log = track("input") { _ = store.favoriteMovies.input }

    store.dispatch(UpdateMovies.removeMovie("Heat"))

    #expect(log.entries == ["input"])
  }

  @Test func anActionNoModelTakesTellsNoOne() {
    let store = Store(Person(), reportsUnhandledActions: false)
    let log = track("everything") {
      _ = store.name
      _ = store.favoriteMovies
      _ = store.binding(reading: \.favoriteMovies.movies).wrappedValue
    }

    store.dispatch(MarqueeAction.dim)

    #expect(log.entries == [])
  }

  @Test func anEqualValueSetAgainTellsNoOne() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    let log = track("name") { _ = store.name }

    store.dispatch(NameChange.setName("Ada"))

    #expect(log.entries == [])
    store.dispatch(NameChange.setName("Grace"))
    #expect(log.entries == ["name"])
  }

  @Test func eachObserverIsToldOncePerChange() {
    let store = Store(Person())
    let log = track("first") {
      _ = store.name
      _ = store.name
      _ = store.favoriteMovies
    }
    track("second", in: log) { _ = store.name }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    // One registrar tells its observers in no set order.
    #expect(log.entries.sorted() == ["first", "second"])
  }

  @Test func anObserverThatReadsAgainIsToldOfTheNextChange() {
    let store = Store(Person())
    let log = track("Ada") { _ = store.name }
    store.dispatch(NameChange.setName("Ada"))
    track("Grace", in: log) { _ = store.name }

    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(NameChange.setName("Grace"))

    #expect(log.entries == ["Ada", "Grace"])
  }

  @Test func bindingReadIsToldOnlyWhenItsValueChanges() {
    let store = Store(Person())
    let input = store[\.favoriteMovies.input, UpdateMovies.setInput]
    let log = track("input") { _ = input.wrappedValue }

    store.dispatch(UpdateMovies.removeMovie("Heat"))
    store.dispatch(NameChange.setName("Ada"))
    input.wrappedValue = ""
    #expect(log.entries == [])

    input.wrappedValue = "Alien"
    #expect(log.entries == ["input"])
  }

  @Test func readingAModelIsToldWhenItIsReplaced() throws {
    let store = Store(Marquee())
    let log = track("feature") { _ = store.feature }

    store.dispatch(MarqueeAction.show("Heat"))

    #expect(log.entries == ["feature"])
    #expect(store.feature.title == "Heat")
  }

  @Test func readingAModelIsToldWhenAModelInsideItReduces() {
    let store = Store(Marquee())
    let log = track("feature") { _ = store.feature.title }

    store.dispatch(FilmAction.retitle("Aliens"))

    #expect(log.entries == ["feature"])
  }

  @Test func readingAModelIsNotToldWhenOnlyItsParentReduces() {
    let store = Store(Marquee())
    let log = track("feature") { _ = store.feature.title }

    store.dispatch(MarqueeAction.dim)

    #expect(log.entries == [])
    #expect(store.isLit == false)
  }

  @Test func readingAnOptionalModelIsToldWhenAModelDeepInsideItReduces() {
    let family = Family()
    let ada = Person()
    family.people = [ada]
    family.favorite = ada
    let store = Store(family)
    let log = track("favorite") { _ = store.favorite?.favoriteMovies.movies }

    store.dispatch(UpdateMovies.submit)

    #expect(log.entries == ["favorite"])
  }

  @Test func readingAnEquatableModelIsToldWhenAnEqualOneReplacesIt() {
    let store = Store(Shelter())
    store.dispatch(PetAction.select(name: "Rex"))
    let log = track("selected") { _ = store.selected }

    store.dispatch(PetAction.select(name: "Rex"))

    #expect(log.entries == ["selected"])
  }

  @Test func readingAnOptionalModelIsToldWhenItBecomesNil() {
    let store = Store(Shelter())
    store.dispatch(PetAction.select(name: "Rex"))
    let log = track("selected") { _ = store.selected }

    store.dispatch(PetAction.deselect)

    #expect(log.entries == ["selected"])
    #expect(store.selected == nil)
  }

  @Test func readingAValueThatIsNotEquatableIsToldOfEveryActionAModelReduces() {
    // `[Film]` is neither Equatable nor a model: no comparison can see inside it.
    let store = Store(Marquee(), reportsUnhandledActions: false)
    let log = track("trailers") { _ = store.trailers }

    store.dispatch(NameChange.setName("nobody takes this"))
    #expect(log.entries == [])
    store.dispatch(MarqueeAction.dim)
    #expect(log.entries == ["trailers"])
  }
}
