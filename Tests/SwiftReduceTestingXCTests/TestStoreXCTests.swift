import SwiftReduceTesting
import XCTest

/// A test store in tests written with XCTest: this file imports only XCTest
/// and SwiftReduceTesting, and what is right passes.
@MainActor
final class TestStoreXCTests: XCTestCase {
  func testRightExpectationPasses() {
    let store = TestStore(Counter())
    store.send(Bump.up) { $0.count = 1 }
  }

  func testRightExpectationOfATargetedSendPasses() {
    let store = TestStore(Counter())
    store.send(Turn.up, to: \.dial) { $0.dial.count = 1 }
  }

  func testReceivingWhatAnEffectSendsPasses() async {
    let store = TestStore(Counter())
    store.send(Bump.later)
    await store.receive(Bump.up) { $0.count = 1 }
    await store.finish()
  }

  func testAdvancingTheTestClockLetsAnEffectFinish() async {
    let clock = TestClock()
    let store = TestStore(Counter(), clock: clock)
    store.send(Bump.nap)
    await clock.advance(by: .seconds(60))
    await store.finish()
  }
}
