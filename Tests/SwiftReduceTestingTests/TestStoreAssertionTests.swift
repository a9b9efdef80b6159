import SwiftReduce
import SwiftReduceTesting
import Testing

@MainActor
struct TestStoreAssertionTests {
  // MARK: - Receiving by type or predicate

  @Test func receiveByTypeTakesTheNextActionOfThatType() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Alien"))
    await clock.advance(by: .seconds(1))
    await store.receive(RatingAction.self) { $0.favoriteMovies.ratings["Alien"] = 1 }
    await store.finish()
  }

  @Test func receiveByPredicateTakesTheActionItMatches() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Alien"))
    await clock.advance(by: .seconds(1))
    await store.receive(
      RatingAction.self, where: isAlienRated,
      assert: { $0.favoriteMovies.ratings["Alien"] = 1 })
    await store.finish()
  }

  @Test func receiveByPredicateFailsNamingTheActionItDidNotMatch() async {
    let clock = TestClock()
    let store = TestStore(Moviegoer(), clock: clock)
    store.send(RatingAction.fetch("Heat"))
    await clock.advance(by: .seconds(1))
    await expectIssues([
      #"Expected to receive a RatingAction that matches, but received RatingAction.rated("Heat", 5)."#
    ]) {
      await store.receive(RatingAction.self, where: isAlienRated)
    }
  }

  @Test func receiveByTypeFailsAtOnceWhenNoEffectIsLeftToDispatch() async {
    let store = TestStore(Cinema())
    await expectIssues([
      "Expected to receive a RatingAction, but it was not dispatched, and no effect is running "
        + "to dispatch it."
    ]) {
      await store.receive(RatingAction.self)
    }
  }

  // MARK: - Asserting without an action

  @Test func assertPassesForTheStateAsItIs() {
    let store = TestStore(Cinema())
    store.send(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }
    store.assert { $0.name = "Odeon" }
    store.assert { _ in }
  }

  @Test func assertFailsNamingEachValueThatIsNotAsExpected() {
    let store = TestStore(Cinema())
    store.root.name = "Odeon"
    expectIssues([
      """
      State is not as expected (- expected, + actual):
      name
        - "Rex"
        + "Odeon"
      """
    ]) {
      store.assert { $0.name = "Rex" }
    }
  }

  @Test func assertWithExhaustivityOffChecksOnlyWhatTheClosureChanges() {
    let store = TestStore(Cinema())
    store.root.name = "Odeon"
    store.root.audits = 3
    store.exhaustivity = .off
    expectIssues([
      """
      State is not as expected (- expected, + actual):
      audits
        - 2
        + 3
      """
    ]) {
      store.assert { $0.audits = 2 }
    }
  }

  // MARK: - Exhaustivity for a scope

  @Test func withExhaustivityOffChecksOnlyWhatTheScopeAssertsThenOnAgain() {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.withExhaustivity(.off) {
      store.send(CinemaAction.sell("Alien"))
    }
    #expect(store.exhaustivity == .on)
    expectIssues([
      """
      State after CinemaAction.rename("Odeon") is not as expected (- expected, + actual):
      name
        - "Rex"
        + "Odeon"
      """
    ]) {
      store.send(CinemaAction.rename("Odeon"))
    }
  }

  @Test func withExhaustivityOffSpansAwaitsInItsScope() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    await store.withExhaustivity(.off) {
      store.send(CinemaAction.sell("Alien"))
      store.send(CinemaAction.requestPoster)
      await store.receive(CinemaAction.posterLoaded("Alien"))
    }
    #expect(store.exhaustivity == .on)
    await store.finish()
  }

  /// Whether the action rates Alien, with any number of stars.
  private func isAlienRated(_ action: RatingAction) -> Bool {
    if case .rated("Alien", _) = action { true } else { false }
  }
}
