import SwiftReduce
import Testing

@testable import Counters

/// How a typed line is read, against the counters on the board.
@MainActor
struct InputTests {
  @Test(arguments: [
    ("inc 1", "increment(counter: 1)"),
    ("DEC 1", "decrement(counter: 1)"),
    ("  set   1   -4 ", "set(counter: 1, to: -4)"),
    ("step 1 3", "step(counter: 1, size: 3)"),
    ("goal 1 10", "goal(counter: 1, target: 10)"),
    ("goal 1 Off", "clearGoal(counter: 1)"),
    ("remove 1", "remove(1)"),
    ("add", "add"),
  ])
  func aCommandBecomesItsAction(line: String, action: String) throws {
    let board = Board()
    board.reduce(action: .add)
    guard case .dispatch(let dispatched) = Input(line, board: board) else {
      Issue.record("\(line) was not read as an action")
      return
    }
    #expect(String(describing: dispatched) == action)
  }

  @Test func aNumberNoCounterHasIsRefusedBeforeAnythingIsDispatched() {
    guard case .say(let text) = Input("inc 4", board: Board()) else {
      Issue.record("inc 4 on an empty board was not refused")
      return
    }
    #expect(text == "There is no counter #4. Type add to make one.")
  }

  @Test(arguments: [Int.max, Int.min])
  func aSumPastTheLimitsOfIntStopsAtTheLimit(limit: Int) {
    #expect(limit.saturatingSum(limit > 0 ? 1 : -1) == limit)
    #expect((limit > 0 ? limit - 1 : limit + 1).saturatingSum(limit > 0 ? 1 : -1) == limit)
  }
}
