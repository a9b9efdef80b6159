import Observation

/// The Observation registrar of one read made through a store.
///
/// Each distinct read has its own registrar, so that telling it of a change
/// tells only the observers that made that read, and no key path is formed
/// or hashed per access: the one tracked property is this class's own.
final class ObservationPoint: Observable {
  private let registrar = ObservationRegistrar()

  /// Counts the changes told, so that the tracked property is a real one.
  private var changes = 0

  /// Registers a read with the `withObservationTracking` block (or SwiftUI view) running now.
  func access() {
    registrar.access(self, keyPath: \.changes)
  }

  /// Tells every observer of this read that it changed.
  func tellObservers() {
    registrar.withMutation(of: self, keyPath: \.changes) { changes &+= 1 }
  }
}
