import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Everything that is not the walk sees value models: snapshots, differences,
/// declarations, bindings, subscriptions and Observation.
@MainActor
struct ValueModelToolsTests {
  @Test func aSnapshotShowsValueModelsPropertyByProperty() {
    let board = CounterBoard()
    expectText(
      TreeSnapshot(board).description,
      """
      CounterBoard
        counter: ValueCounter
          count: 0
        counters: 2 elements
          [0]: ValueCounter
            count: 0
          [1]: ValueCounter
            count: 5
      """)
  }

  @Test func aDifferenceNamesTheChangedPropertyOfAValueModelInAnArray() {
    let board = CounterBoard()
    let store = Store(board)
    let before = TreeSnapshot(board)

    store.dispatch(CounterStep.up)

    #expect(
      TreeSnapshot(board).difference(from: before).changes == [
        .init(path: "counter.count", old: "0", new: "1"),
        .init(path: "counters[0].count", old: "0", new: "1"),
        .init(path: "counters[1].count", old: "5", new: "6"),
      ])
  }

  @Test func aHandledBelowDeclarationSkipsTheValueModelsBelow() {
    let log = ReductionLog()
    let shelf = DeclaredShelf(log)
    let store = Store(shelf, reportsUnhandledActions: false)

    store.dispatch(Knock())
    #expect(log.names == [])
    #expect(shelf.tallies.map(\.count) == [0])
    store.dispatch(ShelfKnock())
    #expect(log.names == ["shelf"])
    #expect(shelf.tallies.map(\.count) == [1])
  }

  #if DEBUG
    @Test func aHandledBelowDeclarationThatLeavesOutAValueModelStopsWithItsPathInDebugBuilds()
      async
    {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let shelf = WronglyDeclaredShelf(ReductionLog())
          Store(shelf).dispatch(Knock())
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message.contains(
          "SwiftReduce: SwiftReduceTests.WronglyDeclaredShelf.handledBelow leaves out "
            + "SwiftReduceTests.Knock, but the SwiftReduceTests.ValueTally at tallies[0] below "
            + "it handles SwiftReduceTests.Knock(). Add the action's type to the declaration, or "
            + "remove the declaration."))
    }
  #endif

  @Test func aBindingIntoAValueModelReadsItAndDispatchesOnWrite() {
    let board = CounterBoard()
    let store = Store(board)
    let binding = store[\.counter.count, { CounterStep.set($0) }]

    #expect(binding.wrappedValue == 0)
    binding.wrappedValue = 41

    #expect(board.counter.count == 41)
    #expect(binding.wrappedValue == 41)
    #expect(board.counters.map(\.count) == [41, 41])
  }

  @Test func aKeyPathSubscriptionIntoAValueModelIsCalledWhenItChanges() {
    let board = CounterBoard()
    let store = Store(board)
    var seen: [Int] = []
    let subscription = store.subscribe(\.counters[1].count) { seen.append($0) }

    store.dispatch(CounterStep.up)
    store.dispatch(CounterStep.set(6))
    store.dispatch(Reset())

    #expect(seen == [5, 6, 0])
    subscription.cancel()
  }

  @Test func aReaderOfAValueModelThroughTheStoreIsToldWhenItReduces() {
    let board = CounterBoard()
    let store = Store(board)
    let log = track("counter") { _ = store.counter }

    store.dispatch(CounterStep.up)

    #expect(log.entries == ["counter"])
  }

  @Test func aReaderThroughTheStoreOfAValueModelInAnObservableModelIsToldWhenItReduces() {
    let cinema = CounterCinema()
    let store = Store(cinema)
    let log = track("screen.counter") { _ = store.screen.counter }

    store.dispatch(CounterStep.up)

    #expect(log.entries == ["screen.counter"])
    #expect(cinema.screen.counter.count == 1)
  }

  #if DEBUG
    @Test func anObservableModelHoldingValueModelsIsReportedOnceInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          Store(CounterCinema()).dispatch(CounterStep.up)
          Store(CounterCinema()).dispatch(CounterStep.up)
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: SwiftReduceTests.ObservedCounterScreen is @Observable and holds value \
          models in counter: they reduce in place, past the properties' setters, so its \
          registrar is not told of their changes (Swift gives a library no way to reach an \
          @Observable property's setter or key path at run time). A read through the store \
          that reaches a SwiftReduceTests.ObservedCounterScreen is told when one of them \
          reduces; a read of counter on a SwiftReduceTests.ObservedCounterScreen reached any \
          other way is not. (reported once per type in debug builds)

          """)
    }
  #endif

  @Test func aReaderOfAValueModelIsNotToldOfAnActionThatLeavesItAsItWas() {
    let board = CounterBoard()
    let store = Store(board)
    let log = track("counter") { _ = store.counter }

    store.dispatch(CounterStep.set(0))

    #expect(log.entries == [])
  }
}

/// An `Observable` model holding a value model.
@Observable
final class ObservedCounterScreen: Reducer {
  var counter = ValueCounter()
  var title = "Scores"
}

final class CounterCinema: Reducer {
  var screen = ObservedCounterScreen()
}

/// An action only ``DeclaredShelf`` takes.
struct ShelfKnock: Action {}

/// A class model declaring that nothing below it takes `Knock`, which is true.
final class DeclaredShelf: Reducer {
  static let handledBelow = HandledBelow.only(ShelfKnock.self)
  let log: ReductionLog
  var tallies: [ValueCounterShelfItem] = [ValueCounterShelfItem()]

  init(_ log: ReductionLog) {
    self.log = log
  }

  func reduce(action: ShelfKnock) {
    log.record("shelf")
  }
}

/// A value model that takes only ``ShelfKnock``.
struct ValueCounterShelfItem: ValueReducer {
  var count = 0

  mutating func reduce(action: ShelfKnock) {
    count += 1
  }
}

/// A class model whose declaration leaves out `Knock`, which a value model below takes.
final class WronglyDeclaredShelf: Reducer {
  static let handledBelow = HandledBelow.nothing
  var tallies: [ValueTally]

  init(_ log: ReductionLog) {
    tallies = [ValueTally("below", log)]
  }
}
