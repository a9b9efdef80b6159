/// One effect a store started and has not seen end: its id, where it came
/// from, and whether it was cancelled.
@MainActor
final class RunningEffect {
  /// Where an effect was started, for the messages that name it.
  enum Origin {
    /// In a model's `reduce(action:)`, reducing this action: the model, or
    /// for a value model the class model holding it.
    case model(any Action, ReducingModel)
    /// During the dispatch of this action, outside any model: a middleware or a subscriber.
    case dispatch(any Action)
    /// Outside any dispatch, with `Store.run`.
    case outside
  }

  /// The model that started an effect, held weakly.
  struct ReducingModel {
    weak var object: AnyObject?
    /// Whether ``object`` holds the value model that started it.
    let isValueModel: Bool

    /// The model being reduced now, as the walk says.
    static var current: ReducingModel {
      ReducingModel(
        object: Delivery.model.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() },
        isValueModel: Delivery.isValueModel)
    }
  }

  /// The key of its task in the store's ``StoreLifetime``.
  let key: Int
  /// Its place among all effects started in the process, which its task
  /// knows too: a `TestClock` names its sleepers by it.
  let order: Int
  let id: AnyHashable?
  /// Where it was started; the model changes once only, for a value a
  /// targeted action reached in a holder (see ``follow(from:along:)``).
  private(set) var origin: Origin
  /// Where the value model that started it sits below the class model
  /// holding it, which the walk fills in when its `reduce` returns; `nil`
  /// for an effect no value model started.
  ///
  /// Kept here rather than in ``ReducingModel``, which every dispatch
  /// stores, so that a dispatch pays nothing for it.
  let valuePlace: ValueModelPlace?
  /// The path from the class model ``origin`` names to the value model that
  /// started it, when the walk's ``valuePlace`` does not lead there.
  private(set) var pathFromOwner: TreePath?
  /// The row it belongs to, once known; `nil` outside any row.
  var row: EffectRow?
  /// Whether ``row`` is known: not yet for an effect a model other than the
  /// root started in the walk in progress.
  var isPlaced = true
  /// The path of the model that started it, as the store last found it,
  /// for the note that says it was cancelled when that model left the tree.
  var modelPath: TreePath?
  /// The store to send to; weak, so that a running effect does not keep it alive.
  private weak var store: (any EffectHost)?
  /// The store that started it, while it exists.
  var host: (any EffectHost)? { store }
  /// The task running the operation, set as soon as it is created.
  var task: Task<Void, Never>?
  /// Whether the effect was cancelled, by its id or through its task.
  var isCancelled: Bool {
    isCancelledByID || task?.isCancelled == true
  }

  private var isCancelledByID = false

  init(
    key: Int, order: Int, id: AnyHashable?, origin: Origin, valuePlace: ValueModelPlace?,
    store: any EffectHost
  ) {
    self.key = key
    self.order = order
    self.id = id
    self.origin = origin
    self.valuePlace = valuePlace
    self.store = store
  }

  /// Follows the value model that started the effect from now on from
  /// `owner`, the nearest class model above it in the tree, along `path`.
  ///
  /// For a value a targeted action reached: it was reduced in a holder that
  /// goes when the dispatch ends, and was written back to where `path` leads.
  func follow(from owner: AnyObject, along path: TreePath) {
    guard case .model(let action, _) = origin else { return }
    origin = .model(action, ReducingModel(object: owner, isValueModel: true))
    pathFromOwner = path
  }

  /// Cancels the effect: its task, and every action it sends from now on.
  func cancel() {
    isCancelledByID = true
    task?.cancel()
  }

  /// Dispatches `action` to the store, unless the effect or its task was
  /// cancelled or the store is gone.
  func send(_ action: any Action) {
    guard !isCancelled, let store else { return }
    EffectActivity.events += 1
    store.dispatch(action)
  }
}
