/// A token that keeps a store listener alive; release or cancel it to stop listening.
///
/// The store does not keep tokens alive: when the last reference to the
/// token goes, or ``cancel()`` is called, the listener is never called again.
/// Its closure is released at once by ``cancel()``, and at the store's next
/// dispatch when the token is released.
///
/// ```swift
/// let store = Store(Person())
/// var subscription: StoreSubscription? = store.subscribe { print("now", $0.name) }
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
public final class StoreSubscription {
  /// The listener, called with the store's root model, which is of the
  /// store's `Root` type; the store's list holds it too.
  let box: ListenerBox

  /// Creates a subscription that calls `listener` with the store's root until it is cancelled.
  init(listener: @escaping @MainActor (AnyObject) -> Void) {
    self.box = ListenerBox(listener: listener)
  }

  /// Whether the listener can still be called.
  var isActive: Bool { box.listener != nil }

  /// Stops the listener and releases its closure; calling it again does nothing.
  public func cancel() {
    box.listener = nil
  }

  /// Calls the listener unless the subscription has been cancelled.
  func notify(root: AnyObject) {
    box.listener?(root)
  }
}
