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
  /// Called with the store's root model, which is of the store's `Root` type.
  ///
  /// Read for a call and written by ``cancel()`` on the main actor only,
  /// never during one another, so it needs no dynamic exclusivity checks.
  @exclusivity(unchecked) private var listener: (@MainActor (AnyObject) -> Void)?

  /// Creates a subscription that calls `listener` with the store's root until it is cancelled.
  init(listener: @escaping @MainActor (AnyObject) -> Void) {
    self.listener = listener
  }

  /// Whether the listener can still be called.
  var isActive: Bool { listener != nil }

  /// Stops the listener and releases its closure; calling it again does nothing.
  public func cancel() {
    listener = nil
  }

  /// Calls the listener unless the subscription has been cancelled.
  func notify(root: AnyObject) {
    listener?(root)
  }
}
