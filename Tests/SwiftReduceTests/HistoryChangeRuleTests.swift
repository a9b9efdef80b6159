import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// One rule for what counts as a change, whatever holds the value, and structs and tuples
/// patched field by field like models (issue #34, item 1).
@MainActor
struct HistoryChangeRuleTests {
  @Test func aZeroMadeNegativeIsNoChangeInAnyContainerAsInSnapshots() {
    let gauge = PressureGauge()
    let store = Store(gauge)
    let history = History(store)
    let before = TreeSnapshot(gauge)
    store.dispatch(PressureGaugeAction.negateZeros)
    #expect(TreeSnapshot(gauge).difference(from: before).isEmpty)
    #expect(history.steps.isEmpty)
    #expect(gauge.reading.sign == .minus && gauge.lastReading?.sign == .minus)
    #expect(gauge.series[1].sign == .minus && gauge.point.x.sign == .minus)
    #expect(gauge.pair.0.sign == .minus)
  }

  @Test func aStructAndATupleArePatchedFieldByField() {
    let gauge = PressureGauge()
    let store = Store(gauge)
    let history = History(store)
    store.dispatch(PressureGaugeAction.nudge)
    #expect(
      history.steps.last?.patches.map(\.description) == ["point.x: 0.0 → 1.0", "pair.0: 0.0 → 1.0"])
  }

  @Test func anotherWritersChangeToAnotherFieldOfAStructIsNoConflict() throws {
    let gauge = PressureGauge()
    let store = Store(gauge)
    let history = History(store)
    store.dispatch(PressureGaugeAction.nudge)
    history.record("another writer", kind: .merge) {
      gauge.point.y = 5
      gauge.pair.1 = 2
    }
    try history.undo()
    #expect(gauge.point == PressurePoint(x: 0, y: 5))
    #expect(gauge.pair == (0, 2))
  }
}

/// Patches made by hand, as a replay or a test makes them (issue #34, item 4).
@MainActor
struct PatchInitializerTests {
  @Test func aPatchMadeByHandPrintsAsTheRecordedOneDoes() throws {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Heat"))
    store.dispatch(UpdateMovies.submit)
    let recorded = history.steps.flatMap(\.patches).map(\.description)
    let made = [
      Patch(kind: .changed, path: "name", before: "", after: "Ada"),
      Patch(kind: .changed, path: "favoriteMovies.input", before: "", after: "Heat"),
      Patch(kind: .changed, path: "favoriteMovies.input", before: "Heat", after: ""),
      Patch(kind: .inserted, path: "favoriteMovies.movies[\"Heat\"]", before: nil, after: 1),
    ]
    #expect(made.map(\.description) == recorded)
    #expect(made[3].kind == .inserted && made[3].after as? Int == 1 && made[3].before == nil)
  }

  @Test func aPatchExamplePrintsItsOutput() {
    let patch = Patch(kind: .changed, path: "name", before: "", after: "Ada")
    #expect(patch.description == "name: \"\" → \"Ada\"")
  }
}
