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

/// A bobbin's header: how many threads its tail holds, and how often it spun.
private struct BobbinHeader {
  let count: Int
  var spins = 0
}

/// A `ManagedBuffer` model, whose threads sit in its tail.
private final class Bobbin: ManagedBuffer<BobbinHeader, String>, Reducer {
  static func make(_ threads: [String]) -> Bobbin {
    let buffer = Bobbin.create(minimumCapacity: threads.count) { _ in
      BobbinHeader(count: threads.count)
    }
    // `create` allocates an instance of the class it is called on.
    let bobbin = unsafeDowncast(buffer, to: Bobbin.self)
    bobbin.withUnsafeMutablePointerToElements { $0.initialize(from: threads, count: threads.count) }
    return bobbin
  }

  /// The threads in the tail, read through the buffer's own API.
  var threads: [String] {
    withUnsafeMutablePointers { header, elements in
      Array(UnsafeBufferPointer(start: elements, count: header.pointee.count))
    }
  }

  func reduce(action: TurnstileAction) {
    header.spins += 1
  }

  deinit {
    _ = withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
    }
  }
}

/// A loom holds a bobbin.
private final class Loom: Reducer {
  var bobbin = Bobbin.make(["red", "blue"])

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

  @Test func aTestStoreOfAManagedBufferModelIsRefusedAtCreationNamingItsPathAndWhatToDo() {
    var created: TestStore<Loom>?
    expectIssues([
      "TestStore cannot copy the model at bobbin, so changes are not checked: Bobbin is a "
        + "ManagedBuffer, whose tail elements a copy would have no room for. Keep the buffer in "
        + "a property of a model instead of making it one."
    ]) {
      created = TestStore(Loom())
    }
    guard let store = created else { return }
    // Its sends run, unchecked, and its tail is never copied nor lost.
    store.send(TurnstileAction())
    #expect(store.root.bobbin.header.spins == 1)
    #expect(store.root.bobbin.threads == ["red", "blue"])
  }
}
