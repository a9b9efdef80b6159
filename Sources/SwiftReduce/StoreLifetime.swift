/// The work a store started that must end with it: tasks from `run(_:)` and
/// streams from `values(_:)`.
///
/// The store owns this object and nothing else does, so its deinitializer
/// runs when the store is deallocated, on whatever thread that happens; it
/// only calls `Task.cancel()` and `finish()` on stream continuations, which are
/// safe from any thread. This keeps the store's own deinitializer implicit,
/// without needing an isolated deinit.
final class StoreLifetime {
  /// Tasks started with `run(_:)` that have not finished, by start order.
  var tasks: [Int: Task<Void, Never>] = [:]

  /// Finishes each stream from `values(_:)` that is still being iterated.
  var streamFinishers: [Int: @Sendable () -> Void] = [:]

  private var lastKey = 0

  /// A key not handed out before, for `tasks` or `streamFinishers`.
  func makeKey() -> Int {
    lastKey += 1
    return lastKey
  }

  deinit {
    for task in tasks.values { task.cancel() }
    for finish in streamFinishers.values { finish() }
  }
}
