/// Times work with `ContinuousClock`: adaptive repetition, median of several rounds.
///
/// A round repeats the work until it takes at least ``minimumRoundTime``. A
/// case gets up to ``rounds`` rounds but stops early once ``budget`` is
/// spent, so that a slow traversal still finishes: work slower than the
/// minimum round time needs no repetition, and its calibration run counts as
/// a round. In a quick run the work runs exactly once and the time is only
/// informative.
struct Measurement {
  /// Run each piece of work once and judge no time.
  let quick: Bool
  /// The shortest a timed round may be.
  var minimumRoundTime: Duration = .milliseconds(200)
  /// The number of rounds the median is taken over when time allows.
  var rounds = 5
  /// The time after which no further round starts (at least one always runs).
  var budget: Duration = .seconds(4)

  /// Measures `body`, which must perform its work the number of times it is given.
  func run(_ body: (Int) -> Void) -> Timing {
    let clock = ContinuousClock()
    if quick {
      let elapsed = clock.measure { body(1) }
      return Timing(nanosecondsPerIteration: Self.nanoseconds(elapsed), iterations: 1, rounds: 1)
    }
    let started = clock.now
    var rounds = MeasurementRounds(self, started: started, first: clock.measure { body(1) })
    while let repetitions = rounds.nextRepetitions(at: clock.now) {
      rounds.record(clock.measure { body(repetitions) })
    }
    return rounds.timing
  }

  // MARK: - Arithmetic

  static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  static func repetitions(toFill target: Duration, each: Duration, atLeast: Int = 1) -> Int {
    let perIteration = max(nanoseconds(each), 1)
    let needed = Int((nanoseconds(target) / perIteration * 1.1).rounded(.up))
    return max(atLeast, needed)
  }
}
