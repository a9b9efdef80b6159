import SwiftReduce
import SwiftReduceTesting
import Testing

@testable import Counters

/// The sample's value models tested with `TestStore`, as an app's own tests would be.
@MainActor
struct CountersTestStoreTests {
  @Test func addingACounterAppendsItAtZeroWithTheNextNumber() {
    let store = TestStore(Board())
    store.send(BoardAction.add) {
      $0.counters.append(Counter(number: 1))
      $0.nextNumber = 2
    }
  }

  @Test func aCounterActionReachesOnlyTheCounterItNames() {
    let store = TestStore(Board())
    store.send(BoardAction.add) {
      $0.counters.append(Counter(number: 1))
      $0.nextNumber = 2
    }
    store.send(BoardAction.add) {
      $0.counters.append(Counter(number: 2))
      $0.nextNumber = 3
    }
    store.send(CounterAction.increment(counter: 2)) {
      $0.counters[1].count = 1
    }
  }

  @Test func theNestedStepReducesItsOwnCaseAndIncrementsUseIt() {
    let store = TestStore(Board())
    store.send(BoardAction.add) {
      $0.counters.append(Counter(number: 1))
      $0.nextNumber = 2
    }
    store.send(CounterAction.step(counter: 1, size: 5)) {
      $0.counters[0].step.size = 5
    }
    store.send(CounterAction.increment(counter: 1)) {
      $0.counters[0].count = 5
    }
  }

  @Test func theCounterAddsAGoalThenTheGoalItselfMovesIt() {
    let store = TestStore(Board())
    store.send(BoardAction.add) {
      $0.counters.append(Counter(number: 1))
      $0.nextNumber = 2
    }
    store.send(CounterAction.goal(counter: 1, target: 3)) {
      $0.counters[0].goal = Goal(counter: 1, target: 3)
    }
    store.send(CounterAction.goal(counter: 1, target: 8)) {
      $0.counters[0].goal?.target = 8
    }
    store.send(CounterAction.clearGoal(counter: 1)) {
      $0.counters[0].goal = nil
    }
  }

  @Test func removingACounterLeavesTheNumbersOfTheOthers() {
    let store = TestStore(Board())
    for number in 1...3 {
      store.send(BoardAction.add) {
        $0.counters.append(Counter(number: number))
        $0.nextNumber = number + 1
      }
    }
    store.send(BoardAction.remove(2)) {
      $0.counters.remove(at: 1)
    }
    #expect(store.root.counters.map(\.number) == [1, 3])
  }
}
