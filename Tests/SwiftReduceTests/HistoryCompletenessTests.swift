import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// The complete history (issue #34), scenario by scenario.
///
/// A dispatch's step holds every change to every model reachable from the root between its
/// start and its end, whoever wrote it: another model's reduce, a `didSet`, an initializer, a
/// `deinit`, an Observation `onChange`, a middleware. A write made outside any dispatch is found at the next one and kept as a merge, which undo
/// passes over; undo puts an element back beside its neighbours and a changed row back where
/// its `id` is, whatever another writer inserted since.
///
/// Scenarios ported from MobX-State-Tree's patch and undo-manager tests
/// (`__tests__/core/jsonpatch.test.ts`: a parent's action writing its children's fields,
/// replacing, adding and removing them, each recorded and undone back to the first snapshot;
/// `mst-middlewares/__tests__/undo-manager.test.ts`: hooks' writes recorded when they run in
/// an action, a child map written by the root's action, undo after another writer), in this
/// library's terms. Patches of writes made by other models are compared sorted: their order
/// within a step is the engine's to choose.
@MainActor
struct HistoryCompletenessTests {
  /// The descriptions of the last step's patches, sorted.
  private func sortedPatches(_ history: History<some Reducer>) -> [String] {
    history.steps.last.map { $0.patches.map(\.description).sorted() } ?? []
  }

  /// Undoes the last step, expecting `before`, and redoes it, expecting `after`.
  private func expectRoundTrip(
    _ history: History<some Reducer>, before: TreeSnapshot, after: TreeSnapshot,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let root = history.store.root
    try history.undo()
    expectText(
      TreeSnapshot(root).difference(from: before).description, "",
      sourceLocation: sourceLocation)
    try history.redo()
    expectText(
      TreeSnapshot(root).difference(from: after).description, "",
      sourceLocation: sourceLocation)
  }

  // MARK: - Writes by other models

  @Test func aParentRenamingAChildThatDoesNotTakeTheActionIsRecorded() throws {
    let board = KanbanBoard.make([("To do", ["Write"]), ("Done", [])])
    let store = Store(board)
    let history = History(store)
    let before = TreeSnapshot(board)
    store.dispatch(KanbanAction.renameColumn(at: 1, "Shipped"))
    #expect(history.steps.count == 1)
    #expect(sortedPatches(history) == ["columns[1].title: \"Done\" → \"Shipped\""])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(board))
    #expect(board.columns[1].title == "Shipped")
  }

  @Test func aParentWritingChildrenThatTakeTheActionAfterItIsRecordedWithTheirOwnChanges() throws {
    let pad = TodoPad.make(items: ["a", "b"])
    let store = Store(pad)
    let history = History(store)
    let before = TreeSnapshot(pad)
    store.dispatch(TodoAction.markAll)
    #expect(
      sortedPatches(history) == [
        "items[0].done: false → true", "items[0].seen: 0 → 1", "items[1].done: false → true",
        "items[1].seen: 0 → 1", "tally.finished: 0 → 2",
      ])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(pad))
  }

  @Test func aRowRemovingItselfFromItsParentIsRecordedAndUndoneWithItsText() throws {
    let pad = TodoPad.make()
    let b = pad.items[1]
    let store = Store(pad)
    let history = History(store)
    let before = TreeSnapshot(pad)
    store.dispatch(TodoItemAction.discard("b"))
    #expect(pad.items.map(\.text) == ["a", "c"])
    #expect(b.text == "(discarded)")
    // The item is out of the tree when the step is read: its own patch names it by its type.
    #expect(
      sortedPatches(history) == [
        "TodoItem.text: \"b\" → \"(discarded)\"",
        "items[1]: removed TodoItem(text: \"(discarded)\", done: false, seen: 0)",
      ])
    try history.undo()
    #expect(pad.items.map(\.text) == ["a", "b", "c"])
    #expect(pad.items.count == 3 && pad.items[1] === b)
    expectText(TreeSnapshot(pad).difference(from: before).description, "")
    try history.redo()
    #expect(pad.items.map(\.text) == ["a", "c"])
    #expect(b.text == "(discarded)")
  }

  @Test func aTaskMovedBetweenTwoColumnsIsUndoneToItsColumn() throws {
    let board = KanbanBoard.make([("To do", ["Write", "Test"]), ("Done", ["Plan"])])
    let write = board.columns[0].tasks[0]
    let store = Store(board)
    let history = History(store)
    let before = TreeSnapshot(board)
    store.dispatch(KanbanTaskAction.move("Write", toColumn: 1))
    #expect(board.columns.map { $0.tasks.map(\.title) } == [["Test"], ["Plan", "Write"]])
    #expect(
      sortedPatches(history) == [
        "columns[0].tasks[0]: removed KanbanTask(title: \"Write\")",
        "columns[1].tasks[1]: inserted KanbanTask(title: \"Write\")",
      ])
    let after = TreeSnapshot(board)
    try history.undo()
    #expect(board.columns.map { $0.tasks.map(\.title) } == [["Write", "Test"], ["Plan"]])
    #expect(board.columns.first?.tasks.first === write)
    expectText(TreeSnapshot(board).difference(from: before).description, "")
    try history.redo()
    expectText(TreeSnapshot(board).difference(from: after).description, "")
  }

  @Test func anArrowMovingTheBoxItRefersToIsRecorded() throws {
    let diagram = Diagram()
    let start = DiagramBox("Start", x: 0, y: 0)
    let end = DiagramBox("End", x: 10, y: 0)
    diagram.boxes = [start, end]
    diagram.arrows = [DiagramArrow("next", to: end)]
    let store = Store(diagram)
    let history = History(store)
    let before = TreeSnapshot(diagram)
    store.dispatch(DiagramArrowAction.pull("next", dx: 5, dy: -2))
    #expect(sortedPatches(history) == ["boxes[1].x: 10 → 15", "boxes[1].y: 0 → -2"])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(diagram))
    #expect(end.x == 15 && end.y == -2)
  }

  // MARK: - Writes by other code during a dispatch

  @Test func aWriteInADidSetIsRecorded() throws {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    let before = TreeSnapshot(pad)
    store.dispatch(TodoItemAction.finish("a"))
    #expect(sortedPatches(history) == ["items[0].done: false → true", "tally.finished: 0 → 1"])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(pad))
  }

  @Test func aWriteInAnInitializerRunByAReduceIsRecorded() throws {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    let before = TreeSnapshot(pad)
    store.dispatch(TodoAction.add("d"))
    #expect(
      sortedPatches(history) == [
        "items[3]: inserted TodoItem(text: \"d\", done: false, seen: 0)", "tally.created: 0 → 1",
      ])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(pad))
  }

  @Test func aWriteInADeinitIsRecorded() throws {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    let before = TreeSnapshot(pad)
    store.dispatch(TodoAction.closeSession)
    #expect(pad.tally.closedSessions == 1)
    #expect(sortedPatches(history) == ["tally.closedSessions: 0 → 1"])
    try history.undo()
    expectText(TreeSnapshot(pad).difference(from: before).description, "")
    #expect(pad.tally.closedSessions == 0)
  }

  @Test func aWriteInAnObservationOnChangeIsRecorded() throws {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    let before = TreeSnapshot(pad)
    withObservationTracking {
      _ = pad.banner.message
    } onChange: {
      MainActor.assumeIsolated { store.root.tally.edits += 1 }
    }
    store.dispatch(TodoBannerAction.show("Saved"))
    #expect(pad.tally.edits == 1)
    #expect(sortedPatches(history) == ["banner.message: \"\" → \"Saved\"", "tally.edits: 0 → 1"])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(pad))
  }

  @Test func aWriteByMiddlewareIsRecorded() throws {
    let pad = TodoPad.make()
    let counting = Middleware<TodoPad> { action, store, next in
      next(action)
      // Undo and redo pass through middleware too; they are not edits.
      if !(action is HistoryAction) { store.root.tally.edits += 1 }
    }
    let store = Store(pad, middleware: [counting])
    let history = History(store)
    let before = TreeSnapshot(pad)
    store.dispatch(TodoAction.rename("Groceries"))
    #expect(history.steps.map(\.kind) == [.change])
    #expect(sortedPatches(history) == ["tally.edits: 0 → 1", "title: \"Chores\" → \"Groceries\""])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(pad))
  }

  // MARK: - Writes outside any dispatch

  @Test func aWriteOutsideAnyDispatchIsRecordedAsAMergeAtTheNextDispatch() throws {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    pad.title = "Groceries"
    #expect(history.steps.isEmpty)
    store.dispatch(TodoAction.removeLabel("c"))
    #expect(history.steps.map(\.kind) == [.merge, .change])
    #expect(
      history.steps.map { $0.patches.map(\.description) } == [
        ["title: \"Chores\" → \"Groceries\""], ["labels[2]: removed \"c\""],
      ])
    #expect(history.steps.last?.label == "TodoAction.removeLabel(\"c\")")
  }

  @Test func undoPassesOverAWriteOutsideAnyDispatch() throws {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    store.dispatch(TodoAction.removeLabel("c"))
    pad.title = "Groceries"
    store.dispatch(TodoAction.removeLabel("b"))
    #expect(history.steps.map(\.kind) == [.change, .merge, .change])
    #expect(try history.undo()?.label == "TodoAction.removeLabel(\"b\")")
    #expect(try history.undo()?.label == "TodoAction.removeLabel(\"c\")")
    #expect(try history.undo() == nil)
    #expect(pad.labels == ["a", "b", "c"])
    #expect(pad.title == "Groceries")
    #expect(history.steps.map(\.kind) == [.merge])
    #expect(!history.canUndo)
  }

  // MARK: - Undo beside another writer's changes

  @Test func undoAfterAnotherWriterInsertedAboveARemovedElementPutsItBackBesideItsNeighbours()
    throws
  {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    store.dispatch(TodoAction.removeLabel("a"))
    #expect(pad.labels == ["b", "c"])
    history.record("theirs", kind: .merge) {
      store.dispatch(TodoAction.insertLabel("z", at: 0))
    }
    #expect(pad.labels == ["z", "b", "c"])
    try history.undo()
    // Before `b`, its neighbour when it was removed; not at its old index, above `z`.
    #expect(pad.labels == ["z", "a", "b", "c"])
    try history.redo()
    #expect(pad.labels == ["z", "b", "c"])
  }

  @Test func anIdentifiableRowChangedBeforeAnotherWriterInsertedAboveItIsUndoneWhereItsIDIs()
    throws
  {
    let pad = TodoPad.make()
    let store = Store(pad)
    let history = History(store)
    store.dispatch(TodoAction.retext(id: 2, "bread"))
    #expect(sortedPatches(history) == ["rows[1].text: \"eggs\" → \"bread\""])
    history.record("theirs", kind: .merge) {
      store.dispatch(TodoAction.insertRow(TodoRow(id: 3, text: "tea"), at: 0))
    }
    // Not a conflict: the row of id 2 is at `rows[2]` now, and still reads "bread".
    try history.undo()
    #expect(pad.rows.map(\.text) == ["tea", "milk", "eggs"])
    #expect(pad.rows.map(\.id) == [3, 1, 2])
  }

  // MARK: - Found by the differential test

  /// A patch in a dictionary whose keys hold models is named as its snapshot difference is.
  ///
  /// The snapshot shows such an entry whole, its `key` and its `value`. Found by ``CompleteHistoryDifferentialTests`` (the value model graphs' `byToken`).
  @Test func aPatchInADictionaryWhoseKeysHoldModelsHasThePathOfItsDifference() throws {
    let board = KanbanBoard.make([("To do", [])])
    board.limits = [KanbanLane(name: "urgent", column: board.columns[0]): 3]
    let store = Store(board)
    let history = History(store)
    let before = TreeSnapshot(board)
    store.dispatch(KanbanAction.setLimit("urgent", 4))
    let difference = TreeSnapshot(board).difference(from: before)
    #expect(
      difference.changes.map(\.path) == [
        "limits[KanbanLane(name: \"urgent\", column: Optional(SwiftReduceTests.KanbanColumn))].value"
      ])
    #expect(history.steps.last?.patches.map(\.path) == difference.changes.map(\.path))
  }

  /// A model's own array of models with an element replaced is undone to the first model.
  ///
  /// Another model in an element's place is a removal and an insertion, each undone where
  /// its own identity is. Found by ``CompleteHistoryDifferentialTests``.
  @Test func aModelReplacedInAnArrayOfModelsByItsOwnReduceIsUndone() throws {
    let board = KanbanBoard.make([("To do", ["Write", "Test"])])
    let write = board.columns[0].tasks[0]
    let store = Store(board)
    let history = History(store)
    let before = TreeSnapshot(board)
    store.dispatch(KanbanColumnAction.replaceTask(at: 0, "Review"))
    #expect(
      sortedPatches(history) == [
        "columns[0].tasks[0]: inserted KanbanTask(title: \"Review\")",
        "columns[0].tasks[0]: removed KanbanTask(title: \"Write\")",
      ])
    try expectRoundTrip(history, before: before, after: TreeSnapshot(board))
    try history.undo()
    #expect(board.columns.first?.tasks.first === write)
  }
}
