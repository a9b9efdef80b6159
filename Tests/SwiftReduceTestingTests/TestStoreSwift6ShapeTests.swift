import SwiftReduce
import SwiftReduceTesting
import Synchronization
import Testing

/// A turnstile counts its turns behind a `Mutex`, which a copy cannot hold.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
private final class Turnstile: Reducer {
  var turns = 0
  let log = Mutex<[String]>([])

  func reduce(action: TurnstileAction) {
    turns += 1
    log.withLock { $0.append("turned") }
  }
}

private struct TurnstileAction: Action {}

/// A gate holds a turnstile.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
private final class Gate: Reducer {
  var turnstile = Turnstile()

  func reduce(action: Never) {}
}

/// A `TestStore` of a model holding a `~Copyable` property never copies it
/// (its copy once read and destroyed garbage): it is refused where the test
/// creates it, with the model's path and what to do, and its sends run unchecked.
@MainActor
struct TestStoreSwift6ShapeTests {
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func aTestStoreOfAModelHoldingAMutexIsRefusedAtCreationNamingItsPathAndWhatToDo() {
    var created: TestStore<Gate>?
    expectIssues([
      "TestStore cannot copy the model at turnstile, so changes are not checked: "
        + "Turnstile.log is ~Copyable: a copy can neither copy it nor share it. Keep it in an "
        + "instance of a class that is not a model (a copy shares such instances), as in "
        + "`let lock = Locked()` with `final class Locked { let mutex = Mutex(...) }`."
    ]) {
      created = TestStore(Gate())
    }
    guard let store = created else { return }
    // Its sends run, unchecked, and fail nothing more.
    store.send(TurnstileAction())
    #expect(store.root.turnstile.turns == 1)
    #expect(store.root.turnstile.log.withLock { $0 } == ["turned"])
  }
}
