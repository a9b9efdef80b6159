/// A token that keeps a store listener alive; release or cancel it to stop listening.
///
/// The store holds its listeners weakly: when the last reference to the
/// token goes, or ``cancel()`` is called, the listener is never called again
/// and its closure is released.
///
/// ```swift
/// let store = Store(Person())
/// var subscription: Subscription? = store.subscribe { print("now", $0.name) }
/// store.dispatch(NameChange.setName("Ada"))
/// subscription = nil
/// store.dispatch(NameChange.setName("Grace"))
/// ```
///
/// prints
///
/// ```
/// now Ada
/// ```
@MainActor
public final class Subscription {
  private var listener: (@MainActor () -> Void)?

  /// Creates a subscription that calls `listener` until it is cancelled.
  init(listener: @escaping @MainActor () -> Void) {
    self.listener = listener
  }

  /// Whether the listener can still be called.
  var isActive: Bool { listener != nil }

  /// Stops the listener and releases its closure; calling it again does nothing.
  public func cancel() {
    listener = nil
  }

  /// Calls the listener unless the subscription has been cancelled.
  func notify() {
    listener?()
  }
}
