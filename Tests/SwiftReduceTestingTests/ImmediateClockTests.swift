import SwiftReduce
import SwiftReduceTesting
import Testing

@MainActor
struct ImmediateClockTests {
  @Test func immediateClockEndsSleepsAtOnceMovingNowToTheirEnd() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(2))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
    #expect(clock.now.description == "2.0 seconds")
  }

  @Test func immediateClockLetsATestStoreReceiveWhatASleepingEffectSends() async {
    let store = TestStore(Moviegoer(), clock: ImmediateClock())
    store.send(RatingAction.fetch("Alien"))
    await store.receive(RatingAction.rated("Alien", 1)) { $0.favoriteMovies.ratings["Alien"] = 1 }
    await store.finish()
  }

  @Test func immediateClockSleepOfACancelledTaskThrowsCancellationError() async {
    let clock = ImmediateClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
