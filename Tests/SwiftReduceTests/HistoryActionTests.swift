import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// An undo or a redo is told like a dispatch: middleware see it as a `HistoryAction`,
/// and may stop it; subscribers and reads through the store are told of it.
@MainActor
struct HistoryActionTests {
  /// A middleware that appends the text of every action it sees to `log`.
  func logging(into log: SendableLog) -> Middleware<Person> {
    Middleware { action, _, next in
      log.append("\(action)")
      next(action)
    }
  }

  /// A middleware that passes on every action but undos and redos.
  let stoppingMoves = Middleware<Person> { action, _, next in
    if action is HistoryAction { return }
    next(action)
  }

  @Test func undoIsSeenByMiddlewareAsHistoryAction() throws {
    let log = SendableLog()
    let store = Store(Person(), middleware: [logging(into: log)])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    try history.undo()
    try history.redo()

    #expect(
      log.entries == [
        #"setName("Ada")"#, #"setName("Grace")"#,
        #"undo(step: "NameChange.setName(\"Grace\")")"#,
        #"redo(step: "NameChange.setName(\"Grace\")")"#,
      ])
    #expect(store.name == "Grace")
  }

  @Test func travelPassesEachStepThroughMiddlewareInTurn() throws {
    let log = SendableLog()
    let store = Store(Person(), middleware: [logging(into: log)])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Heat"))

    try history.travel(to: 0)
    try history.travel(to: 2)

    #expect(
      log.entries.dropFirst(2) == [
        #"undo(step: "UpdateMovies.setInput(\"Heat\")")"#,
        #"undo(step: "NameChange.setName(\"Ada\")")"#,
        #"redo(step: "NameChange.setName(\"Ada\")")"#,
        #"redo(step: "UpdateMovies.setInput(\"Heat\")")"#,
      ])
  }

  @Test func aMiddlewareAfterNextSeesTheTreeTheUndoLeft() throws {
    var seen: [String] = []
    let reading = Middleware<Person> { action, store, next in
      next(action)
      seen.append("\(action is HistoryAction ? "undo" : "dispatch"): \(store.name)")
    }
    let store = Store(Person(), middleware: [reading])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))

    try history.undo()

    #expect(seen == ["dispatch: Ada", "undo: "])
  }

  @Test func anUndoAMiddlewareStopsChangesNothingAndThrows() {
    let store = Store(Person(), middleware: [stoppingMoves])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    var refusal: HistoryConflict?
    do throws(HistoryConflict) { try history.undo() } catch { refusal = error }

    #expect(
      refusal?.description
        == #"Cannot undo "NameChange.setName("Grace")": a middleware stopped it. "#
        + "Nothing was changed.")
    #expect(refusal?.step == #"NameChange.setName("Grace")"#)
    #expect(refusal?.path == .root)
    #expect(store.name == "Grace")
    #expect(
      history.steps.map(\.label) == [
        #"NameChange.setName("Ada")"#, #"NameChange.setName("Grace")"#,
      ])
    #expect(history.canRedo == false)
  }

  @Test func aRedoAMiddlewareStopsChangesNothingAndThrows() throws {
    let stopping = Middleware<Person> { action, _, next in
      if case .redo = action as? HistoryAction { return }
      next(action)
    }
    let store = Store(Person(), middleware: [stopping])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    try history.undo()

    var refusal: String?
    do throws(HistoryConflict) { try history.redo() } catch { refusal = error.description }

    #expect(
      refusal == #"Cannot redo "NameChange.setName("Ada")": a middleware stopped it. "#
        + "Nothing was changed.")
    #expect(store.name == "")
    #expect(history.undoneSteps.map(\.label) == [#"NameChange.setName("Ada")"#])
    #expect(history.steps.isEmpty)
  }

  @Test func aStoppedUndoTellsNoSubscriberAndNoReader() {
    let store = Store(Person(), middleware: [stoppingMoves])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    var names: [String] = []
    let subscription = store.subscribe(\.name) { names.append($0) }
    let log = track("name") { _ = store.name }

    #expect(throws: HistoryConflict.self) { try history.undo() }

    #expect(names == ["Ada"])
    #expect(log.entries == [])
    subscription.cancel()
  }

  @Test func travelAMiddlewareStopsHoldsTheStepsMovedThroughBeforeIt() {
    let stopping = Middleware<Person> { action, _, next in
      if action as? HistoryAction == .undo(step: #"NameChange.setName("Ada")"#) { return }
      next(action)
    }
    let store = Store(Person(), middleware: [stopping])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Heat"))

    var refusal: String?
    do throws(HistoryConflict) { try history.travel(to: 0) } catch { refusal = error.description }

    #expect(
      refusal == #"Cannot undo "NameChange.setName("Ada")": a middleware stopped it. "#
        + "Nothing was changed.")
    #expect(history.position == 1)
    #expect(store.name == "Ada")
    #expect(store.favoriteMovies.input == "")
  }

  @Test func anActionPassedOnInPlaceOfAnUndoIsDispatchedAfterItAndTheUndoIsStopped() {
    let log = SendableLog()
    let replacing = Middleware<Person> { action, _, next in
      next(action is HistoryAction ? NameChange.clear : action)
    }
    let store = Store(Person(), middleware: [logging(into: log), replacing])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))

    #expect(throws: HistoryConflict.self) { try history.undo() }

    #expect(
      log.entries == [#"setName("Ada")"#, #"undo(step: "NameChange.setName(\"Ada\")")"#, "clear"])
    #expect(store.name == "")
    #expect(history.steps.map(\.label) == [#"NameChange.setName("Ada")"#, "NameChange.clear"])
  }

  @Test func anUndoPassedOnTwiceIsAppliedOnce() throws {
    let twice = Middleware<Person> { action, _, next in
      next(action)
      if action is HistoryAction { next(action) }
    }
    let store = Store(Person(), middleware: [twice])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    try history.undo()

    #expect(store.name == "Ada")
    #expect(history.steps.map(\.label) == [#"NameChange.setName("Ada")"#])
  }

  @Test func aHistoryActionDispatchedByHandUndoesNothing() {
    let store = Store(Person(), reportsUnhandledActions: false)
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))

    store.dispatch(HistoryAction.undo(step: #"NameChange.setName("Ada")"#))

    #expect(store.name == "Ada")
    #expect(history.steps.map(\.label) == [#"NameChange.setName("Ada")"#])
    #expect(history.canRedo == false)
  }

  @Test func aDispatchAMiddlewareMakesDuringAnUndoRunsAfterIt() throws {
    var names: [String] = []
    let following = Middleware<Person> { action, store, next in
      if action is HistoryAction { store.dispatch(UpdateMovies.setInput("after undo")) }
      next(action)
      names.append(store.name)
    }
    let store = Store(Person(), middleware: [following])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))

    try history.undo()

    #expect(names == ["Ada", "", ""])
    #expect(store.favoriteMovies.input == "after undo")
    #expect(history.steps.map(\.label) == [#"UpdateMovies.setInput("after undo")"#])
    #expect(history.canRedo == false)
  }

  @Test func undoAndRedoTellSubscribersAndReadsThroughTheStore() throws {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    var names: [String] = []
    let subscription = store.subscribe(\.name) { names.append($0) }
    let undoLog = track("undo") { _ = store.name }

    try history.undo()
    let redoLog = track("redo") { _ = store.name }
    try history.redo()

    #expect(names == ["Ada", "", "Ada"])
    #expect(undoLog.entries == ["undo"])
    #expect(redoLog.entries == ["redo"])
    subscription.cancel()
  }

  @Test func printingChangesPrintsAnUndoAndARedoWithWhatTheyChanged() throws {
    var lines: [String] = []
    let store = Store(Person(), middleware: [.printingChanges { lines.append($0) }])
    let history = History(store)
    store.dispatch(UpdateMovies.setInput("Alien"))

    try history.undo()
    try history.redo()

    expectLines(
      lines,
      #"""
      UpdateMovies.setInput("Alien")
        favoriteMovies.input
          - ""
          + "Alien"
      HistoryAction.undo(step: "UpdateMovies.setInput(\"Alien\")")
        favoriteMovies.input
          - "Alien"
          + ""
      HistoryAction.redo(step: "UpdateMovies.setInput(\"Alien\")")
        favoriteMovies.input
          - ""
          + "Alien"
      """#)
  }

  @Test func printingChangesPrintsAStoppedUndoAsChangingNothing() {
    var lines: [String] = []
    let store = Store(Person(), middleware: [.printingChanges { lines.append($0) }, stoppingMoves])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))

    #expect(throws: HistoryConflict.self) { try history.undo() }

    expectLines(
      lines,
      #"""
      NameChange.setName("Ada")
        name
          - ""
          + "Ada"
      HistoryAction.undo(step: "NameChange.setName(\"Ada\")")
        (no changes)
      """#)
  }

  @Test func whatAMiddlewareWritesDuringAnUndoIsAMergeStepOfItsOwn() throws {
    let noting = Middleware<Person> { action, store, next in
      next(action)
      if action is HistoryAction { store.root.favoriteMovies.input = "undone" }
    }
    let store = Store(Person(), middleware: [noting])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    try history.undo()
    #expect(store.name == "")
    #expect(
      history.steps.map { "\($0.kind) \($0.label) \($0.madeOutsideDispatch)" } == [
        #"merge changed during the undo of "NameChange.setName("Ada")" false"#
      ])
    #expect(
      history.steps.first?.patches.map(\.description) == [#"favoriteMovies.input: "" → "undone""#])
    #expect(history.undoneSteps.map(\.label) == [#"NameChange.setName("Ada")"#])
  }
}
