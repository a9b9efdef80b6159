/// A step of a ``History`` left open across events, which ``end()`` closes.
///
/// ``History/beginGroup(_:kind:)`` opens one; see there.
@MainActor
public final class HistoryGroup {
  private var close: (@MainActor () -> Void)?

  init(close: @escaping @MainActor () -> Void) {
    self.close = close
  }

  /// Closes the group: what its dispatches changed becomes one step.
  ///
  /// A group that changed nothing is no step. Ending it again does nothing.
  public func end() {
    close?()
    close = nil
  }
}
