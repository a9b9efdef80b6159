/// A clock whose sleeps end at once, for tests of effects whose waits do not matter.
///
/// Give it to a store, `TestStore(Search(), clock: ImmediateClock())`, and an
/// effect that sleeps on `Effect.clock` carries on at once, with ``now``
/// moved on to the end of its sleep, so the test receives what the effect
/// sends without advancing anything:
///
/// ```swift
/// let store = TestStore(Search(), clock: ImmediateClock())
/// store.send(SearchAction.queryChanged("Al")) { $0.query = "Al" }
/// await store.receive(SearchAction.resultsLoaded(["Alien", "Aliens"])) {
///   $0.results = ["Alien", "Aliens"]
/// }
/// ```
///
/// Use a ``TestClock`` to test what happens while an effect sleeps, such as a
/// debounce.
public final class ImmediateClock: Clock, Sendable {
  /// The instants of an immediate clock: a test clock's.
  public typealias Instant = TestClock.Instant

  private let state = Locked(TestClock.Instant(offset: .zero))

  /// Creates a clock at its zero instant.
  public init() {}

  /// The current instant: the end of the latest sleep.
  public var now: Instant {
    state.withLock { $0 }
  }

  /// The smallest step the clock can take: none.
  public var minimumResolution: Duration {
    .zero
  }

  /// Moves ``now`` on to `deadline`, if it is later, and returns at once,
  /// after letting other tasks run.
  ///
  /// - Parameters:
  ///   - deadline: The instant the sleep would end at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    state.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
