import SwiftReduce
import SwiftReduceTestSupport
import Testing

@testable import SwiftReduceTextUI

@MainActor
struct HistoryTests {
  @MainActor
  private final class Fixture {
    let history = History<Person>(reset: [NameChange.setName("")])
    lazy var store = Store(Person(), middleware: [history.middleware])

    func type(_ name: String) {
      history.record("1 \(name)") { store.dispatch(NameChange.setName(name)) }
    }
  }

  @Test func theDocumentedExamplePrintsWhatItShows() async {
    let history = History<Person>(reset: [NameChange.setName("")])
    let store = Store(Person(), middleware: [history.middleware])
    history.record("1 Ada") { store.dispatch(NameChange.setName("Ada")) }
    history.record("1 Grace") { store.dispatch(NameChange.setName("Grace")) }
    var lines: [String] = []
    lines.append("\(history.undo(in: store) ?? "nothing") \(store.name)")
    lines.append("\(history.redo(in: store) ?? "nothing") \(store.name)")
    #expect(lines == ["1 Grace Ada", "1 Grace Grace"])
  }

  @Test func undoRevertsStepsLastFirstAndRedoReappliesThemInOrder() async {
    let fixture = Fixture()
    fixture.type("Ada")
    fixture.type("Grace")
    #expect(fixture.history.undo(in: fixture.store) == "1 Grace")
    #expect(fixture.history.undo(in: fixture.store) == "1 Ada")
    #expect(fixture.store.name == "")
    #expect(fixture.history.undo(in: fixture.store) == nil)
    #expect(fixture.history.redo(in: fixture.store) == "1 Ada")
    #expect(fixture.store.name == "Ada")
    #expect(fixture.history.canRedo)
  }

  @Test func aNewStepClearsWhatCouldBeRedone() async {
    let fixture = Fixture()
    fixture.type("Ada")
    fixture.history.undo(in: fixture.store)
    fixture.type("Grace")
    #expect(!fixture.history.canRedo)
    #expect(fixture.history.redo(in: fixture.store) == nil)
    #expect(fixture.store.name == "Grace")
  }

  @Test func aStepThatDispatchedNothingIsNotKept() async {
    let fixture = Fixture()
    fixture.history.record("help") {}
    #expect(!fixture.history.canUndo)
  }

  @Test func rebaseReplaysOnlyTheStepsAfterThoseMarkedKept() async {
    let movies = FavoriteMovies()
    // Brings any list of these three movies to Alien and Up, once each.
    let reset: [any Action] = [
      UpdateMovies.removeMovie("Alien"), UpdateMovies.removeMovie("Heat"),
      UpdateMovies.removeMovie("Up"), UpdateMovies.setInput("Alien"), UpdateMovies.submit,
      UpdateMovies.setInput("Up"), UpdateMovies.submit,
    ]
    let history = History<FavoriteMovies>(reset: [])
    let store = Store(movies, middleware: [history.middleware])
    func watch(_ title: String) {
      history.record("3 \(title)") {
        store.dispatch(UpdateMovies.setInput(title))
        store.dispatch(UpdateMovies.submit)
      }
    }
    watch("Alien")
    history.markKept()
    watch("Heat")
    // Another process read the kept Alien, added Up, and saved.
    let undoneAfterKept = history.rebase(reset: reset, in: store)
    #expect(undoneAfterKept == 0)
    #expect(store.movies == ["Alien": 1, "Up": 1, "Heat": 1])
    #expect(history.undo(in: store) == "3 Heat")
    #expect(store.movies == ["Alien": 1, "Up": 1])
    #expect(!history.canUndo)
  }

  @Test func rebaseSaysHowManyKeptStepsWereUndone() async {
    let fixture = Fixture()
    fixture.type("Ada")
    fixture.history.markKept()
    fixture.history.undo(in: fixture.store)
    #expect(fixture.history.rebase(reset: [NameChange.setName("Ada")], in: fixture.store) == 1)
    #expect(fixture.store.name == "Ada")
  }

  @Test func undoAndRedoThroughTheRunnerAreSavedAndShown() async {
    let fixture = Fixture()
    var saved: [String] = []
    func save() { saved.append(fixture.store.name) }
    let runner = Runner(store: fixture.store, history: fixture.history, onChange: save) {
      NameEditor()
    }
    expectText(
      await transcript(of: runner, input: Array("1 Ada\nundo\nredo\nredo\n".utf8)),
      """
      [1] Enter Name: [] [2] (Clear)
      [3] Hello,
      > 1 Ada
      [1] Enter Name: [Ada] [2] (Clear)
      [3] Hello, Ada
      > undo
      [1] Enter Name: [] [2] (Clear)
      [3] Hello,
      Undid typing "Ada" in Enter Name; type redo to do it again.
      > redo
      [1] Enter Name: [Ada] [2] (Clear)
      [3] Hello, Ada
      Redid typing "Ada" in Enter Name; type undo to undo it again.
      > redo
      [1] Enter Name: [Ada] [2] (Clear)
      [3] Hello, Ada
      There is nothing to redo.
      >\u{20}

      """)
    #expect(saved == ["Ada", "", "Ada"])
  }

  @Test func withoutAHistoryUndoIsAnUnknownCommand() async {
    let runner = Runner(store: Store(Person())) { NameEditor() }
    #expect(
      await transcript(of: runner, input: Array("undo\n".utf8)).contains(
        "Unknown command \"undo\": type a control number, help or quit."))
  }
}
