/// A store's listeners in subscription order.
///
/// Notification follows Redux's rules: the listeners to call are fixed when a
/// notification starts, one cancelled meanwhile is skipped from then on, and
/// one added meanwhile is first notified by the next notification.
///
/// The list holds each listener's ``ListenerBox`` strongly and its token
/// ``StoreSubscription`` not at all: a token holds its box, so a box that only the
/// list holds belongs to a released token. Asking a box whether it is
/// uniquely referenced costs a load of its reference count, where a weak
/// reference to the token would cost a side table's locked counts on every
/// dispatch. Where the runtime cannot be asked, the list falls back to a weak
/// reference to the token.
@MainActor
final class SubscriberList {
  /// Each listener's box, in subscription order.
  ///
  /// Touched only on the main actor, and never changed during a
  /// notification, so its accesses need no dynamic exclusivity checks.
  @exclusivity(unchecked) private var boxes: [ListenerBox] = []
  /// The tokens, held weakly, where a box's reference count cannot be read.
  @exclusivity(unchecked) private var tokens: [WeakToken] = []
  /// Listeners added during a notification, listed when it ends.
  @exclusivity(unchecked) private var added: [StoreSubscription] = []
  @exclusivity(unchecked) private var isNotifying = false

  private struct WeakToken {
    weak var token: StoreSubscription?
  }

  /// Whether a box's reference count can be read; else tokens are held weakly.
  private static let readsReferenceCounts = RuntimeFunctions.canAskUniqueness

  /// Whether no listener was ever added, or every one has been dropped.
  var isEmpty: Bool { boxes.isEmpty && added.isEmpty }

  /// Appends a listener, to be notified after the ones already added.
  func add(_ subscription: StoreSubscription) {
    if isNotifying {
      added.append(subscription)
      return
    }
    boxes.append(subscription.box)
    if !Self.readsReferenceCounts { tokens.append(WeakToken(token: subscription)) }
  }

  /// Notifies every active listener with the store's root, in the order they were added.
  ///
  /// One pass both notifies and finds the listeners released or cancelled,
  /// which are dropped afterwards. Listeners added meanwhile are listed
  /// after it, so the next notification is their first; each box is read as
  /// it is reached, so one released or cancelled meanwhile is skipped.
  func notifyAll(root: AnyObject) {
    isNotifying = true
    var ended = 0
    // The list does not change until the notification ends, so its storage
    // is read in place throughout.
    boxes.withUnsafeBufferPointer { boxes in
      for index in boxes.indices {
        guard isLive(boxes, at: index), let listener = boxes[index].listener else {
          ended += 1
          continue
        }
        listener(root)
      }
    }
    isNotifying = false
    if ended > 0 {
      let kept = boxes.withUnsafeBufferPointer { boxes in
        boxes.indices.filter { isLive(boxes, at: $0) && boxes[$0].listener != nil }
      }
      boxes = kept.map { boxes[$0] }
      if !Self.readsReferenceCounts { tokens = kept.map { tokens[$0] } }
    }
    let added = added
    self.added = []
    for subscription in added { add(subscription) }
  }

  /// Whether the token of the listener at `index` is still held by someone.
  ///
  /// The box is read from the list's storage without a retain: an array of
  /// references stores one pointer per element, and the list's is the only
  /// reference a released token leaves.
  @inline(__always)
  private func isLive(_ boxes: UnsafeBufferPointer<ListenerBox>, at index: Int) -> Bool {
    guard Self.readsReferenceCounts else { return tokens[index].token != nil }
    let box = ObjectReference(UnsafeRawPointer(boxes.baseAddress.unsafelyUnwrapped + index))
    return !RuntimeFunctions.isUniquelyReferenced(box.objectAddress.unsafelyUnwrapped)
  }
}

/// A listener's closure, shared by its token and the store's list.
///
/// Not isolated itself, so that reading the closure costs no executor check:
/// its only users, ``StoreSubscription`` and ``SubscriberList``, are on the main actor.
final class ListenerBox {
  /// Called with the store's root model; `nil` once cancelled.
  @exclusivity(unchecked) nonisolated(unsafe) var listener: (@MainActor (AnyObject) -> Void)?

  init(listener: @escaping @MainActor (AnyObject) -> Void) {
    self.listener = listener
  }
}
