import SwiftReduce

// A dartboard and an inkpad for the history's step labels: plain actions
// whose text is their bits, and one whose own description changes every time
// it is asked.

/// Changes a ``Dartboard``: plain data, with no description of its own.
enum DartAction: Action {
  case add(Int)
  case reset
}

/// A score changed by plain actions.
final class Dartboard: Reducer {
  var score = 0

  func reduce(action: DartAction) {
    switch action {
    case .add(let points): score += points
    case .reset: score = 0
    }
  }
}

/// How many descriptions of ``Stamp`` were made.
nonisolated(unsafe) var stampsMade = 0

/// Stamps an ``Inkpad``; its description counts itself, so that two
/// descriptions of one value differ.
struct Stamp: Action, CustomStringConvertible {
  var description: String {
    stampsMade += 1
    return "Stamp \(stampsMade)"
  }
}

/// Counts the stamps it took.
final class Inkpad: Reducer {
  var stamps = 0

  func reduce(action: Stamp) {
    stamps += 1
  }
}
