extension Store {
  /// The number of tasks started with ``run(_:)`` that are still running,
  /// for `TestStore.finish()`.
  package var runningTaskCount: Int {
    lifetime.tasks.count
  }
}
