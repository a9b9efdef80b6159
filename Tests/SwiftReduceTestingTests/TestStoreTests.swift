import SwiftReduce
import SwiftReduceTesting
import Synchronization
import Testing

@MainActor
struct TestStoreTests {
  // MARK: - Sending

  @Test func sendPassesWhenTheClosureDescribesEveryChange() {
    let store = TestStore(Cinema())
    store.send(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }
    store.send(CinemaAction.openBoxOffice) { $0.boxOffice.isOpen = true }
    #expect(store.root.name == "Odeon")
  }

  @Test func sendNeedsNoClosureForAnActionThatChangesNothing() {
    let store = TestStore(Cinema())
    store.send(CinemaAction.rename("Rex"))
    #expect(store.root.name == "Rex")
  }

  @Test func wrongExpectationFailsTheSwiftTestingTestAtTheCallersFileAndLine() {
    let store = TestStore(Cinema())
    let locations = Mutex<[SourceLocation?]>([])
    withKnownIssue {
      store.send(CinemaAction.rename("Odeon")) { $0.name = "Rex" }
    } matching: { issue in
      locations.withLock { $0.append(issue.sourceLocation) }
      return true
    }
    let expected = SourceLocation(
      fileID: #fileID, filePath: #filePath, line: #line - 6, column: 17)
    #expect(locations.withLock { $0 } == [expected])
  }

  @Test func unassertedChangeToANestedModelFieldFailsWithItsPathAndValues() {
    let store = TestStore(Cinema())
    expectIssues([
      """
      State after CinemaAction.openBoxOffice is not as expected (- expected, + actual):
      boxOffice.isOpen
        - false
        + true
      """
    ]) {
      store.send(CinemaAction.openBoxOffice)
    }
  }

  @Test func wrongDictionaryEntryFailsWithItsKeyAndValues() {
    let store = TestStore(Cinema(), middleware: [])
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
    expectIssues([
      """
      State after CinemaAction.sell("Alien") is not as expected (- expected, + actual):
      sales["Alien"]
        - 3
        + 2
      """
    ]) {
      store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 3 }
    }
  }

  @Test func missingModelInAnArrayFailsShowingTheWholeModel() {
    let store = TestStore(Cinema())
    store.send(CinemaAction.addScreen("Alien")) {
      $0.screens.append(Screen(film: "Alien", cinema: $0))
    }
    expectIssues([
      """
      State after CinemaAction.addScreen("Heat") is not as expected (- expected, + actual):
      screens[1]
        + Screen
        +   film: "Heat"
        +   seats: 100
        +   cinema: Cinema (same as root)
      """
    ]) {
      store.send(CinemaAction.addScreen("Heat"))
    }
  }

  @Test func severalDifferencesMakeOneIssue() {
    let store = TestStore(Cinema())
    expectIssues([
      """
      State after CinemaAction.sell("Heat") is not as expected (- expected, + actual):
      name
        - "Odeon"
        + "Rex"
      sales["Heat"]
        + 1
      """
    ]) {
      store.send(CinemaAction.sell("Heat")) { $0.name = "Odeon" }
    }
  }

  @Test func closureNeverTouchesTheRealTree() throws {
    let cinema = Cinema()
    cinema.screens = [Screen(film: "Alien", cinema: cinema)]
    let store = TestStore(cinema)
    var copy: Cinema?
    expectIssues([
      """
      State after CinemaAction.rename("Odeon") is not as expected (- expected, + actual):
      boxOffice.tills
        - 3
        + 1
      screens[0].seats
        - 50
        + 100
      """
    ]) {
      store.send(CinemaAction.rename("Odeon")) {
        copy = $0
        $0.name = "Odeon"
        $0.screens[0].seats = 50
        $0.screens[0].cinema?.boxOffice.tills = 3
      }
    }
    #expect(cinema.screens[0].seats == 100)
    #expect(cinema.boxOffice.tills == 1)
    let closureTree = try #require(copy)
    #expect(closureTree !== cinema)
    #expect(closureTree.screens[0] !== cinema.screens[0])
    #expect(closureTree.screens[0].cinema === closureTree)
    #expect(closureTree.visitors === cinema.visitors)
  }

  @Test func changeMadeDirectlyBeforeSendingIsNotTheActionsChange() {
    let store = TestStore(Cinema())
    store.root.name = "Odeon"
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
  }

  @Test func relativeChangeStartsFromTheStateJustBeforeTheAction() {
    let store = TestStore(Cinema())
    store.exhaustivity = .off
    store.send(CinemaAction.sell("Alien"))
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien", default: 0] += 1 }
    #expect(store.root.sales["Alien"] == 2)
  }

  @Test func sendChecksAHundredThousandDeepChainWithoutRecursion() {
    let first = Reel()
    var last = first
    for _ in 1..<100_000 {
      let next = Reel()
      last.next = next
      last = next
    }
    let store = TestStore(first)
    store.send(CinemaAction.audit) {
      var reel = $0
      while let next = reel.next { reel = next }
      reel.frame = 1
    }
    #expect(last.frame == 1)
    expectIssues([
      """
      State after CinemaAction.rename("x") is not as expected (- expected, + actual):
      frame
        - 7
        + 0
      """
    ]) {
      store.send(CinemaAction.rename("x")) { $0.frame = 7 }
    }
    var next = first.next
    first.next = nil
    while let current = next {
      next = current.next
      current.next = nil
    }
  }

  @Test func copyDeinitDoesNotRunWhileTheTestStoreLives() {
    let store = TestStore(Booth())
    var films: [String] = []
    store.root.projector.subscription = store.store.subscribe(\.film) { films.append($0) }
    store.send(CinemaAction.rename("Alien")) { $0.film = "Alien" }
    store.send(CinemaAction.rename("Heat")) { $0.film = "Heat" }
    #expect(films == ["", "Alien", "Heat"])
  }

  @Test func rootIsTheRealTree() {
    let cinema = Cinema()
    let store = TestStore(cinema)
    #expect(store.root === cinema)
    #expect(store.store.root === cinema)
  }

  @Test func middlewareGivenToTheTestStoreSeesEveryAction() {
    var seen: [String] = []
    let spy = Middleware<Cinema> { action, _, next in
      seen.append("\(action)")
      next(action)
    }
    let store = TestStore(Cinema(), middleware: [spy])
    store.send(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }
    #expect(seen == ["rename(\"Odeon\")"])
  }

  // MARK: - Receiving

  @Test func actionFromMiddlewareIsReceivedWithItsOwnChange() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
    await store.receive(CinemaAction.audit) { $0.audits = 1 }
    await store.finish()
  }

  @Test func actionFromAnEffectIsReceived() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.requestPoster)
    await store.receive(CinemaAction.posterLoaded("Alien")) { $0.poster = "Alien" }
    await store.finish()
  }

  @Test func actionFromASubscriberIsReceived() async {
    let store = TestStore(Cinema())
    let subscription = store.store.subscribe(\.name) { name in
      if name == "Odeon" { store.store.dispatch(CinemaAction.sell("Odeon")) }
    }
    store.send(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }
    await store.receive(CinemaAction.sell("Odeon")) { $0.sales["Odeon"] = 1 }
    await store.finish()
    subscription.cancel()
  }

  /// A send compares the tree itself only while nothing came after its action: an action
  /// queued behind it is received with the state it left, whatever changed the tree since.
  @Test func actionQueuedBehindASendIsReceivedWithTheStateItLeft() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
    store.root.name = "Changed after the audit"
    await store.receive(CinemaAction.audit) { $0.audits = 1 }
    await store.finish()
  }

  @Test func unreceivedActionFailsAtTheNextSendNamingIt() {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
    expectIssues([
      """
      1 action was dispatched but not received before sending CinemaAction.rename("Odeon"):
        CinemaAction.audit
      """
    ]) {
      store.send(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }
    }
  }

  @Test func unreceivedActionFailsAtFinishNamingIt() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
    await expectIssues([
      """
      1 action was dispatched but not received before finishing:
        CinemaAction.audit
      """
    ]) {
      await store.finish()
    }
  }

  @Test func receivingAnotherActionFailsNamingBoth() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
    await expectIssues(["Expected to receive CinemaAction.wait, but received CinemaAction.audit."])
    {
      await store.receive(CinemaAction.wait)
    }
  }

  @Test func receiveFailsWhenNothingIsDispatchedInTime() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.wait)
    await expectIssues([
      """
      Expected to receive CinemaAction.audit within 0.01 seconds, but it was not dispatched; \
      1 effect is still running:
        no id, started during CinemaAction.wait outside any model
      """,
      """
      1 effect is still running after 0.0 seconds:
        no id, started during CinemaAction.wait outside any model
      """,
    ]) {
      await store.receive(CinemaAction.audit, timeout: .milliseconds(10))
      await store.finish(timeout: .zero)
    }
  }

  @Test func receiveFailsAtOnceWhenNoEffectIsLeftToDispatch() async {
    let store = TestStore(Cinema())
    await expectIssues([
      "Expected to receive CinemaAction.audit, but it was not dispatched, and no effect is "
        + "running to dispatch it."
    ]) {
      await store.receive(CinemaAction.audit, timeout: .seconds(60))
    }
  }

  @Test func wrongChangeOfAReceivedActionFails() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.sell("Alien")) { $0.sales["Alien"] = 1 }
    await expectIssues([
      """
      State after CinemaAction.audit is not as expected (- expected, + actual):
      audits
        - 2
        + 1
      """
    ]) {
      await store.receive(CinemaAction.audit) { $0.audits = 2 }
    }
  }

  @Test func finishFailsWhileAnEffectIsStillRunning() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.send(CinemaAction.wait)
    await expectIssues([
      """
      1 effect is still running after 0.01 seconds:
        no id, started during CinemaAction.wait outside any model
      """
    ]) {
      await store.finish(timeout: .milliseconds(10))
    }
  }

  // MARK: - Exhaustivity off

  @Test func exhaustivityOffLetsUnassertedChangesPass() {
    let store = TestStore(Cinema())
    store.exhaustivity = .off
    store.send(CinemaAction.sell("Alien"))
    store.send(CinemaAction.addScreen("Alien")) { $0.sales["Alien"] = 1 }
    #expect(store.root.screens.count == 1)
  }

  @Test func exhaustivityOffStillChecksWhatIsAsserted() {
    let store = TestStore(Cinema())
    store.exhaustivity = .off
    store.send(CinemaAction.rename("Odeon"))
    expectIssues([
      """
      State after CinemaAction.sell("Alien") is not as expected (- expected, + actual):
      sales["Alien"]
        - 2
        + 1
      """
    ]) {
      store.send(CinemaAction.sell("Alien")) {
        $0.name = "Odeon"
        $0.sales["Alien"] = 2
      }
    }
  }

  @Test func exhaustivityOffLetsUnreceivedActionsPass() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.exhaustivity = .off
    store.send(CinemaAction.sell("Alien"))
    store.send(CinemaAction.sell("Heat")) { $0.sales["Heat"] = 1 }
    await store.finish()
    #expect(store.root.audits == 2)
  }

  @Test func exhaustivityOffReceiveSkipsToTheExpectedAction() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.exhaustivity = .off
    store.send(CinemaAction.sell("Alien"))
    store.store.dispatch(CinemaAction.rename("Odeon"))
    await store.receive(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }
    await store.finish()
  }

  @Test func exhaustivityOffReceiveNamesWhatItSkippedWhenTheActionNeverCame() async {
    let store = TestStore(Cinema(), middleware: [posterLoader])
    store.exhaustivity = .off
    store.send(CinemaAction.sell("Alien"))
    await expectIssues([
      "Expected to receive CinemaAction.wait, but it was not dispatched "
        + "(received instead: CinemaAction.audit), and no effect is running to dispatch it."
    ]) {
      await store.receive(CinemaAction.wait, timeout: .milliseconds(10))
    }
  }

  @Test func sendFromInsideADispatchFailsAndTheActionIsQueued() async {
    let store = TestStore(Cinema())
    let subscription = store.store.subscribe(\.name) { name in
      if name == "Odeon" { store.send(CinemaAction.sell("Odeon")) }
    }
    expectIssues([
      "CinemaAction.sell(\"Odeon\") was sent while the store was dispatching, so it was queued: "
        + "send actions from the test itself, and receive this one."
    ]) {
      store.send(CinemaAction.rename("Odeon")) { $0.name = "Odeon" }
    }
    await store.receive(CinemaAction.sell("Odeon")) { $0.sales["Odeon"] = 1 }
    await store.finish()
    subscription.cancel()
  }
}
