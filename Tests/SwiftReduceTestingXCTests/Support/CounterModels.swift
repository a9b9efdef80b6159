import SwiftReduce

// A counter whose actions end in each way a test store can fail: a change,
// an action sent back by an effect, an effect that sleeps on the store's
// clock and one that throws.

/// Bumps a ``Counter``, now or from an effect.
enum Bump: Action, Equatable {
  /// Adds one to the count.
  case up
  /// Starts an effect that sends `.up` back.
  case later
  /// Starts an effect with the id `"nap"` that sleeps a minute on the store's clock.
  case nap
  /// Starts an effect with the id `"jam"` that throws `CounterError.jammed`.
  case jam
}

/// Why a counter could not count.
enum CounterError: Error {
  case jammed
}

/// Turns a ``Dial``: sent to the dial alone, by `send(_:to:)`.
enum Turn: Action, Equatable {
  /// Adds one to the dial's count.
  case up
}

/// A count below the counter's, which only a ``Turn`` changes.
final class Dial: Reducer {
  var count = 0

  func reduce(action: Turn) {
    count += 1
  }
}

/// The root: a count, and a dial.
final class Counter: Reducer {
  var count = 0
  let dial = Dial()

  func reduce(action: Bump) {
    switch action {
    case .up:
      count += 1
    case .later:
      Effect.run { send in
        await Task.yield()
        send(Bump.up)
      }
    case .nap:
      Effect.run(id: "nap") { _ in try await Effect.clock.sleep(for: .seconds(60)) }
    case .jam:
      Effect.run(id: "jam") { _ in throw CounterError.jammed }
    }
  }
}
