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

  /// Touched only on the main actor, and never held across a listener call,
  /// so its accesses need no dynamic exclusivity checks.
  @exclusivity(unchecked) private var entries: [Entry] = []

  /// Appends a listener, to be notified after the ones already added.
  func add(_ subscription: Subscription) {
    entries.append(Entry(subscription: subscription))
  }

  /// Notifies every active listener with the store's root, in the order they were added.
  ///
  /// One pass both notifies and finds the listeners released or cancelled,
  /// which are dropped afterwards.
  func notifyAll(root: AnyObject) {
    // Listeners added meanwhile are appended past `count`: the next
    // notification is their first. Each entry is loaded as it is reached, so
    // one released or cancelled meanwhile is skipped.
    let count = entries.count
    var ended = 0
    for index in 0..<count {
      guard let subscription = entries[index].subscription, subscription.isActive else {
        ended += 1
        continue
      }
      subscription.notify(root: root)
    }
    guard ended > 0 else { return }
    entries.removeAll { $0.subscription?.isActive != true }
  }
}
