extension Store {
  /// The effects still running and not cancelled, by start order, each with
  /// its key and the words messages name it with, for `TestStore.finish()`.
  ///
  /// A cancelled effect is left out: its `send` drops everything, so nothing
  /// it does from then on can reach the state.
  package var runningEffects: [(key: Int, description: String)] {
    lifetime.effects.values.filter { !$0.isCancelled }.sorted { $0.key < $1.key }.map {
      ($0.key, description(of: $0))
    }
  }
}

extension Store {
  /// Whether an effect not cancelled is still running: ``runningEffects``
  /// without naming them, for `TestStore.finish()` to poll.
  package var hasRunningEffects: Bool {
    lifetime.effects.values.contains { !$0.isCancelled }
  }
}
