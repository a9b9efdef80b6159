/// What `Effect` reads to act on the right store: the store whose dispatch is in
/// progress, and inside an effect, the clock of the store running it.
enum EffectContext {
  /// How many dispatches are in progress on the main actor.
  ///
  /// Written only on the main actor. `Effect` reads it from wherever it is
  /// called, before checking that it is on the main actor, so that a call
  /// outside any dispatch stops with a message of its own: zero there, on any
  /// thread. Read off the main actor during a dispatch, it is a racy read of
  /// a word, after which `MainActor.assumeIsolated` stops the program anyway.
  nonisolated(unsafe) static var depth = 0

  /// The store whose dispatch is innermost; `nil` outside any dispatch.
  @MainActor static var store: (any EffectHost)?

  /// The clock of the store running the current effect, for `Effect.clock`.
  @TaskLocal static var clock: (any Clock<Duration>)?

  /// Makes `store` the dispatching store, returning the one it hides.
  @MainActor static func enter(_ store: any EffectHost) -> (any EffectHost)? {
    depth += 1
    let outer = self.store
    self.store = store
    return outer
  }

  /// Ends the innermost dispatch, making `outer` the dispatching store again.
  @MainActor static func leave(to outer: (any EffectHost)?) {
    depth -= 1
    store = outer
  }

  /// Calls `body` with the dispatching store, or stops the program when no
  /// dispatch is in progress on this thread.
  static func withDispatchingStore<Result: Sendable>(
    calling function: String, instead replacement: String,
    _ body: @MainActor (any EffectHost) -> Result
  ) -> Result {
    guard depth > 0 else { stopOutsideDispatch(function, replacement) }
    return MainActor.assumeIsolated {
      guard let store else { stopOutsideDispatch(function, replacement) }
      return body(store)
    }
  }

  private static func stopOutsideDispatch(_ function: String, _ replacement: String) -> Never {
    fatalError(
      """
      SwiftReduce: \(function) was called outside any dispatch. Call it while a store \
      dispatches, on the main actor: from a model's reduce(action:), a middleware or a \
      subscriber. Anywhere else, use \(replacement) on the store.
      """
    )
  }
}

/// A store, seen by `Effect` without its root type.
@MainActor
protocol EffectHost: AnyObject, Sendable {
  func dispatch(_ action: any Action)

  @discardableResult
  func run(
    id: (any Hashable & Sendable)?, cancelInFlight: Bool,
    _ operation: @escaping @MainActor (_ send: Send) async throws -> Void
  ) -> Task<Void, Never>

  func cancel(id: any Hashable & Sendable)
}

/// A count of what effects do, for `TestClock` to tell when they have settled.
package enum EffectActivity {
  /// Raised each time an effect starts, sends or ends, in any store.
  @MainActor package static var events = 0
}
