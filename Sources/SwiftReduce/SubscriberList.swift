/// A store's listeners in subscription order, held weakly.
///
/// Notification follows Redux's rules: the listeners to call are fixed when a
/// notification starts, one cancelled meanwhile is skipped from then on, and
/// one added meanwhile is first notified by the next notification.
@MainActor
final class SubscriberList {
  private struct Entry {
    weak var subscription: Subscription?
  }

  private var entries: [Entry] = []

  /// Appends a listener, to be notified after the ones already added.
  func add(_ subscription: Subscription) {
    entries.append(Entry(subscription: subscription))
  }

  /// Notifies every active listener with the store's root, in the order they were added.
  func notifyAll(root: AnyObject) {
    entries.removeAll { $0.subscription?.isActive != true }
    // Each entry is loaded again as it is reached: one released meanwhile is skipped.
    for entry in entries {
      entry.subscription?.notify(root: root)
    }
  }
}
