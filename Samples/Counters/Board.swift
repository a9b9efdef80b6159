import SwiftReduce

/// The root of the state: a class model holding the counters as value models.
///
/// The board adds and removes counters; each counter, a struct stored in the
/// array, reduces its own actions where it is stored.
final class Board: Reducer {
  var counters: [Counter] = []
  /// The number the next counter gets; numbers are never reused.
  var nextNumber = 1

  func reduce(action: BoardAction) {
    switch action {
    case .add:
      counters.append(Counter(number: nextNumber))
      nextNumber += 1
    case .remove(let number):
      counters.removeAll { $0.number == number }
    }
  }

  /// The counter numbered `number`, if the board holds it.
  func counter(numbered number: Int) -> Counter? {
    counters.first { $0.number == number }
  }
}
