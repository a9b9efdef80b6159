extension Measurement {
  /// Measures asynchronous work the way the synchronous `run(_:)` measures
  /// synchronous work: `body` must perform its work the number of times it is given.
  @MainActor
  func run(_ body: (Int) async -> Void) async -> Timing {
    let clock = ContinuousClock()
    if quick {
      let elapsed = await clock.measure { await body(1) }
      return Timing(nanosecondsPerIteration: Self.nanoseconds(elapsed), iterations: 1, rounds: 1)
    }
    let started = clock.now
    var iterations = 1
    let first = await clock.measure { await body(1) }
    var samples: [Double] = []
    var repetitions = 1
    if first >= minimumRoundTime {
      samples.append(Self.nanoseconds(first))
    } else {
      repetitions = Self.repetitions(toFill: minimumRoundTime, each: first)
    }
    while samples.count < rounds {
      let roundEstimate = (samples.last ?? 0) * Double(repetitions)
      let spent = Self.nanoseconds(clock.now - started)
      if !samples.isEmpty && spent + roundEstimate > Self.nanoseconds(budget) { break }
      let elapsed = await clock.measure { await body(repetitions) }
      iterations += repetitions
      if elapsed < minimumRoundTime * 0.9 {
        repetitions = Self.repetitions(
          toFill: minimumRoundTime, each: elapsed / repetitions, atLeast: repetitions * 2)
        continue
      }
      samples.append(Self.nanoseconds(elapsed) / Double(repetitions))
    }
    samples.sort()
    let median =
      samples.count % 2 == 1
      ? samples[samples.count / 2]
      : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
    return Timing(nanosecondsPerIteration: median, iterations: iterations, rounds: samples.count)
  }
}
