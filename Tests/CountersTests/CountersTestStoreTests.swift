import SwiftReduce
import SwiftReduceTesting
import Testing

@testable import Counters

/// The sample's value models tested with `TestStore`, as an app's own tests would be.
@MainActor
struct CountersTestStoreTests {
  /// Adds counter `number`, expecting it appended at zero and the next number after it.
  private func add(_ number: Int, to store: TestStore<Board>) {
    store.send(BoardAction.add) {
      $0.counters.append(Counter(number: number))
      $0.nextNumber = number + 1
    }
  }

  @Test func addingACounterAppendsItAtZeroWithTheNextNumber() {
    let store = TestStore(Board())
    add(1, to: store)
  }

  @Test func aCounterActionReachesOnlyTheCounterItNames() {
    let store = TestStore(Board())
    add(1, to: store)
    add(2, to: store)
    store.send(CounterAction.increment(counter: 2)) { $0.counters[1].count = 1 }
  }

  @Test func theNestedStepReducesItsOwnCaseAndIncrementsUseIt() {
    let store = TestStore(Board())
    add(1, to: store)
    store.send(CounterAction.step(counter: 1, size: 5)) { $0.counters[0].step.size = 5 }
    store.send(CounterAction.increment(counter: 1)) { $0.counters[0].count = 5 }
  }

  @Test func theCounterAddsAGoalThenTheGoalItselfMovesIt() {
    let store = TestStore(Board())
    add(1, to: store)
    store.send(CounterAction.goal(counter: 1, target: 3)) {
      $0.counters[0].goal = Goal(counter: 1, target: 3)
    }
    store.send(CounterAction.goal(counter: 1, target: 8)) { $0.counters[0].goal?.target = 8 }
    store.send(CounterAction.clearGoal(counter: 1)) { $0.counters[0].goal = nil }
  }

  @Test func removingACounterLeavesTheNumbersOfTheOthers() {
    let store = TestStore(Board())
    for number in 1...3 { add(number, to: store) }
    store.send(BoardAction.remove(2)) { $0.counters.remove(at: 1) }
    #expect(store.root.counters.map(\.number) == [1, 3])
  }
}
