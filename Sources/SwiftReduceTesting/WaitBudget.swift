/// How long `receive` and `finish` have waited for effects, counting only
/// time in which the effects could have run.
///
/// Their timeout is a safety net, not a measure of the work: a test beside
/// them that holds the main actor for seconds stops the effects and the wait
/// alike, and must not spend the budget. Each brief wait counts for what it
/// took, up to ten milliseconds; what it took beyond that was the machine
/// busy elsewhere.
struct WaitBudget {
  let timeout: Duration
  private var waited: Duration = .zero

  init(timeout: Duration) {
    self.timeout = timeout
  }

  /// Whether the wait has lasted `timeout`.
  var isSpent: Bool { waited >= timeout }

  /// Lets effects on the main actor run for a moment, counting it.
  mutating func waitBriefly() async {
    let started = ContinuousClock.now
    await Task.yield()
    try? await Task.sleep(for: .milliseconds(1))
    waited += min(ContinuousClock.now - started, .milliseconds(10))
  }
}
