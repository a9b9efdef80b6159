/// Which value a dependency that nobody set has: its live, preview or test value.
///
/// A ``Store`` is ``live`` unless its creation says otherwise; a test store is
/// ``test``. Set it where the store's dependencies are made:
///
/// ```swift
/// let preview = Store(Welcome()) { $0.context = .preview }
/// ```
public enum DependencyContext: Hashable, Sendable {
  /// Each dependency's ``DependencyKey/liveValue``: what an app uses.
  case live
  /// Each dependency's ``DependencyKey/previewValue``: what a preview uses.
  case preview
  /// Each dependency's ``DependencyKey/testValue``: what a test store uses.
  case test
}
