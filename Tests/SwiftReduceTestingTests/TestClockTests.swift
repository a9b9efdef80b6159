import SwiftReduce
import SwiftReduceTesting
import Testing

@MainActor
struct TestClockTests {
  @Test func testClockStartsAtZeroWithNoResolution() {
    let clock = TestClock()
    #expect(clock.now.description == "0.0 seconds")
    #expect(clock.minimumResolution == .zero)
  }

  @Test func testClockAdvanceFirstLetsEffectsAlreadyStartedReachTheirSleep() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var log: [String] = []
    store.run { _ in
      // Several suspensions before the sleep.
      for _ in 0..<5 { await Task.yield() }
      try await Effect.clock.sleep(for: .seconds(1))
      log.append("woke at \(clock.now)")
    }

    await clock.advance(by: .seconds(1))

    #expect(log == ["woke at 1.0 seconds"])
  }

  @Test func testClockSleepersResumeOnlyWhenNowReachesTheirDeadline() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var log: [String] = []
    store.run { _ in
      try await Effect.clock.sleep(for: .seconds(1))
      log.append("woke at \(clock.now)")
    }

    await clock.advance(by: .milliseconds(999))
    #expect(log == [])
    await clock.advance(by: .milliseconds(1))

    #expect(log == ["woke at 1.0 seconds"])
  }

  @Test func testClockWakesSleepersInDeadlineOrderEachUntilTheMainActorIsIdle() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var log: [String] = []
    for (name, seconds) in [("c", 3), ("a", 1), ("b", 2), ("b2", 2)] {
      store.run { _ in
        try await Effect.clock.sleep(for: .seconds(seconds))
        log.append("\(name) woke at \(clock.now)")
        await Task.yield()
        await Task { log.append("\(name) idle") }.value
      }
    }

    await clock.advance(by: .seconds(5))

    #expect(
      log == [
        "a woke at 1.0 seconds", "a idle",
        "b woke at 2.0 seconds", "b idle",
        "b2 woke at 2.0 seconds", "b2 idle",
        "c woke at 3.0 seconds", "c idle",
      ])
    #expect(clock.now.description == "5.0 seconds")
  }

  @Test func testClockAdvanceRunsAWokenEffectUntilItIsAsleepOrDoneBeforeWakingTheNext() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var log: [String] = []
    store.run { _ in
      try await Effect.clock.sleep(for: .seconds(1))
      log.append("1 s resumed")
      // Suspends many times off the main actor and on it, never on the clock.
      for _ in 0..<50 {
        await Task.detached { await Task.yield() }.value
        await Task.yield()
      }
      log.append("1 s done")
    }
    store.run { _ in
      try await Effect.clock.sleep(for: .seconds(2))
      log.append("2 s resumed")
    }

    await clock.advance(by: .seconds(2))

    #expect(log == ["1 s resumed", "1 s done", "2 s resumed"])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func testClockAdvanceWakesASleeperThatSleepsAgainWithinTheDuration() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var log: [String] = []
    store.run { _ in
      for _ in 0..<3 {
        try await Effect.clock.sleep(for: .seconds(1))
        log.append("tick at \(clock.now)")
      }
    }

    await clock.advance(by: .milliseconds(2_500))

    #expect(log == ["tick at 1.0 seconds", "tick at 2.0 seconds"])
    #expect(clock.now.description == "2.5 seconds")
    await clock.run()
    #expect(log.last == "tick at 3.0 seconds")
  }

  @Test func testClockNowEndsExactlyTheDurationLater() async {
    let clock = TestClock()
    let start = clock.now
    await clock.advance(by: .milliseconds(1_500))
    await clock.advance(by: .milliseconds(250))
    await clock.advance()

    #expect(start.duration(to: clock.now) == .milliseconds(1_750))
    #expect(clock.now == start.advanced(by: .milliseconds(1_750)))
  }

  @Test func testClockRunAdvancesUntilNoSleeperIsLeft() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var log: [String] = []
    store.run { _ in
      try await Effect.clock.sleep(for: .seconds(2))
      log.append("first at \(clock.now)")
      try await Effect.clock.sleep(for: .seconds(5))
      log.append("second at \(clock.now)")
    }

    await clock.run()

    #expect(log == ["first at 2.0 seconds", "second at 7.0 seconds"])
    #expect(clock.now.description == "7.0 seconds")
    #expect(store.runningEffects.isEmpty)
  }

  @Test func testClockACancelledSleeperThrowsCancellationErrorAtOnce() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var caught: [String] = []
    let task = store.run { _ in
      do {
        try await Effect.clock.sleep(for: .seconds(60))
      } catch {
        caught.append("\(type(of: error)) at \(clock.now)")
      }
    }
    await clock.advance()

    task.cancel()
    await task.value

    #expect(caught == ["CancellationError at 0.0 seconds"])
  }

  @Test func testClockSleepingUntilAnInstantAlreadyPassedReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
    try await clock.sleep(for: .seconds(-1))
    #expect(clock.now.description == "2.0 seconds")
  }

  @Test func testClockZeroLengthSleepWaitsForTheNextAdvanceEvenByZero() async {
    let clock = TestClock()
    let store = TestStore(Pauser(), clock: clock)
    store.send(PauseAction.pause)
    await expectIssues([
      """
      1 effect is still running, asleep on the TestClock until the test advances it:
        no id, started by PauseAction.pause in root
      """
    ]) {
      await store.finish(timeout: .seconds(60))
    }

    await clock.advance(by: .zero)

    await store.receive(PauseAction.resumed) { $0.resumed = 1 }
    await store.finish()
    #expect(clock.now.description == "0.0 seconds")
  }

  @Test func testClockZeroLengthSleepTakenWhileAnAdvanceWakesWaitsForTheAdvanceAfter() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var log: [String] = []
    let task = store.run { _ in
      for turn in 1... {
        try await Effect.clock.sleep(for: .zero)
        log.append("turn \(turn) at \(clock.now)")
      }
    }

    await clock.advance(by: .seconds(1))
    #expect(log == ["turn 1 at 0.0 seconds"])
    await clock.advance(by: .zero)
    #expect(log == ["turn 1 at 0.0 seconds", "turn 2 at 1.0 seconds"])

    task.cancel()
    await task.value
    #expect(log == ["turn 1 at 0.0 seconds", "turn 2 at 1.0 seconds"])
  }
}
