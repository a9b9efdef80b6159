import Synchronization

/// An object captured by a closure so that a `weak` reference shows when the
/// closure has been released.
final class Witness {}

/// A thread-safe list of events for `@Sendable` callbacks such as
/// Observation's `onChange`.
final class SendableLog: Sendable {
  private let storage = Mutex<[String]>([])

  /// The events recorded so far, oldest first.
  var entries: [String] { storage.withLock { $0 } }

  /// Records an event.
  func append(_ entry: String) {
    storage.withLock { $0.append(entry) }
  }
}
