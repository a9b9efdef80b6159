import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// A store's listeners of patches (issue #34, item 4, in part).
@MainActor
struct StorePatchesTests {
  @Test func onPatchesExamplePrintsItsOutput() {
    var lines: [String] = []
    func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let subscription = store.onPatches { patches in print(patches) }
    store.dispatch(NameChange.setName("Ada"))
    store.root.name = "Grace"
    store.dispatch(UpdateMovies.setInput("Up"))
    subscription.cancel()

    #expect(
      lines == [
        "[name: \"\" → \"Ada\"]", "[name: \"Ada\" → \"Grace\"]",
        "[favoriteMovies.input: \"\" → \"Up\"]",
      ])
  }

  @Test func persistencesListenerHearsAChangeMadeOutsideADispatchWithTheNextDispatch() {
    let store = Store(Person())
    var heard: [[String]] = []
    let subscription = store.onPersistencePatches { heard.append($0.map(\.description)) }
    store.dispatch(NameChange.setName("Ada"))
    store.root.name = "Grace"
    store.dispatch(UpdateMovies.setInput("Up"))
    subscription.cancel()

    #expect(
      heard == [
        ["name: \"\" → \"Ada\""],
        ["name: \"Ada\" → \"Grace\"", "favoriteMovies.input: \"\" → \"Up\""],
      ])
  }

  @Test func persistencesListenerBesideAnotherHearsWhatItHearsAlone() {
    let store = Store(Person())
    var saved: [[String]] = []
    var heard: [[String]] = []
    let saving = store.onPersistencePatches { saved.append($0.map(\.description)) }
    let listening = store.onPatches { heard.append($0.map(\.description)) }
    store.root.name = "Grace"
    store.dispatch(UpdateMovies.setInput("Up"))
    saving.cancel()
    listening.cancel()

    // The other listener's look before the dispatch finds the outside change first.
    #expect(saved == [["name: \"\" → \"Grace\""], ["favoriteMovies.input: \"\" → \"Up\""]])
    #expect(heard == saved)
  }

  @Test func aListenerHearsUndoAndRedoAsTheirPatches() throws {
    let store = Store(Person())
    let history = History(store)
    var heard: [[String]] = []
    let subscription = store.onPatches { heard.append($0.map(\.description)) }
    store.dispatch(NameChange.setName("Ada"))
    try history.undo()
    try history.redo()
    #expect(
      heard == [
        ["name: \"\" → \"Ada\""], ["name: \"Ada\" → \"\""], ["name: \"\" → \"Ada\""],
      ])
    subscription.cancel()
  }

  @Test func aListenerAddedBeforeAHistoryKeepsHearing() {
    let store = Store(Person())
    var heard: [String] = []
    let subscription = store.onPatches { heard += $0.map(\.description) }
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    #expect(heard == ["name: \"\" → \"Ada\""])
    #expect(history.steps.map(\.label) == ["NameChange.setName(\"Ada\")"])
    subscription.cancel()
  }

  @Test func aListenerHearsWhatASubscriberChangedInACallOfItsOwn() {
    let store = Store(Person())
    var heard: [[String]] = []
    let patches = store.onPatches { heard.append($0.map(\.description)) }
    let subscription = store.subscribe { root in
      if root.name == "Ada" { root.favoriteMovies.input = "Up" }
    }
    store.dispatch(NameChange.setName("Ada"))
    #expect(heard == [["name: \"\" → \"Ada\""], ["favoriteMovies.input: \"\" → \"Up\""]])
    subscription.cancel()
    patches.cancel()
  }

  @Test func aReleasedListenerIsNotCalledAndTheStoreLetsGoOfTheTree() {
    let person = Person()
    let store = Store(person)
    var heard = 0
    var subscription: StoreSubscription? = store.onPatches { _ in heard += 1 }
    store.dispatch(NameChange.setName("Ada"))
    subscription = nil
    store.dispatch(NameChange.setName("Grace"))
    #expect(heard == 1)
    #expect(subscription == nil)
    weak let movies = person.favoriteMovies
    person.favoriteMovies = FavoriteMovies()
    #expect(movies == nil)
  }
}

@MainActor
struct SessionRecorderTests {
  @Test func theDocumentedExamplePrintsItsOutput() {
    var lines: [String] = []
    func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let recorder = SessionRecorder(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Heat"))
    for step in recorder.steps { print(step) }

    #expect(
      lines == [
        "NameChange.setName(\"Ada\")\n  name: \"\" → \"Ada\"",
        "UpdateMovies.setInput(\"Heat\")\n  favoriteMovies.input: \"\" → \"Heat\"",
      ])
  }

  @Test func aStoppedRecorderKeepsItsStepsAndRecordsNoMore() {
    let store = Store(Person())
    let recorder = SessionRecorder(store)
    store.dispatch(NameChange.setName("Ada"))
    recorder.stop()
    store.dispatch(NameChange.setName("Grace"))
    #expect(recorder.steps.map(\.actionText) == [#"NameChange.setName("Ada")"#])
  }
}
