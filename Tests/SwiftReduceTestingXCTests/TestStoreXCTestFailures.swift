import SwiftReduceTesting
import XCTest

/// Tests that must fail, each in its own way, run only by
/// ``XCTestFailureTests`` in a child process that sets
/// `SWIFTREDUCE_XCTEST_FAILURES`: elsewhere each is skipped.
///
/// The line of each failing call is pinned by ``XCTestFailureTests``: add
/// lines only at the end of this file.
@MainActor
final class TestStoreXCTestFailures: XCTestCase {
  override func setUp() async throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["SWIFTREDUCE_XCTEST_FAILURES"] == "1",
      "run by XCTestFailureTests in a child process")
  }

  func testWrongExpectation() {
    let store = TestStore(Counter())
    store.send(Bump.up) { $0.count = 5 }
  }

  func testReceivingAnotherAction() async {
    let store = TestStore(Counter())
    store.send(Bump.later)
    await store.receive(Bump.later)
  }

  func testReceivingWhatNothingDispatches() async {
    let store = TestStore(Counter())
    await store.receive(Bump.up)
  }

  func testFinishingWithAnActionNotReceived() async {
    let store = TestStore(Counter())
    store.send(Bump.later)
    await store.finish()
  }

  func testFinishingWithAnEffectRunning() async {
    let store = TestStore(Counter(), clock: TestClock())
    store.send(Bump.nap)
    await store.finish(timeout: .zero)
  }

  func testReleasingWithAnEffectRunning() {
    _ = {
      let store = TestStore(Counter(), clock: TestClock())
      store.send(Bump.nap)
    }()
  }

  func testEffectThrowing() async {
    let store = TestStore(Counter())
    store.send(Bump.jam)
    await store.finish()
  }

  func testWrongExpectationOfATargetedSend() {
    let store = TestStore(Counter())
    store.send(Turn.up, to: \.dial) { $0.dial.count = 5 }
  }
}
