import SwiftReduce

/// A count to reach: an optional value model of ``Counter``, there once a goal is set.
struct Goal: ValueReducer {
  /// The number of the counter this goal belongs to.
  let counter: Int
  var target: Int

  mutating func reduce(action: CounterAction) {
    if case .goal(counter, let target) = action {
      self.target = target
    }
  }
}
