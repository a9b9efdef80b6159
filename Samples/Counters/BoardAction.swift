import SwiftReduce

/// What the board does: add a counter, or remove one.
enum BoardAction: Action {
  /// Adds a counter at zero, numbered one past the last.
  case add
  /// Removes the counter with this number.
  case remove(Int)
}
