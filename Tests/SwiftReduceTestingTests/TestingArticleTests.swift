import SwiftReduce
import SwiftReduceTesting
import Testing

/// Runs the examples of the *Testing* article and of the SwiftReduceTesting
/// landing page verbatim, checking that passing examples pass and that
/// failing ones record exactly the text the article shows.
@MainActor
struct TestingArticleTests {
  @Test func landingPageExamplePasses() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.sell("Alien")) {
      $0.sales["Alien"] = 1
    }
    await store.receive(CinemaAction.audit) {
      $0.audits = 1
    }
    await store.finish()
  }

  @Test func sendingActionsExamplePasses() {
    let store = TestStore(Cinema())
    store.send(CinemaAction.openBoxOffice) {
      $0.boxOffice.isOpen = true
    }
    store.send(CinemaAction.rename("Rex"))  // changes nothing: no closure
  }

  @Test func failingSendExamplesRecordTheArticlesText() {
    let store = TestStore(Cinema())
    expectIssues([
      """
      State after CinemaAction.sell("Alien") is not as expected (- expected, + actual):
      sales["Alien"]
        - 2
        + 1
      """,
      """
      State after CinemaAction.addScreen("Heat") is not as expected (- expected, + actual):
      screens[0]
        + Screen
        +   film: "Heat"
        +   seats: 100
        +   cinema: Cinema (same as root)
      """,
    ]) {
      store.send(CinemaAction.sell("Alien")) {
        $0.sales["Alien"] = 2
      }
      store.send(CinemaAction.addScreen("Heat"))
    }
  }

  @Test func receivingExamplePasses() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.requestPoster)
    await store.receive(CinemaAction.posterLoaded("Alien")) {
      $0.poster = "Alien"
    }
    store.send(CinemaAction.sell("Alien")) {
      $0.sales["Alien"] = 1
    }
    await store.receive(CinemaAction.audit) {
      $0.audits = 1
    }
    await store.finish()
  }

  @Test func unreceivedActionExampleRecordsTheArticlesText() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    await expectIssues([
      """
      1 action was dispatched but not received before finishing:
        CinemaAction.audit
      """
    ]) {
      store.send(CinemaAction.sell("Alien")) {
        $0.sales["Alien"] = 1
      }
      await store.finish()
    }
  }

  @Test func waitingExampleFailsAtOnceWhenNoEffectIsLeftToDispatch() async {
    let store = TestStore(Cinema())
    await expectIssues([
      "Expected to receive CinemaAction.audit, but it was not dispatched, and no effect is "
        + "running to dispatch it."
    ]) {
      await store.receive(CinemaAction.audit)
    }
  }

  @Test func runningEffectExampleRecordsTheArticlesText() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    await expectIssues([
      """
      1 effect is still running after 0.01 seconds:
        no id, started during CinemaAction.wait outside any model
      """
    ]) {
      store.send(CinemaAction.wait)
      await store.finish(timeout: .milliseconds(10))
    }
  }

  @Test func exhaustivityExampleRecordsOnlyTheAssertedMismatch() {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    expectIssues([
      """
      State after CinemaAction.sell("Alien") is not as expected (- expected, + actual):
      sales["Alien"]
        - 3
        + 2
      """
    ]) {
      store.exhaustivity = .off
      store.send(CinemaAction.sell("Alien"))  // the sale and its audit: not checked
      store.send(CinemaAction.addScreen("Alien")) {
        $0.screens.append(Screen(film: "Alien", cinema: $0))
      }
      store.send(CinemaAction.sell("Alien")) {
        $0.sales["Alien"] = 3
      }
    }
  }

  @Test func actionCarryingAnErrorExampleRecordsTheArticlesText() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.answered(.failure(ServerError(code: 500))))
    await expectIssues([
      """
      Expected to receive LookupAction.answered(Swift.Result<Swift.Array<Swift.String>, \
      Swift.Error>.failure(SwiftReduceTestingTests.ServerError(code: 404))), but received \
      LookupAction.answered(Swift.Result<Swift.Array<Swift.String>, Swift.Error>.failure(\
      SwiftReduceTestingTests.ServerError(code: 500))).
      """
    ]) {
      await store.receive(LookupAction.answered(.failure(ServerError(code: 404))))
    }
    await store.finish()
  }

  @Test func actionCarryingAnErrorIsReceivedByTheArticlesPredicate() async {
    let store = TestStore(Lookup())
    store.store.dispatch(LookupAction.answered(.failure(ServerError(code: 500))))
    await store.receive(
      LookupAction.self,
      where: { if case .answered(.failure) = $0 { true } else { false } },
      assert: { $0.failure = "ServerError(code: 500)" })
    await store.finish()
  }
}
