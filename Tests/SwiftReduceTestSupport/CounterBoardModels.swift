import SwiftReduce

// The counters of the *Value Models* article and of `ValueReducer`'s documentation: a class
// model holding a value model in a property and two in an array.

/// Changes to a ``Counter``.
package enum CounterAction: Action {
  case increment
  case set(Int)
}

/// A value model: a count, changed where it is stored.
package struct Counter: ValueReducer {
  package var count = 0

  package init() {}

  package mutating func reduce(action: CounterAction) {
    switch action {
    case .increment: count += 1
    case .set(let value): count = value
    }
  }
}

/// A class model holding counters: one in a property, two in an array.
package final class Board: Reducer {
  package var counter = Counter()
  package var counters = [Counter(), Counter()]

  package init() {}
}
