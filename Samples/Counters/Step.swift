import SwiftReduce

/// How much `inc` and `dec` change a counter: a value model nested in ``Counter``.
struct Step: ValueReducer {
  /// The number of the counter this step belongs to.
  let counter: Int
  var size = 1

  mutating func reduce(action: CounterAction) {
    if case .step(counter, let size) = action {
      self.size = size
    }
  }
}
