import SwiftReduce

/// A counter: a value model with a nested value model, its step, and an optional one, its goal.
///
/// Every counter is sent every ``CounterAction``; a counter acts on those
/// addressed to its number. It reduces before what it holds, so a goal it
/// creates for an action is already in place when the goal's turn comes.
struct Counter: ValueReducer {
  let number: Int
  var count = 0
  var step: Step
  var goal: Goal?

  init(number: Int) {
    self.number = number
    self.step = Step(counter: number)
  }

  mutating func reduce(action: CounterAction) {
    guard action.counter == number else { return }
    switch action {
    case .increment: count = count.saturatingSum(step.size)
    case .decrement: count = count.saturatingSum(-step.size)
    case .set(_, let value): count = value
    case .goal(_, let target):
      // A goal already there moves itself, when its turn comes.
      if goal == nil { goal = Goal(counter: number, target: target) }
    case .clearGoal: goal = nil
    case .step: break  // the step sets itself
    }
  }
}

extension Int {
  /// The sum, held at `Int.min` or `Int.max` rather than overflowing: typed
  /// input must never stop the program.
  func saturatingSum(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}
