/// The rounds of one ``Measurement``, after the calibration run: how many
/// repetitions the next round takes, the samples so far, and their median.
///
/// Kept apart from the timing itself, so that synchronous and asynchronous
/// work are measured by the same rules.
struct MeasurementRounds {
  private let measurement: Measurement
  private let started: ContinuousClock.Instant
  private var samples: [Double] = []
  private var repetitions = 1
  /// How many iterations ran in all, the calibration run included.
  private var iterations = 1

  /// Rounds that started at `started`, whose calibration run of one iteration took `first`.
  init(_ measurement: Measurement, started: ContinuousClock.Instant, first: Duration) {
    self.measurement = measurement
    self.started = started
    if first >= measurement.minimumRoundTime {
      samples.append(Measurement.nanoseconds(first))
    } else {
      repetitions = Measurement.repetitions(toFill: measurement.minimumRoundTime, each: first)
    }
  }

  /// The repetitions of the next round, or `nil` once there are enough
  /// rounds or the next would overrun the budget (at least one always runs).
  func nextRepetitions(at now: ContinuousClock.Instant) -> Int? {
    guard samples.count < measurement.rounds else { return nil }
    let roundEstimate = (samples.last ?? 0) * Double(repetitions)
    let spent = Measurement.nanoseconds(now - started)
    if !samples.isEmpty && spent + roundEstimate > Measurement.nanoseconds(measurement.budget) {
      return nil
    }
    return repetitions
  }

  /// Records a round of ``nextRepetitions(at:)`` repetitions that took `elapsed`.
  mutating func record(_ elapsed: Duration) {
    iterations += repetitions
    if elapsed < measurement.minimumRoundTime * 0.9 {
      // The calibration run was slower than the steady state: grow and retry.
      repetitions = Measurement.repetitions(
        toFill: measurement.minimumRoundTime, each: elapsed / repetitions,
        atLeast: repetitions * 2)
      return
    }
    samples.append(Measurement.nanoseconds(elapsed) / Double(repetitions))
  }

  /// The median of the rounds' samples, per iteration.
  var timing: Timing {
    let sorted = samples.sorted()
    let median =
      sorted.count % 2 == 1
      ? sorted[sorted.count / 2]
      : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    return Timing(nanosecondsPerIteration: median, iterations: iterations, rounds: sorted.count)
  }
}
