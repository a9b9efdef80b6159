import SwiftReduce
import SwiftReduceTesting
import Testing

@MainActor
struct SentActionTests {
  @Test func sentActionFinishAwaitsTheEffectsItsSendStarted() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    let load = store.send(CinemaAction.requestPoster)
    await load.finish()
    #expect(store.store.runningEffects.isEmpty)
    await store.receive(CinemaAction.posterLoaded("Alien")) { $0.poster = "Alien" }
    await store.finish()
  }

  @Test func sentActionCancelCancelsOnlyTheEffectsItsSendStarted() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Alien")).cancel()
    store.send(RatingAction.fetch("Heat"))
    #expect(
      store.store.runningEffects.map(\.description) == [
        #"id "Heat", started by RatingAction.fetch("Heat") in favoriteMovies"#
      ])
    await clock.run()
    await store.receive(RatingAction.rated("Heat", 5)) { $0.favoriteMovies.ratings["Heat"] = 5 }
    await store.finish()
  }

  @Test func sentActionFinishFailsNamingOnlyItsEffectsAsleepOnTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    let alien = store.send(RatingAction.fetch("Alien"))
    store.send(RatingAction.fetch("Heat"))
    await expectIssues([
      """
      1 effect is still running, asleep on the TestClock until the test advances it:
        id "Alien", started by RatingAction.fetch("Alien") in favoriteMovies
      """
    ]) {
      await alien.finish()
    }
    await clock.advance(by: .seconds(1))
    await store.receive(RatingAction.rated("Alien", 1)) { $0.favoriteMovies.ratings["Alien"] = 1 }
    await store.receive(RatingAction.rated("Heat", 5)) { $0.favoriteMovies.ratings["Heat"] = 5 }
    await store.finish()
  }
}
