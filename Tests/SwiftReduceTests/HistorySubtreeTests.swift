import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// A history of one subtree of the tree (issue #34 item 6).
@MainActor
struct HistorySubtreeTests {
  @Test func aSubtreeHistoryRecordsOnlyWhatChangesBelowItsModel() {
    let store = Store(Person())
    let history = History(store, of: \.favoriteMovies)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Heat"))
    #expect(history.steps.map(\.label) == [#"UpdateMovies.setInput("Heat")"#])
    #expect(history.steps[0].patches.map(\.description) == [#"favoriteMovies.input: "" → "Heat""#])
  }

  @Test func undoInASubtreeHistoryLeavesTheRestOfTheTreeAsItIs() throws {
    let store = Store(Person())
    let history = History(store, of: \.favoriteMovies)
    store.dispatch(UpdateMovies.setInput("Heat"))
    store.dispatch(NameChange.setName("Ada"))
    try history.undo()
    #expect(store.favoriteMovies.input == "")
    #expect(store.name == "Ada")
    #expect(!history.canUndo)
  }

  @Test func aTaskMovedOutOfTheSubtreeIsRecordedAsItsRemoval() throws {
    let board = KanbanBoard.make([("To do", ["Write", "Test"]), ("Done", ["Plan"])])
    let store = Store(board)
    let history = History(store, of: \.columns[0])
    store.dispatch(KanbanTaskAction.move("Write", toColumn: 1))
    store.dispatch(KanbanAction.renameColumn(at: 1, "Finished"))
    #expect(
      history.steps.map { $0.patches.map(\.description) } == [
        [#"columns[0].tasks[0]: removed KanbanTask(title: "Write")"#]
      ])
    // Undone on its own, the removal puts the task back: the column it moved to still holds it.
    try history.undo()
    #expect(
      board.columns.map { $0.tasks.map(\.title) } == [["Write", "Test"], ["Plan", "Write"]])
    #expect(board.columns[1].title == "Finished")
  }
}
