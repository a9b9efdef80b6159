import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

/// Runs the examples of SwiftReduce's *Effects* article verbatim, but for a
/// local `print` that records lines, and compares the whole output with the
/// output the article shows.
@MainActor
struct EffectsArticleTests {
  @Test func searchExampleRunsOnlyTheLastSearchOfTheTyping() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let clock = TestClock()
    let store = Store(Search(), clock: clock)
    let log = store.subscribe(\.results) { print("\(clock.now): \($0)") }
    store.dispatch(SearchAction.queryChanged("A"))
    await clock.advance(by: .milliseconds(100))
    store.dispatch(SearchAction.queryChanged("Al"))
    await clock.advance(by: .milliseconds(100))
    store.dispatch(SearchAction.queryChanged("Ali"))
    await clock.advance(by: .milliseconds(300))
    print(store.query)
    log.cancel()

    expectLines(
      output,
      """
      0.0 seconds: []
      0.5 seconds: ["Alien", "Aliens"]
      Ali
      """)
  }

  @Test func cancellationExampleNeverDeliversTheClearedSearch() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let clock = TestClock()
    let store = Store(Search(), clock: clock)
    store.dispatch(SearchAction.queryChanged("Al"))
    await clock.advance(by: .milliseconds(100))
    store.dispatch(SearchAction.cleared)
    await clock.advance(by: .milliseconds(300))
    print("query: \"\(store.query)\", results: \(store.results)")

    expectLines(output, #"query: "", results: []"#)
    #expect(store.runningEffects.isEmpty)
  }

  @Test func typingSearchesOnceTheTypingPauses() async {
    let clock = TestClock()
    let store = TestStore(Search(), clock: clock)
    store.send(SearchAction.queryChanged("A")) { $0.query = "A" }
    await clock.advance(by: .milliseconds(100))
    store.send(SearchAction.queryChanged("Al")) { $0.query = "Al" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(SearchAction.resultsLoaded(["Alien", "Aliens"])) {
      $0.results = ["Alien", "Aliens"]
    }
    await store.finish()
  }

  @Test func testStoppedAfterTheFirstAdvanceFailsWhenTheTestStoreIsReleased() async {
    let clock = TestClock()
    var store: TestStore<Search>? = TestStore(Search(), clock: clock)
    store?.send(SearchAction.queryChanged("A")) { $0.query = "A" }
    await clock.advance(by: .milliseconds(100))
    store?.send(SearchAction.queryChanged("Al")) { $0.query = "Al" }

    expectIssues([
      """
      1 effect is still running when the test store was released:
        id "search", started by SearchAction.queryChanged("Al") in root
      """
    ]) {
      store = nil
    }
  }
}

/// The examples of the article's *Effects and their models* and *A model dismisses itself*.
@MainActor
struct EffectsArticleModelTests {
  @Test func rowsExampleCancelsEachRowsTimerOnItsOwn() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let clock = TestClock()
    let store = Store(Countdowns(), clock: clock)
    store.dispatch(CountdownAction.start(1))
    store.dispatch(CountdownAction.start(2))
    store.dispatch(CountdownAction.start(3))
    store.dispatch(CountdownAction.stop(1))
    store.cancel(id: "timer")
    store.cancel(id: "timer", in: "rows[1]")
    await clock.advance(by: .seconds(1))
    print(store.rows.map(\.ticks))

    expectLines(output, "[0, 0, 1]")
  }

  @Test func dismissExampleRemovesTheRowAndUndoBringsItBack() async throws {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
    var notes: [String] = []

    let clock = TestClock()
    let store = Store(Countdowns(), clock: clock)
    store.modelEffectNoteHandler = { notes.append($0) }
    let history = History(store)
    store.dispatch(CountdownAction.start(2))
    store.dispatch(CountdownAction.close(2))
    print(store.rows.map(\.id))
    try history.undo()
    print(store.rows.map(\.id))
    await clock.advance(by: .seconds(1))
    print(store.rows.map(\.ticks))

    expectLines(
      output,
      """
      [1, 3]
      [1, 2, 3]
      [0, 0, 0]
      """)
    #expect(
      notes == [
        #"SwiftReduce: cancelled the effect id "timer", started by CountdownAction.start(2) in "#
          + "rows[1]: its model left the tree (noted in debug builds)"
      ])
  }
}
