import SwiftReduce
import SwiftReduceTestSupport
import Testing

@testable import SwiftReduceTextUI

@MainActor
struct RunnerHistoryTests {
  @Test func undoAndRedoThroughTheRunnerAreSavedAndShown() async {
    let store = Store(Person())
    let history = History(store)
    var saved: [String] = []
    func save() { saved.append(store.name) }
    let runner = Runner(store: store, history: history, onChange: save) {
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

  @Test func anUndoAnotherWriterConflictsWithIsRefusedWithItsMessage() async {
    let store = Store(Person())
    // Another writer renames after the line, before the undo.
    let history = History(
      store,
      beforeUndoOrRedo: { history in
        history.record("theirs", kind: .merge) { store.dispatch(NameChange.setName("Grace")) }
      })
    var saved: [String] = []
    func save() { saved.append(store.name) }
    let runner = Runner(store: store, history: history, onChange: save) { NameEditor() }
    let transcript = await transcript(of: runner, input: Array("1 Ada\nundo\n".utf8))
    #expect(
      transcript.contains(
        "\nCannot undo \"typing \"Ada\" in Enter Name\": name is \"Grace\" now, not \"Ada\". "
          + "Nothing was changed.\n"))
    #expect(store.name == "Grace")
    #expect(saved == ["Ada"])
  }
}
