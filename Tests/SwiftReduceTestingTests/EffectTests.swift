import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

@MainActor
struct EffectTests {
  // MARK: - 1. Effects from models

  @Test func effectsFromModelsStartOnTheStoreThatIsDispatching() async {
    let clock = TestClock()
    let store = Store(Moviegoer(), clock: clock)
    store.dispatch(RatingAction.fetch("Alien"))
    #expect(store.favoriteMovies.ratings == [:])

    await clock.advance(by: .seconds(1))

    #expect(store.favoriteMovies.ratings == ["Alien": 1])
  }

  @Test func effectsFromValueModelsStartOnTheStoreThatIsDispatching() async {
    let clock = TestClock()
    let store = Store(Track(), clock: clock)
    store.dispatch(LapAction.start)

    await clock.advance(by: .seconds(1))

    #expect(store.stopwatches.map(\.laps) == [1])
  }

  @Test func effectsFromMiddlewareStartOnTheStoreThatIsDispatching() async {
    let clock = TestClock()
    let fetchOnRename = Middleware<Moviegoer> { action, _, next in
      next(action)
      guard case RatingAction.stop(let title) = action else { return }
      Effect.run { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(RatingAction.rated(title, 5))
      }
    }
    let store = Store(Moviegoer(), middleware: [fetchOnRename], clock: clock)
    store.dispatch(RatingAction.stop("Heat"))

    await clock.advance(by: .seconds(1))

    #expect(store.favoriteMovies.ratings == ["Heat": 5])
  }

  @Test func effectsFromAReduceDispatchingOnAnotherStoreStartOnTheInnerStore() async {
    let clock = TestClock()
    let inner = Store(Moviegoer(), clock: clock)
    let outer = Store(Relay(inner: inner))
    outer.dispatch(RelayAction.relay("Alien"))

    #expect(
      inner.runningEffects.map(\.description) == [
        #"id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies"#
      ])
    #expect(outer.runningEffects.isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(inner.favoriteMovies.ratings == ["Alien": 1])
  }

  @Test func effectsFromAReduceAfterItDispatchedOnAnotherStoreAreItsOwnWithItsStoresClock() async {
    let innerClock = TestClock()
    let outerClock = TestClock()
    let inner = Store(Moviegoer(), clock: innerClock)
    let store = TestStore(Lobby(inner: inner), clock: outerClock)
    store.send(StarterAction.start("Alien"))

    #expect(
      inner.runningEffects.map(\.description) == [
        #"id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies"#
      ])
    await expectIssues([
      """
      1 effect is still running after 0.0 seconds:
        id "own", started by StarterAction.start("Alien") in starter
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    // The outer effect sleeps on the outer clock; the inner one on the inner clock.
    await outerClock.advance(by: .seconds(2))
    await store.receive(StarterAction.started("Alien")) { $0.starter.started = ["Alien"] }
    await store.finish()
    #expect(inner.favoriteMovies.ratings == [:])
    await innerClock.advance(by: .seconds(1))
    #expect(inner.favoriteMovies.ratings == ["Alien": 1])
  }

  @Test func effectRunOutsideAnyDispatchStopsTheProgramSayingToUseStoreRun() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Effect.run { _ in }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "SwiftReduce: Effect.run was called outside any dispatch. Call it while a store "
          + "dispatches, on the main actor: from a model's reduce(action:), a middleware or a "
          + "subscriber. Anywhere else, use store.run on the store."), "\(message)")
  }

  @Test func effectRunOnTheMainActorOutsideAnyDispatchStopsTheProgramSayingToUseStoreRun() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { _ = Effect.run { _ in } }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Anywhere else, use store.run on the store."), "\(message)")
  }

  @Test func effectCancelOutsideAnyDispatchStopsTheProgramSayingToUseStoreCancel() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { Effect.cancel(id: "search") }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "SwiftReduce: Effect.cancel(id:) was called outside any dispatch. Call it while a store "
          + "dispatches, on the main actor: from a model's reduce(action:), a middleware or a "
          + "subscriber. Anywhere else, use store.cancel(id:) on the store."), "\(message)")
  }

  // MARK: - 2. Send after cancellation does nothing

  /// The ways an effect is cancelled.
  enum Cancellation: CaseIterable, Sendable {
    case byID, byCancelInFlight, byCancellingItsTask, byReleasingTheStore
  }

  @Test(arguments: Cancellation.allCases)
  func sendAfterCancellationDoesNothing(_ cancellation: Cancellation) async {
    let clock = TestClock()
    let list = RatingsList()
    var store: Store<RatingsList>? = Store(list, clock: clock)
    var sent = 0
    let task = store?.run(id: "rating") { send in
      // Swallows the cancellation and sends anyway.
      try? await Effect.clock.sleep(for: .seconds(1))
      sent += 1
      send(RatingAction.rated("Alien", 5))
    }
    await clock.advance()
    switch cancellation {
    case .byID: store?.cancel(id: "rating")
    case .byCancelInFlight: store?.run(id: "rating", cancelInFlight: true) { _ in }
    case .byCancellingItsTask: task?.cancel()
    case .byReleasingTheStore: store = nil
    }
    await task?.value
    await store?.waitForTasks()

    #expect(sent == 1)
    #expect(list.ratings == [:])
    #expect(store?.runningEffects.isEmpty ?? true)
  }

  @Test func sendDuringADispatchIsQueuedLikeDispatch() async {
    let store = Store(RatingsList())
    var log: [String] = []
    var saved: Send?
    let subscription = store.subscribe(\.ratings) { ratings in
      log.append("ratings: \(ratings.keys.sorted())")
      if ratings.count == 1 { saved?(RatingAction.rated("Heat", 3)) }
      log.append("subscriber returns")
    }
    await store.run { send in
      saved = send
      send(RatingAction.rated("Alien", 5))
    }.value

    #expect(
      log == [
        "ratings: []", "subscriber returns",
        #"ratings: ["Alien"]"#, "subscriber returns",
        #"ratings: ["Alien", "Heat"]"#, "subscriber returns",
      ])
    withExtendedLifetime(subscription) {}
  }

  // MARK: - 3. Ids

  @Test func idsCompareAsAnyHashables() async {
    let store = Store(RatingsList(), clock: TestClock())
    let one = store.run(id: 1) { _ in try await Effect.clock.sleep(for: .seconds(1)) }
    let int64 = store.run(id: Int64(1)) { _ in try await Effect.clock.sleep(for: .seconds(1)) }
    let text = store.run(id: "1") { _ in try await Effect.clock.sleep(for: .seconds(1)) }

    store.cancel(id: 1)

    #expect([one.isCancelled, int64.isCancelled, text.isCancelled] == [true, true, false])
    store.cancel(id: "1")
    await store.waitForTasks()
  }

  @Test func idsCancelInFlightCancelsTheRunningEffectsWithAnEqualIdBeforeStarting() async {
    let clock = TestClock()
    let store = Store(Moviegoer(), clock: clock)
    store.dispatch(RatingAction.fetchLatest("Alien"))
    store.dispatch(RatingAction.fetch("Heat"))
    store.dispatch(RatingAction.fetchLatest("Aliens"))

    await clock.advance(by: .seconds(1))

    #expect(store.favoriteMovies.ratings == ["Heat": 5, "Aliens": 2])
  }

  @Test func idsCancelCancelsEveryEffectWithThatIdAndNoOther() async {
    let clock = TestClock()
    let store = Store(Moviegoer(), clock: clock)
    store.dispatch(RatingAction.fetch("Alien"))
    store.dispatch(RatingAction.fetch("Alien"))
    store.dispatch(RatingAction.fetch("Heat"))
    store.dispatch(RatingAction.stop("Alien"))

    await clock.advance(by: .seconds(1))

    #expect(store.favoriteMovies.ratings == ["Heat": 5])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func idsOfOtherStoresAreNeverTouched() async {
    let clock = TestClock()
    let first = Store(Moviegoer(), clock: clock)
    let second = Store(Moviegoer(), clock: clock)
    first.dispatch(RatingAction.fetch("Alien"))
    second.dispatch(RatingAction.fetchLatest("Alien"))
    second.dispatch(RatingAction.fetch("Alien"))
    second.dispatch(RatingAction.stop("Alien"))
    first.dispatch(RatingAction.fetchLatest("Heat"))

    await clock.advance(by: .seconds(1))

    #expect(first.favoriteMovies.ratings == ["Alien": 1, "Heat": 5])
    #expect(second.favoriteMovies.ratings == ["Alien": 1])
  }

  // MARK: - 4. Clock

  @Test func clockInsideAnEffectIsTheStoresClockAndSoInTheTasksItCreates() async {
    let clock = TestClock()
    let store = Store(RatingsList(), clock: clock)
    var seen: [Bool] = []
    await store.run { _ in
      seen.append(Effect.clock as? TestClock === clock)
      await Task { seen.append(Effect.clock as? TestClock === clock) }.value
    }.value

    #expect(seen == [true, true])
    #expect(store.clock as? TestClock === clock)
  }

  @Test func clockOutsideAnEffectIsAContinuousClock() {
    #expect(Effect.clock is ContinuousClock)
    #expect(Store(RatingsList()).clock is ContinuousClock)
  }

  @Test func clockDebounceIsCancelInFlightAndASleepOnTheStoresClock() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetchLatest("Alien"))
    await clock.advance(by: .milliseconds(500))
    store.send(RatingAction.fetchLatest("Aliens"))
    await clock.advance(by: .milliseconds(999))
    #expect(store.root.favoriteMovies.ratings == [:])

    await clock.advance(by: .milliseconds(1))

    await store.receive(RatingAction.rated("Aliens", 2)) {
      $0.favoriteMovies.ratings["Aliens"] = 2
    }
    await store.finish()
  }

  // MARK: - 5. Errors

  @Test func errorsFailTheTestStoreNamingTheEffectAndItsAction() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)

    // Sent inside: the effect's task inherits the known issue's scope.
    await expectIssues([
      #"The effect id "offline", started by RatingAction.fetchOffline("Alien") in "#
        + "favoriteMovies, threw SwiftReduceTestingTests.RatingError.offline."
    ]) {
      store.send(RatingAction.fetchOffline("Alien"))
      await clock.advance(by: .seconds(1))
    }
    await store.finish()
  }

  @Test func anErrorACancelledEffectThrowsIsReportedBeforeFinishReturns() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    let text =
      #"The effect id "Alien", started by RatingAction.fetchStubborn("Alien") in "#
      + "favoriteMovies, threw SwiftReduceTestingTests.RatingError.offline."
    let recorded = RecordedIssues()
    var reportedWhenFinishReturned: [String] = []
    // Sent inside: the effect's task inherits the known issue's scope.
    await withKnownIssue {
      store.send(RatingAction.fetchStubborn("Alien"))
      store.send(RatingAction.stop("Alien"))
      await store.finish()
      reportedWhenFinishReturned = recorded.texts
    } matching: { issue in
      recorded.match(issue, against: [text])
    }
    #expect(reportedWhenFinishReturned == [text])
  }

  @Test func errorsOtherThanCancellationAreTheOnlyOnesReported() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Alien"))
    store.send(RatingAction.stop("Alien"))

    await clock.run()
    await store.finish()
    #expect(store.root.favoriteMovies.ratings == [:])
  }

  #if DEBUG
    @Test func errorsArePrintedOncePerIdAndErrorTypeWithTheActionInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await EffectTests.throwOfflineTwice()
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      expectText(
        message,
        #"SwiftReduce: the effect id "backup", started by store.run outside any dispatch, "#
          + "threw SwiftReduceTestingTests.RatingError.offline (reported once per id and error "
          + "type in debug builds)\n"
          + #"SwiftReduce: the effect id "offline", started by RatingAction.fetchOffline("Alien") "#
          + "in favoriteMovies, threw SwiftReduceTestingTests.RatingError.offline (reported "
          + "once per id and error type in debug builds)\n")
    }
  #endif

  /// Runs two effects with one id that throw the same error, and one with another id.
  static func throwOfflineTwice() async {
    let clock = TestClock()
    let store = Store(Moviegoer(), clock: clock)
    store.dispatch(RatingAction.fetchOffline("Alien"))
    store.dispatch(RatingAction.fetchOffline("Heat"))
    store.run(id: "backup") { _ in throw RatingError.offline }
    await clock.run()
    await store.waitForTasks()
  }

  // MARK: - 6. Tests see everything

  @Test func testsSeeEverythingWaitForTasksAwaitsEffectsStartedByModels() async {
    let clock = TestClock()
    let store = Store(Track(), clock: clock)
    store.dispatch(LapAction.start)
    #expect(store.runningEffects.count == 1)

    async let advanced: Void = clock.advance(by: .seconds(1))
    await store.waitForTasks()
    await advanced

    #expect(store.stopwatches.map(\.laps) == [1])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func testsSeeEverythingTheTestStoreReceivesWhatEffectsFromModelsSend() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Alien"))
    store.send(RatingAction.fetch("Heat"))
    await clock.advance(by: .seconds(1))
    await store.receive(RatingAction.rated("Alien", 1)) { $0.favoriteMovies.ratings["Alien"] = 1 }
    await store.receive(RatingAction.rated("Heat", 5)) { $0.favoriteMovies.ratings["Heat"] = 5 }
    await store.finish()
  }

  @Test func testsSeeEverythingFinishNamesEachRunningEffectsIdActionAndModelPath() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), middleware: [posterLoaderForMoviegoer], clock: clock)
    store.send(RatingAction.fetch("Alien"))
    store.send(RatingAction.fetchLatest("Heat"))
    store.store.run(id: 7) { _ in try await Effect.clock.sleep(for: .seconds(1)) }

    await expectIssues([
      """
      4 effects are still running after 0.0 seconds:
        id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies
        id "rating", started by RatingAction.fetchLatest("Heat") in favoriteMovies
        no id, started during RatingAction.fetchLatest("Heat") outside any model
        id 7, started by store.run outside any dispatch
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    await clock.run()
    await store.receive(RatingAction.rated("Alien", 1)) { $0.favoriteMovies.ratings["Alien"] = 1 }
    await store.receive(RatingAction.rated("Heat", 5)) { $0.favoriteMovies.ratings["Heat"] = 5 }
    await store.finish()
  }

  @Test func testsSeeEverythingFinishFailsAtOnceNamingTheEffectsAsleepOnTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Alien"))
    await expectIssues([
      """
      1 effect is still running, asleep on the TestClock until the test advances it:
        id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies
      """
    ]) {
      await store.finish(timeout: .seconds(60))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(RatingAction.rated("Alien", 1)) { $0.favoriteMovies.ratings["Alien"] = 1 }
    await store.finish()
  }

  @Test func testsSeeEverythingReceiveFailsAtOnceNamingTheEffectsAsleepOnTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Alien"))
    await expectIssues([
      """
      Expected to receive RatingAction.rated("Alien", 1), but it was not dispatched; 1 effect \
      is still running, asleep on the TestClock until the test advances it:
        id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies
      """
    ]) {
      await store.receive(RatingAction.rated("Alien", 1), timeout: .seconds(60))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(RatingAction.rated("Alien", 1)) { $0.favoriteMovies.ratings["Alien"] = 1 }
    await store.finish()
  }

  @Test func testsSeeEverythingReceiveWaitsForAnAwakeEffectHoweverOftenItSuspends() async {
    let store = TestStore(Moviegoer())
    store.store.run { send in
      for _ in 0..<200 {
        await Task.detached { await Task.yield() }.value
        await Task.yield()
      }
      send(RatingAction.rated("Heat", 5))
    }
    await store.receive(RatingAction.rated("Heat", 5)) { $0.favoriteMovies.ratings["Heat"] = 5 }
    await store.finish()
  }

  @Test func testsSeeEverythingMessagesNameTheModelThatStartedAnEffectAmongSeveralTakingItsAction()
    async
  {
    let clock = TestClock()
    let store = TestStore(Screening(), clock: clock)
    store.send(RatingAction.fetch("Alien")) { $0.ledger.seen = 1 }
    await expectIssues([
      """
      1 effect is still running after 0.0 seconds:
        id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    await clock.run()
    await store.receive(RatingAction.rated("Alien", 1)) {
      $0.ledger.seen = 2
      $0.favoriteMovies.ratings["Alien"] = 1
    }
    await store.finish()
  }

  @Test func testsSeeEverythingMessagesNameAValueModelThatStartedAnEffectByItsPath() async {
    let clock = TestClock()
    let store = TestStore(Track(), clock: clock)
    store.send(LapAction.start)
    await expectIssues([
      """
      1 effect is still running after 0.0 seconds:
        no id, started by LapAction.start in stopwatches[0]
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    await clock.run()
    await store.receive(LapAction.lap) { $0.stopwatches[0].laps = 1 }
    await store.finish()
  }

  @Test func testsSeeEverythingMessagesNameAValueModelInADictionaryByItsKey() async {
    let clock = TestClock()
    let store = TestStore(Stadium(), clock: clock)
    store.send(LapAction.start)
    await expectIssues([
      """
      1 effect is still running after 0.0 seconds:
        no id, started by LapAction.start in lanes["ada"]
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    await clock.run()
    await store.receive(LapAction.lap) { $0.lanes["ada"]?.laps = 1 }
    await store.finish()
  }

  @Test func testsSeeEverythingMessagesNameEachValueModelInsideValuesByItsPath() async {
    let clock = TestClock()
    let store = TestStore(Team(), clock: clock)
    store.send(LapAction.start)
    await expectIssues([
      """
      2 effects are still running after 0.0 seconds:
        no id, started by LapAction.start in runners[0].stopwatch
        no id, started by LapAction.start in runners[1].stopwatch
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    await clock.run()
    await store.receive(LapAction.lap) {
      $0.runners[0].stopwatch.laps = 1
      $0.runners[1].stopwatch.laps = 1
    }
    await store.receive(LapAction.lap) {
      $0.runners[0].stopwatch.laps = 2
      $0.runners[1].stopwatch.laps = 2
    }
    await store.finish()
  }

  @Test func testsSeeEverythingAValueModelThatDispatchedOnAnotherStoreIsNamedByItsOwnPath() async {
    let innerClock = TestClock()
    let outerClock = TestClock()
    let inner = Store(Track(), clock: innerClock)
    let store = TestStore(Pacing(inner: inner), clock: outerClock)
    store.send(PaceAction.go)

    #expect(
      inner.runningEffects.map(\.description) == [
        "no id, started by LapAction.start in stopwatches[0]"
      ])
    await expectIssues([
      """
      1 effect is still running after 0.0 seconds:
        no id, started by PaceAction.go in pacers["ada"]
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    await outerClock.advance(by: .seconds(2))
    await store.receive(PaceAction.went) { $0.pacers["ada"]?.went = 1 }
    await store.finish()
    await innerClock.advance(by: .seconds(1))
    #expect(inner.stopwatches.map(\.laps) == [1])
  }

  @Test func testsSeeEverythingMessagesNameValueLeavesReducedInOneLoopByTheirArray() async {
    let clock = TestClock()
    let store = TestStore(Heat(), clock: clock)
    store.send(LapAction.start)
    await expectIssues([
      """
      3 effects are still running after 0.0 seconds:
        no id, started by LapAction.start in one of the 3 value models in stopwatches
        no id, started by LapAction.start in one of the 3 value models in stopwatches
        no id, started by LapAction.start in one of the 3 value models in stopwatches
      """
    ]) {
      await store.finish(timeout: .zero)
    }
    await clock.run()
    for laps in 1...3 {
      await store.receive(LapAction.lap) {
        $0.stopwatches = Array(repeating: Stopwatch(laps: laps), count: 3)
      }
    }
    await store.finish()
  }

  @Test func testsSeeEverythingReleasingATestStoreWithAnActionNotReceivedFailsTheReleasingTest()
    async
  {
    let clock = TestClock()
    var store: TestStore<Moviegoer>? = TestStore(Moviegoer(), clock: clock)
    store?.send(RatingAction.fetch("Alien"))
    await clock.advance(by: .seconds(1))

    expectIssues([
      """
      1 action was dispatched but not received before the test store was released:
        RatingAction.rated("Alien", 1)
      """
    ]) {
      store = nil
    }
  }

  @Test func testsSeeEverythingReleasingATestStoreWithAnEffectRunningFailsNamingIt() async {
    let clock = TestClock()
    var store: TestStore<Moviegoer>? = TestStore(Moviegoer(), clock: clock)
    store?.send(RatingAction.fetch("Alien"))
    await clock.advance(by: .milliseconds(999))

    expectIssues([
      """
      1 effect is still running when the test store was released:
        id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies
      """
    ]) {
      store = nil
    }
  }

  @Test func testsSeeEverythingAReleasedTestStoreDoesNotRepeatWhatFinishReported() async {
    let clock = TestClock()
    var store: TestStore<Moviegoer>? = TestStore(Moviegoer(), clock: clock)
    store?.send(RatingAction.fetch("Alien"))
    await expectIssues([
      """
      1 effect is still running after 0.0 seconds:
        id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies
      """
    ]) {
      await store?.finish(timeout: .zero)
    }
    store = nil
  }

  @Test func testsSeeEverythingAReleasedTestStoreWithExhaustivityOffReportsNothing() async {
    let clock = TestClock()
    var store: TestStore<Moviegoer>? = TestStore(Moviegoer(), clock: clock)
    store?.exhaustivity = .off
    store?.send(RatingAction.fetch("Alien"))
    store?.send(RatingAction.fetch("Heat"))
    await clock.advance(by: .milliseconds(1_500))
    store = nil
  }
}

/// Starts an effect with no id whenever the latest rating is asked for.
let posterLoaderForMoviegoer = Middleware<Moviegoer> { action, store, next in
  next(action)
  guard case RatingAction.fetchLatest = action else { return }
  store.run { _ in try await Effect.clock.sleep(for: .seconds(1)) }
}
