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
    var rounds = MeasurementRounds(
      self, started: started, first: await clock.measure { await body(1) })
    while let repetitions = rounds.nextRepetitions(at: clock.now) {
      rounds.record(await clock.measure { await body(repetitions) })
    }
    return rounds.timing
  }
}
