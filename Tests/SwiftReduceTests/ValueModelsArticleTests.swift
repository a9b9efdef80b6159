import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples of the *Value Models* article verbatim, but for a local
/// `print` that records lines, and compares the whole output with the output
/// the article shows.
@MainActor
@Suite(.serialized)
struct ValueModelsArticleTests {
  init() {
    ValueModelsArticle.output = []
  }

  private func print(_ items: Any...) {
    ValueModelsArticle.print(items.map { "\($0)" }.joined(separator: " "))
  }

  @Test func overviewExampleReducesEveryCounterInPlace() {
    let store = Store(Board())
    store.dispatch(CounterAction.increment)
    print(store.counter.count, store.counters.map(\.count))

    expectLines(ValueModelsArticle.output, "1 [1, 1]")
  }

  @Test func placesExampleReducesEachPlaceInPreOrder() {
    let store = Store(Pitch())
    store.dispatch(Whistle())
    print(
      store.striker.whistles, store.striker.substitutes[0].whistles, store.keeper?.whistles ?? 0)

    expectLines(
      ValueModelsArticle.output,
      """
      striker
      striker.substitutes[0]
      defenders[0]
      byNumber[9]
      keeper
      wings.0
      wings.1
      squad.coach
      squad.captain
      1 1 1
      """)
  }

  @Test func valueSemanticsExampleLeavesCopiesAsTheyWere() {
    let board = Board()
    let shared = board.counters
    let store = Store(board)
    let before = store.counter
    store.dispatch(CounterAction.increment)
    print(before.count, store.counter.count)
    print(shared.map(\.count), store.counters.map(\.count))

    expectLines(
      ValueModelsArticle.output,
      """
      0 1
      [0, 0] [1, 1]
      """)
  }

  @Test func snapshotExampleShowsValueModelsWithTheirPaths() {
    let store = Store(Board())
    let before = TreeSnapshot(store.root)
    store.dispatch(CounterAction.increment)
    print(TreeSnapshot(store.root))
    print(TreeSnapshot(store.root).difference(from: before))
    print(store.recipients(of: CounterAction.set(0)))

    expectLines(
      ValueModelsArticle.output,
      """
      Board
        counter: Counter
          count: 1
        counters: 2 elements
          [0]: Counter
            count: 1
          [1]: Counter
            count: 1
      counter.count
        - 0
        + 1
      counters[0].count
        - 0
        + 1
      counters[1].count
        - 0
        + 1
      [counter: Counter, counters[0]: Counter, counters[1]: Counter]
      """)
  }

  @Test func notReducedExampleReducesOnlyTheClassModelTheLetHolds() {
    let store = Store(Locker())
    store.dispatch(Whistle())

    expectLines(ValueModelsArticle.output, "bench.coach")
  }

  #if DEBUG
    @Test func notReducedExampleReportsEachPlaceOnceWithTheArticlesWording() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(Locker())
          store.dispatch(Whistle())
          store.dispatch(Whistle())
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      // The article writes the module as MyApp.
      let places = [
        ("Player", "SwiftReduceTests.Locker"), ("Squad", "SwiftReduceTests.Locker"),
        ("Player", "SwiftReduceTests.Squad"), ("Player", "Swift.Set<SwiftReduceTests.Player>"),
        ("Player", "SwiftReduceTests.Shift"),
      ]
      let reports = places.map { model, holder in
        "SwiftReduce: the value model SwiftReduceTests.\(model) held in a \(holder) is not "
          + "reduced: it is held where it cannot be changed in place (a `let`, a `Set` element, "
          + "a dictionary's keys or values view, an enum's payload or an existential such as "
          + "`Any`). Hold it in a `var` of a class or value model, an Array, a ContiguousArray, "
          + "an ArraySlice, a Dictionary's values, an Optional or a tuple (reported once per "
          + "type and place in debug builds)\n"
      }
      expectText(message, reports.joined())
    }
  #endif

  @Test func bindingExampleDispatchesToEveryCounter() {
    let store = Store(Board())
    let count = store[\.counter.count, CounterAction.set]
    count.wrappedValue = 5
    print(count.wrappedValue, store.counters.map(\.count))

    expectLines(ValueModelsArticle.output, "5 [5, 5]")
  }

  @Test func observationExampleTellsTheReaderOfTheCounter() {
    let store = Store(Board())
    withObservationTracking {
      _ = store.counter.count
    } onChange: {
      ValueModelsArticle.print("counter read is out of date")
    }
    store.dispatch(CounterAction.increment)
    print("dispatched increment")

    expectLines(
      ValueModelsArticle.output,
      """
      counter read is out of date
      dispatched increment
      """)
  }

  /// The README's value-model example before issue #33; *Value semantics* shows the same.
  @Test func aCopyTakenBeforeADispatchKeepsItsCounts() {
    let board = Board()
    let before = board.counters
    let store = Store(board)
    store.dispatch(CounterAction.increment)
    print(store.counter.count, store.counters.map(\.count), before.map(\.count))

    expectLines(ValueModelsArticle.output, "1 [1, 1] [0, 0]")
  }
}
