/// Two pieces of work timed side by side: their rounds alternate, so that a
/// change of the machine's speed (another tenant, a frequency step) falls on
/// both, and their ratio is the median of the ratios of each pair of rounds.
struct PairedTiming {
  let first: Timing
  let second: Timing
  /// The median over the pairs of rounds of the second's time over the first's.
  let secondOverFirst: Double
}

extension Measurement {
  /// Times `first` and `second`, each of which must perform its work the
  /// number of times it is given, in alternating rounds.
  func pair(_ first: (Int) -> Void, _ second: (Int) -> Void) -> PairedTiming {
    let clock = ContinuousClock()
    if quick {
      let one = Self.nanoseconds(clock.measure { first(1) })
      let other = Self.nanoseconds(clock.measure { second(1) })
      return PairedTiming(
        first: Timing(nanosecondsPerIteration: one, iterations: 1, rounds: 1),
        second: Timing(nanosecondsPerIteration: other, iterations: 1, rounds: 1),
        secondOverFirst: other / max(one, 1))
    }
    // Calibrated once each, so that a round of either fills the minimum round time.
    let firstRepetitions = Self.repetitions(
      toFill: minimumRoundTime, each: clock.measure { first(1) })
    let secondRepetitions = Self.repetitions(
      toFill: minimumRoundTime, each: clock.measure { second(1) })
    var firstSamples: [Double] = []
    var secondSamples: [Double] = []
    var ratios: [Double] = []
    let started = clock.now
    for round in 0..<(rounds * 2 + 1) {
      if round > 0, clock.now - started > budget * 2 { break }
      let one =
        Self.nanoseconds(clock.measure { first(firstRepetitions) }) / Double(firstRepetitions)
      let other =
        Self.nanoseconds(clock.measure { second(secondRepetitions) }) / Double(secondRepetitions)
      firstSamples.append(one)
      secondSamples.append(other)
      ratios.append(other / one)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return PairedTiming(
      first: Timing(
        nanosecondsPerIteration: median(firstSamples),
        iterations: firstRepetitions * firstSamples.count + 1, rounds: firstSamples.count),
      second: Timing(
        nanosecondsPerIteration: median(secondSamples),
        iterations: secondRepetitions * secondSamples.count + 1, rounds: secondSamples.count),
      secondOverFirst: median(ratios))
  }
}
