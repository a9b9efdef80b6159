import SwiftReduce

/// What a counter, its step or its goal does; each case names the counter by its number.
enum CounterAction: Action {
  /// Adds the step to the count.
  case increment(counter: Int)
  /// Takes the step from the count.
  case decrement(counter: Int)
  /// Sets the count.
  case set(counter: Int, to: Int)
  /// Sets how much `inc` and `dec` change the count.
  case step(counter: Int, size: Int)
  /// Sets the goal, adding one if the counter has none.
  case goal(counter: Int, target: Int)
  /// Removes the goal.
  case clearGoal(counter: Int)

  /// The number of the counter the action is for.
  var counter: Int {
    switch self {
    case .increment(let counter), .decrement(let counter), .set(let counter, _),
      .step(let counter, _), .goal(let counter, _), .clearGoal(let counter):
      counter
    }
  }
}
