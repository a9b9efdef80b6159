import Observation
import SwiftReduce
import SwiftReduceTesting
import Synchronization
import Testing

/// Effects belong to the model that started them: cancelled when it leaves
/// the tree, with ids of their row's inside a row, and a model can dismiss itself.
@MainActor
struct ModelEffectsTests {
  /// A store on a test clock, with the notes it writes kept in `notes`.
  private func store<Root: Reducer>(_ root: Root, _ clock: TestClock, notes: Notes) -> Store<Root> {
    let store = Store(root, clock: clock)
    store.modelEffectNoteHandler = { notes.lines.append($0) }
    return store
  }

  /// What observers were told, in order, from whatever thread told them.
  final class ToldLog: Sendable {
    private let lines = Mutex<[String]>([])

    var entries: [String] { lines.withLock { $0 } }

    func append(_ line: String) {
      lines.withLock { $0.append(line) }
    }
  }

  /// The notes a store wrote, in order.
  final class Notes {
    var lines: [String] = []
  }

  // MARK: - Leaving the tree

  @Test func aRemovedRowsEffectIsCancelled() async {
    let clock = TestClock()
    let notes = Notes()
    let board = TickerBoard()
    // Kept alive here, so that only leaving the tree can cancel its effect.
    let removed = board.rows[1]
    let store = store(board, clock, notes: notes)
    store.dispatch(TickerAction.start(2))
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(2) in rows[1]"#
      ])

    store.dispatch(BoardAction.removeRow(at: 1))

    #expect(store.runningEffects.map(\.description) == [])
    await clock.advance(by: .seconds(1))
    #expect(removed.ticks == 0)
    #expect(store.rows.map(\.id) == [1])
  }

  @Test func anEffectStartedByATargetedActionIsItsRowsAndEndsWithIt() async {
    let clock = TestClock()
    let notes = Notes()
    let board = TickerBoard()
    let store = store(board, clock, notes: notes)
    store.dispatch(TickerAction.start(2), to: \.rows[1])
    store.scope(\.rows[0]).dispatch(TickerAction.start(1))
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(2) to rows[1] in rows[1]"#,
        #"id "timer", started by TickerAction.start(1) to rows[0] in rows[0]"#,
      ])

    store.dispatch(BoardAction.removeRow(at: 1))

    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(1) to rows[0] in rows[0]"#
      ])
    await clock.advance(by: .seconds(1))
    #expect(store.rows.map(\.ticks) == [1])
  }

  @Test func anEffectAValueModelStartsWhenATargetedActionReachesItIsItsModels() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(LapBoard(), clock, notes: notes)
    store.dispatch(TickerAction.start(3), to: \.current)
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(3) to current in current"#
      ])

    // The value is in no row: its id is store-wide, and it ends when the value leaves the tree.
    store.dispatch(LapBoardAction.clearCurrent)
    await clock.advance(by: .seconds(1))

    #expect(store.runningEffects.map(\.description) == [])
    #expect(
      notes.lines == [
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(3) to "#
          + "current in current: its model left the tree (noted in debug builds)"
      ])
  }

  @Test func valueRowsReachedByTheirIDsKeepEffectsOfTheirOwnAndEndThemWhenRemoved() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(Race(), clock, notes: notes)
    store.dispatch(TickerAction.start(11), to: \.lanes[id: 1])
    store.dispatch(TickerAction.start(12), to: \.lanes, id: 2)
    // Two `"timer"`s started with `cancelInFlight`, one in each row: both run.
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(11) to lanes[id: 1] in lanes[0].lap"#,
        #"id "timer", started by TickerAction.start(12) to lanes[id: 2] in lanes[1].lap"#,
      ])

    store.dispatch(RaceAction.removeLane(at: 0))
    await clock.advance(by: .seconds(1))

    // The row that stayed moved to the front, and its effect with it.
    #expect(store.lanes.map(\.id) == [2])
    #expect(store.lanes.map(\.lap?.ticks) == [1])
    #expect(
      notes.lines == [
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(11) to "#
          + "lanes[id: 1] in lanes[0].lap: its model left the tree (noted in debug builds)"
      ])
  }

  @Test func aValueRowsTargetedCancelReachesOnlyItsOwnEffect() async {
    let clock = TestClock()
    let store = store(Race(), clock, notes: Notes())
    store.dispatch(TickerAction.start(11), to: \.lanes, id: 1)
    store.dispatch(TickerAction.start(12), to: \.lanes, id: 2)

    store.dispatch(TickerAction.stop(12), to: \.lanes, id: 2)
    await clock.advance(by: .seconds(1))

    #expect(store.lanes.map(\.lap?.ticks) == [1, 0])
  }

  @Test func aValueRowsTargetedEffectIsCancelledFromOutsideByItsPath() async {
    let clock = TestClock()
    let store = store(Race(), clock, notes: Notes())
    store.dispatch(TickerAction.start(11), to: \.lanes, id: 1)
    store.dispatch(TickerAction.start(12), to: \.lanes, id: 2)

    store.cancel(id: "timer")
    #expect(store.runningEffects.count == 2)
    store.cancel(id: "timer", in: "lanes[1]")
    await clock.advance(by: .seconds(1))

    #expect(store.lanes.map(\.lap?.ticks) == [1, 0])
  }

  @Test func aValueReachedByATargetedActionDismissesItself() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(Race(), clock, notes: notes)
    store.dispatch(TickerAction.close(12), to: \.lanes, id: 2)
    store.dispatch(TickerAction.closeLater(11), to: \.lanes[id: 1])

    #expect(store.lanes.map { $0.lap?.id } == [11, nil])
    await clock.advance(by: .seconds(1))
    #expect(store.lanes.map { $0.lap?.id } == [nil, nil])
    #expect(notes.lines == [])
  }

  @Test func aValueReachedThroughADictionarysKeyIsFoundThereAndKeepsItsOwnEffects() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(LapBoard(), clock, notes: notes)
    store.dispatch(TickerAction.start(1), to: \.laps["a"])
    store.dispatch(TickerAction.start(2), to: \.laps["b"])
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(1) to laps["a"] in laps["a"]"#,
        #"id "timer", started by TickerAction.start(2) to laps["b"] in laps["b"]"#,
      ])

    store.dispatch(TickerAction.stop(1), to: \.laps["a"])
    store.dispatch(LapBoardAction.removeLap("b"))
    await clock.advance(by: .seconds(1))

    #expect(store.laps.mapValues(\.ticks) == ["a": 0])
    #expect(
      notes.lines == [
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(2) to "#
          + #"laps["b"] in laps["b"]: its model left the tree (noted in debug builds)"#
      ])
  }

  @Test func aReleasedModelsEffectIsCancelled() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(TickerBoard(detail: Ticker(id: 7)), clock, notes: notes)
    // Read from the root: a read through the store keeps what it read, for Observation.
    weak let released = store.root.detail
    store.dispatch(TickerAction.start(7))
    #expect(store.runningEffects.count == 1)

    store.dispatch(BoardAction.replaceDetail)

    #expect(released == nil)
    #expect(store.runningEffects.map(\.description) == [])
    #expect(
      notes.lines == [
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(7) in "#
          + "detail: its model left the tree (noted in debug builds)"
      ])
  }

  @Test func theNoteNamesTheEffectAndThePathItHad() {
    let clock = TestClock()
    let notes = Notes()
    let store = store(TickerBoard(), clock, notes: notes)
    store.dispatch(TickerAction.start(2))
    store.dispatch(TickerAction.start(1))

    store.dispatch(BoardAction.removeRow(at: 1))
    store.dispatch(BoardAction.removeRow(at: 0))

    #expect(
      notes.lines == [
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(2) in "#
          + "rows[1]: its model left the tree (noted in debug builds)",
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(1) in "#
          + "rows[0]: its model left the tree (noted in debug builds)",
      ])
  }

  @Test func aRowMovedWithinItsArrayKeepsItsEffect() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(TickerBoard(), clock, notes: notes)
    store.dispatch(TickerAction.start(2))

    store.dispatch(BoardAction.moveLastRowFirst)
    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.id) == [2, 1])
    #expect(store.rows.map(\.ticks) == [1, 0])
    #expect(notes.lines == [])
  }

  @Test func theRootsEffectsAreNeverWatched() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(TickerBoard(), clock, notes: notes)
    store.dispatch(BoardAction.startTimer)
    store.dispatch(BoardAction.removeRow(at: 0))

    await clock.advance(by: .seconds(1))

    #expect(store.boardTicks == 1)
    #expect(notes.lines == [])
  }

  @Test func aValueModelsEffectIsCancelledWhenItLeavesTheTree() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(LapBoard(), clock, notes: notes)
    store.dispatch(TickerAction.start(3))
    store.dispatch(TickerAction.start(1))

    store.dispatch(LapBoardAction.clearCurrent)

    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(1) in laps["a"]"#
      ])
    #expect(
      notes.lines == [
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(3) in "#
          + "current: its model left the tree (noted in debug builds)"
      ])
    store.dispatch(LapBoardAction.removeLap("a"))
    #expect(store.runningEffects.map(\.description) == [])
    await clock.advance(by: .seconds(1))
    #expect(store.laps.mapValues(\.ticks) == ["b": 0])
  }

  @Test func aValueModelInAValueRowIsFollowedByTheRowsIdentity() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(Race(), clock, notes: notes)
    store.dispatch(TickerAction.start(11))
    store.dispatch(TickerAction.start(12))
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(11) in lanes[0].lap"#,
        #"id "timer", started by TickerAction.start(12) in lanes[1].lap"#,
      ])

    store.dispatch(RaceAction.finish(1))
    store.dispatch(RaceAction.removeLane(at: 0))
    await clock.advance(by: .seconds(1))

    #expect(store.lanes.map(\.id) == [2])
    #expect(store.lanes.map(\.lap?.ticks) == [1])
    #expect(
      notes.lines == [
        #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(11) in "#
          + "lanes[0].lap: its model left the tree (noted in debug builds)"
      ])
  }

  #if DEBUG
    @Test func theNoteIsWrittenToStandardErrorInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(TickerBoard())
          store.dispatch(TickerAction.start(2))
          store.dispatch(BoardAction.removeRow(at: 1))
        }
      }
      #expect(
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
          == #"SwiftReduce: cancelled the effect id "timer", started by TickerAction.start(2) "#
          + "in rows[1]: its model left the tree (noted in debug builds)\n")
    }
  #endif

  // MARK: - Ids in rows

  @Test func twoRowsTimerEffectsAreIndependent() async {
    let clock = TestClock()
    let store = store(TickerBoard(), clock, notes: Notes())
    store.dispatch(TickerAction.start(1))
    store.dispatch(TickerAction.start(2))

    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.ticks) == [1, 1])
  }

  @Test func aRowsCancelReachesOnlyItsOwnEffect() async {
    let clock = TestClock()
    let store = store(TickerBoard(), clock, notes: Notes())
    store.dispatch(TickerAction.start(1))
    store.dispatch(TickerAction.start(2))

    store.dispatch(TickerAction.stop(1))
    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.ticks) == [0, 1])
  }

  @Test func aRowsEffectIsCancelledFromOutsideByItsPath() async {
    let clock = TestClock()
    let store = store(TickerBoard(), clock, notes: Notes())
    store.dispatch(TickerAction.start(1))
    store.dispatch(TickerAction.start(2))

    store.cancel(id: "timer")
    #expect(store.runningEffects.count == 2)
    store.cancel(id: "timer", in: "rows[1]")
    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.ticks) == [1, 0])
  }

  @Test func aModelCancelsARowsEffectByItsPath() async {
    let clock = TestClock()
    let store = store(TickerBoard(), clock, notes: Notes())
    store.dispatch(TickerAction.start(1))
    store.dispatch(TickerAction.start(2))

    store.dispatch(BoardAction.stopRowTimer("rows[0]"))
    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.ticks) == [0, 1])
  }

  @Test func aValueRowsCancelReachesOnlyItsOwnEffect() async {
    let clock = TestClock()
    let store = store(LapBoard(), clock, notes: Notes())
    store.dispatch(TickerAction.start(1))
    store.dispatch(TickerAction.start(2))
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(1) in laps["a"]"#,
        #"id "timer", started by TickerAction.start(2) in laps["b"]"#,
      ])

    store.dispatch(TickerAction.stop(2))
    store.cancel(id: "timer", in: #"laps["a"]"#)
    store.dispatch(TickerAction.start(1))
    await clock.advance(by: .seconds(1))

    #expect(store.laps.mapValues(\.ticks) == ["a": 1, "b": 0])
  }

  @Test func idsOutsideRowsStayStoreWide() async {
    let clock = TestClock()
    let store = store(TickerBoard(detail: Ticker(id: 7)), clock, notes: Notes())
    store.dispatch(TickerAction.start(7))
    store.dispatch(TickerAction.start(99))
    store.dispatch(TickerAction.start(1))
    store.dispatch(BoardAction.startTimer)

    // The root's "timer", the detail's and the pinned ticker's are one id; the row's is its own.
    store.dispatch(BoardAction.stopTimer)
    #expect(
      store.runningEffects.map(\.description) == [
        #"id "timer", started by TickerAction.start(1) in rows[0]"#
      ])
    store.cancel(id: "timer")
    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.ticks) == [1, 0])
    #expect(store.detail?.ticks == 0)
    #expect(store.pinned.ticks == 0)
    #expect(store.boardTicks == 0)
  }

  // MARK: - Dismissal

  @Test func aModelDismissesItselfFromAnOptional() throws {
    let store = Store(TickerBoard(detail: Ticker(id: 7)))
    let history = History(store)
    var seen: [Int?] = []
    let subscription = store.subscribe(\.detail?.id) { seen.append($0) }

    store.dispatch(TickerAction.close(7))
    #expect(store.detail == nil)
    #expect(
      history.steps.map(\.patches.description) == ["[detail: SwiftReduceTestingTests.Ticker → nil]"]
    )
    try history.undo()

    #expect(store.detail?.id == 7)
    #expect(seen == [7, nil, 7])
    subscription.cancel()
  }

  @Test func aModelDismissesItselfFromAnArray() throws {
    let store = Store(TickerBoard(rows: [Ticker(id: 1), Ticker(id: 2), Ticker(id: 3)]))
    let history = History(store)
    var seen: [[Int]] = []
    let subscription = store.subscribe(\.rows.count) { _ in seen.append(store.rows.map(\.id)) }

    store.dispatch(TickerAction.close(2))
    #expect(store.rows.map(\.id) == [1, 3])
    try history.undo()

    #expect(store.rows.map(\.id) == [1, 2, 3])
    #expect(seen == [[1, 2, 3], [1, 3], [1, 2, 3]])
    subscription.cancel()
  }

  @Test func aDismissalTellsTheObserversOfWhatItChanged() async {
    let clock = TestClock()
    let store = Store(
      TickerBoard(rows: [Ticker(id: 1), Ticker(id: 2), Ticker(id: 3)]), clock: clock)
    let log = ToldLog()
    withObservationTracking {
      _ = store.read(\.rows)
    } onChange: {
      log.append("rows")
    }
    withObservationTracking {
      _ = store.read(\.boardTicks)
    } onChange: {
      log.append("boardTicks")
    }

    store.dispatch(TickerAction.close(2))
    #expect(log.entries == ["rows"])
    withObservationTracking {
      _ = store.read(\.rows)
    } onChange: {
      log.append("rows again")
    }
    store.dispatch(TickerAction.closeLater(3))
    await clock.advance(by: .seconds(1))

    #expect(log.entries == ["rows", "rows again"])
    #expect(store.rows.map(\.id) == [1])
  }

  @Test func aModelDismissesItselfFromADictionary() throws {
    let store = Store(TickerBoard(byName: ["ada": Ticker(id: 5), "bob": Ticker(id: 6)]))
    let history = History(store)

    store.dispatch(TickerAction.close(5))
    #expect(store.byName.keys.sorted() == ["bob"])
    try history.undo()

    #expect(store.byName.keys.sorted() == ["ada", "bob"])
    #expect(store.byName["ada"]?.id == 5)
  }

  @Test func aValueModelDismissesItselfFromADictionaryAndAnOptional() {
    let store = Store(LapBoard())
    store.dispatch(TickerAction.close(2))
    store.dispatch(TickerAction.close(3))

    #expect(store.laps.keys.sorted() == ["a"])
    #expect(store.current == nil)
  }

  @Test func dismissalIsSeenByATestStore() {
    let store = TestStore(TickerBoard(rows: [Ticker(id: 1), Ticker(id: 2)]))
    store.send(TickerAction.close(1)) { $0.rows.remove(at: 0) }
  }

  @Test func dismissingTheRootIsRefusedWithAMessage() {
    let notes = Notes()
    let store = store(Ticker(id: 1), TestClock(), notes: notes)

    store.dispatch(TickerAction.close(1))

    #expect(store.id == 1)
    #expect(
      notes.lines == [
        "SwiftReduce: Effect.dismiss() dismissed nothing: the root is held by the store, not by "
          + "an optional, an array or a dictionary; nothing changed (reported in debug builds)"
      ])
  }

  @Test func dismissingAModelInAPropertyThatIsNotOptionalIsRefusedWithAMessage() {
    let notes = Notes()
    let store = store(TickerBoard(), TestClock(), notes: notes)

    store.dispatch(TickerAction.close(99))

    #expect(store.pinned.id == 99)
    #expect(
      notes.lines == [
        "SwiftReduce: Effect.dismiss() dismissed nothing: pinned is held by a stored property "
          + "that is not optional, which cannot be left empty; hold it in an optional, an array "
          + "or a dictionary; nothing changed (reported in debug builds)"
      ])
  }

  @Test func dismissingFromAMiddlewareIsRefusedWithAMessage() {
    let notes = Notes()
    let dismissing = Middleware<TickerBoard> { action, _, next in
      next(action)
      Effect.dismiss()
    }
    let store = Store(TickerBoard(), middleware: [dismissing])
    store.modelEffectNoteHandler = { notes.lines.append($0) }

    store.dispatch(BoardAction.boardTick)

    #expect(store.rows.map(\.id) == [1, 2])
    #expect(
      notes.lines == [
        "SwiftReduce: Effect.dismiss() was called during a dispatch outside any model's "
          + "reduce(action:), by a middleware or a subscriber: there is no model to dismiss, and "
          + "nothing changed (reported in debug builds)"
      ])
  }

  @Test func anEffectNoModelStartedCannotDismiss() async {
    let notes = Notes()
    let store = store(TickerBoard(), TestClock(), notes: notes)

    await store.run { send in send.dismiss() }.value

    #expect(store.rows.map(\.id) == [1, 2])
    #expect(
      notes.lines == [
        "SwiftReduce: send.dismiss() was called by an effect no model started (a middleware's, a "
          + "subscriber's or store.run's): there is no model to dismiss, and nothing changed "
          + "(reported in debug builds)"
      ])
  }

  @Test func cancellingInARowThatIsNotThereSaysSo() async {
    let clock = TestClock()
    let notes = Notes()
    let store = store(TickerBoard(), clock, notes: notes)
    store.dispatch(TickerAction.start(2))

    store.cancel(id: "timer", in: "rows[5]")
    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.ticks) == [0, 1])
    #expect(
      notes.lines == [
        #"SwiftReduce: cancel(id: "timer", in: rows[5]) cancelled nothing: no value is at "#
          + "rows[5] (reported in debug builds)"
      ])
  }

  @Test func anEffectDismissesItsModelWithAnAction() async {
    let clock = TestClock()
    let store = TestStore(TickerBoard(rows: [Ticker(id: 1), Ticker(id: 2)]), clock: clock)
    store.send(TickerAction.closeLater(2))
    await clock.advance(by: .seconds(1))
    await store.receive(DismissAction(path: "rows[1]")) { $0.rows.remove(at: 1) }
    await store.finish()
  }

  @Test func anEffectDismissesItsModelWhereItIsNow() async throws {
    let clock = TestClock()
    let store = Store(
      TickerBoard(rows: [Ticker(id: 1), Ticker(id: 2), Ticker(id: 3)]), clock: clock)
    let history = History(store)
    store.dispatch(TickerAction.closeLater(2))
    store.dispatch(BoardAction.removeRow(at: 0))

    await clock.advance(by: .seconds(1))

    #expect(store.rows.map(\.id) == [3])
    #expect(history.steps.last?.label == #"DismissAction(path: "rows[0]")"#)
    try history.undo()
    #expect(store.rows.map(\.id) == [2, 3])
  }

  @Test func aValueModelsEffectDismissesItWithAnAction() async {
    let clock = TestClock()
    let store = Store(LapBoard(), clock: clock)
    store.dispatch(TickerAction.closeLater(2))

    await clock.advance(by: .seconds(1))

    #expect(store.laps.keys.sorted() == ["a"])
  }

  // MARK: - Effect.send

  @Test func effectSendDispatchesItsActionOnceTheDispatchIsOver() async {
    let store = Store(TickerBoard())
    store.dispatch(TickerAction.tickNow(2))
    #expect(store.rows.map(\.ticks) == [0, 0])

    await store.waitForTasks()

    #expect(store.rows.map(\.ticks) == [0, 1])
  }
}
