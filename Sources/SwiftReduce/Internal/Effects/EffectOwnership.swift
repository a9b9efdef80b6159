/// What a store keeps to make the effects a model starts that model's: the
/// requests models made during the walk, which wait for the walk to name their
/// places, and the effects whose models must still be in the tree.
///
/// A dispatch with none of them pays one check of ``hasRequests`` after its
/// walk and one of ``isWatching`` when it ends.
@MainActor
final class EffectOwnership {
  /// Something a model asked for during the walk, in the order it asked.
  enum Request {
    /// An effect started by a model other than the root: its row is found
    /// once the walk is over; `cancelInFlight` cancels the effects of that
    /// row with its id, started before it.
    case start(RunningEffect, cancelInFlight: Bool)
    /// `Effect.cancel(id:)` called by a model other than the root, which
    /// reaches the effects of its row with `id`, started before the call:
    /// those with a key below `before`.
    case cancel(
      id: AnyHashable, model: RunningEffect.ReducingModel, place: ValueModelPlace?,
      before: Int)
    /// `Effect.cancel(id:in:)` called by a model: the effects with `id` of
    /// the row at `path`, started before the call.
    case cancelInRow(id: AnyHashable, path: TreePath, before: Int)
    /// `Effect.dismiss()` called by a model.
    case dismiss(RunningEffect.ReducingModel, place: ValueModelPlace?)
  }

  /// The requests made during the walk in progress, oldest first.
  private(set) var requests: [Request] = []

  /// Dismissals effects sent as actions and not yet reduced.
  private(set) var queuedDismissals = 0

  /// The effects started by models other than the root that may still be
  /// running: after each dispatch, those whose model left the tree are cancelled.
  private(set) var owned: [RunningEffect] = []

  // The two flags every dispatch reads are @exclusivity(unchecked): only the
  // main actor reads and writes them, never inside another access to them,
  // and the dynamic check of a class property costs more than the read.

  /// Whether the store has requests or queued dismissals to settle after its walk.
  @exclusivity(unchecked) private(set) var hasRequests = false

  /// Whether some effect's model must be checked for being in the tree.
  @exclusivity(unchecked) private(set) var isWatching = false

  /// Told of each effect cancelled because its model left the tree, instead
  /// of the debug note; tests set it.
  var noteHandler: (@MainActor (_ note: String) -> Void)?

  /// Made with its store, on any thread: it holds nothing yet.
  nonisolated init() {}

  /// Notes a request, to settle once the walk is over.
  func add(_ request: Request) {
    requests.append(request)
    hasRequests = true
  }

  /// The requests made since the last call, oldest first.
  func takeRequests() -> [Request] {
    defer {
      requests = []
      hasRequests = queuedDismissals > 0
    }
    return requests
  }

  /// Notes a dismissal an effect sent as an action.
  func queueDismissal() {
    queuedDismissals += 1
    hasRequests = true
  }

  /// Notes that a dismissal sent as an action reached the end of the middleware.
  func takeQueuedDismissal() {
    queuedDismissals -= 1
    hasRequests = queuedDismissals > 0 || !requests.isEmpty
  }

  /// Watches `effect`, whose model must stay in the tree for it to go on.
  func watch(_ effect: RunningEffect) {
    owned.append(effect)
    isWatching = true
  }

  /// Stops watching the effects for which `isDone` holds.
  func forget(where isDone: (RunningEffect) -> Bool) {
    owned.removeAll(where: isDone)
    isWatching = !owned.isEmpty
  }
}

/// The row an effect belongs to: the element of an array or a dictionary
/// that holds the model that started it, nearest that model.
///
/// Effects of one row share their ids among themselves only: two rows'
/// `"timer"` effects are two effects. Outside any row an effect's id is the
/// store's.
enum EffectRow: Hashable {
  /// An element that is a class model, known by its identity.
  case object(ObjectIdentifier)
  /// An element that is a value: the path of its collection and what tells
  /// it from the others there: its `id`'s text, or where it has none, its
  /// key or position (`"a"`, `2`).
  case element(collection: TreePath, identity: String)
}
