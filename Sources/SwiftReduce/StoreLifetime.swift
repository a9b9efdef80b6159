/// The work a store started that must end with it: effects from
/// `run(id:cancelInFlight:_:)` and `Effect.run`, and streams from `values(_:)`.
///
/// The store owns this object and nothing else does, so its deinitializer
/// runs when the store is deallocated, on whatever thread that happens; it
/// only calls `Task.cancel()` and `finish()` on stream continuations, which are
/// safe from any thread. This keeps the store's own deinitializer implicit,
/// without needing an isolated deinit.
final class StoreLifetime {
  /// The tasks of effects that have not ended, by start order.
  private(set) var tasks: [Int: Task<Void, Never>] = [:]

  /// The effects whose tasks are in ``tasks``, by the same keys.
  private(set) var effects: [Int: RunningEffect] = [:]

  /// Finishes each stream from `values(_:)` that is still being iterated.
  var streamFinishers: [Int: @Sendable () -> Void] = [:]

  /// The requests models made about effects and dismissals, and the
  /// effects whose models must stay in the tree.
  let ownership = EffectOwnership()

  private var lastKey = 0

  /// A key not handed out before, for an effect or `streamFinishers`.
  func makeKey() -> Int {
    lastKey += 1
    return lastKey
  }

  /// Keeps `effect` and its task until ``end(_:)``.
  @MainActor func start(_ effect: RunningEffect, _ task: Task<Void, Never>) {
    tasks[effect.key] = task
    effects[effect.key] = effect
  }

  /// Forgets the effect with `key`, whose operation has returned.
  func end(_ key: Int) {
    tasks[key] = nil
    effects[key] = nil
  }

  deinit {
    for task in tasks.values { task.cancel() }
    for finish in streamFinishers.values { finish() }
  }
}
