import Observation

/// A store is observable: reading state through it inside
/// `withObservationTracking`, or in a SwiftUI view body, registers the read,
/// and the next reduced action reports a change.
///
/// Reads are tracked per store rather than per key path: every dispatch that
/// reaches the models counts as a change of every value read, because models
/// change in place where no key path can see it.
extension Store: Observable {
  /// Registers a read of the state with the store's observation registrar.
  func registerObservedRead() {
    observationRegistrar.access(self, keyPath: observedKeyPath)
  }
}
