import Observation
import SwiftReduceTestSupport
import Testing

@testable import SwiftReduce

/// Undo and redo tell the readers of an `@Observable` model that lists its
/// observed key paths, property by property.
@MainActor
struct UndoObservableTests {
  @Test func undoTellsAReaderOfAnUndoObservableModelsProperty() throws {
    let store = Store(Clicker())
    let history = History(store)
    store.dispatch(ClickerAction.count)
    let log = track("count") { _ = store.root.count }

    try history.undo()

    #expect(log.entries == ["count"])
    #expect(store.root.count == 0)
  }

  @Test func redoTellsAReaderOfAnUndoObservableModelsProperty() throws {
    let store = Store(Clicker())
    let history = History(store)
    store.dispatch(ClickerAction.rename("score"))
    try history.undo()
    let log = track("name") { _ = store.root.name }

    try history.redo()

    #expect(log.entries == ["name"])
    #expect(store.root.name == "score")
  }

  @Test func theReaderIsToldBeforeTheUndoReturnsWithTheValueUndone() throws {
    let store = Store(Clicker())
    let history = History(store)
    store.dispatch(ClickerAction.count)
    var readInOnChange: [Int] = []
    withObservationTracking {
      _ = store.root.count
    } onChange: {
      MainActor.assumeIsolated { readInOnChange.append(store.root.count) }
    }

    try history.undo()

    // Told on `willSet`, as Observation tells: the memory is already undone.
    #expect(readInOnChange == [0])
  }

  @Test func undoDoesNotTellAReaderOfAPropertyItLeftAlone() throws {
    let store = Store(Clicker())
    let history = History(store)
    store.dispatch(ClickerAction.count)
    let log = track("name") { _ = store.root.name }

    try history.undo()

    #expect(log.entries == [])
  }

  @Test func undoDoesNotTellAReaderOfAPropertyLeftOutOfTheList() throws {
    let store = Store(Clicker())
    let history = History(store)
    store.dispatch(ClickerAction.count)
    let log = track("note") { _ = store.root.note }

    try history.undo()

    #expect(store.root.note == "")
    #expect(log.entries == [])
  }

  /// The evidence of the limit: without the list, the registrar is not told.
  @Test func undoCannotTellAReaderOfAnObservableModelThatListsNothing() throws {
    let store = Store(UnlistedClicker())
    let history = History(store)
    store.dispatch(ClickerAction.count)
    let log = track("count") { _ = store.root.count }

    try history.undo()

    #expect(store.root.count == 0)
    #expect(log.entries == [])
  }

  @Test func anUndoAMiddlewareStopsTellsNoReader() {
    let stopping = Middleware<Clicker> { action, _, next in
      if !(action is HistoryAction) { next(action) }
    }
    let store = Store(Clicker(), middleware: [stopping])
    let history = History(store)
    store.dispatch(ClickerAction.count)
    let log = track("count") { _ = store.root.count }

    #expect(throws: HistoryConflict.self) { try history.undo() }

    #expect(log.entries == [])
    #expect(store.root.count == 1)
  }
}

extension UndoObservableTests {
  @Test func aListedPathThroughAnArraysPositionIsPassedOverAndDoesNotStopTheProgram() throws {
    let store = Store(Jukebox())
    let history = History(store)
    store.dispatch(JukeboxAction.add("Heroes"))
    let log = track("songs") { _ = store.root.songs }

    try history.undo()

    #expect(store.root.songs == [])
    #expect(log.entries == ["songs"])
    try history.redo()
    #expect(store.root.songs == ["Heroes"])
  }
}

extension UndoObservableTests {
  @Test func onlyAPathOfOnePropertyIsComparedAndTold() {
    let paths: [AnyKeyPath] = [
      \Clicker.count, \Clicker.name, \Person.name, \SyncUpsApp.detail, \Jukebox.songs[0],
      \Person.favoriteMovies.input, \Clicker.name.count, \SyncUpsApp.detail.syncUp,
    ]
    #expect(
      paths.map(KeyPathLayout.isOneProperty) == [
        true, true, true, true, false, false, false, false,
      ])
  }
}
