/// The single owner of a tree of models, through which every change is made.
///
/// A store holds the root model of your state. Dispatching an action routes
/// it to every model in the tree whose ``Reducer/reduce(action:)`` accepts it,
/// parents before children; reads go through dynamic member lookup.
///
/// ```swift
/// let store = Store(Person())
/// store.dispatch(NameChange.setName("Ada"))
/// print(store.name)
/// ```
///
/// prints
///
/// ```
/// Ada
/// ```
///
/// Nothing is reduced when the store is created. A `reduce(action:)` must not
/// dispatch: doing so stops the program with a message naming both actions.
@MainActor
@dynamicMemberLookup
public final class Store<Root: Reducer> {
  /// The root model of the state tree.
  public let root: Root

  private let router = Router()

  /// The action whose traversal is running, used to refuse dispatch from a reducer.
  private var actionBeingReduced: (any Action)?

  /// Creates a store that owns a tree of models.
  ///
  /// - Parameter root: The root model. Nothing is dispatched to it here.
  public init(_ root: Root) {
    self.root = root
  }

  /// Reads a value of the state through a key path from the root model.
  ///
  /// - Parameter keyPath: A key path from the root model, such as `\.name`.
  /// - Returns: The current value at `keyPath`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Root, Value>) -> Value {
    root[keyPath: keyPath]
  }

  /// Routes an action to every model in the tree that handles its type.
  ///
  /// Models are visited in pre-order: a model's own `reduce(action:)` runs
  /// before the models it holds are read, so a child that a parent adds for
  /// this action receives it too. Each model instance is reduced at most once.
  ///
  /// - Parameter action: The action to dispatch.
  public func dispatch(_ action: any Action) {
    reduce(action)
  }

  /// Runs the traversal for one action, refusing re-entrant dispatch from a reducer.
  func reduce(_ action: any Action) {
    if let current = actionBeingReduced {
      fatalError(
        """
        SwiftReduce: \(String(reflecting: action)) was dispatched from inside \
        reduce(action:) while reducing \(String(reflecting: current)). Reducers must not \
        dispatch; dispatch follow-up actions from middleware or a subscriber instead.
        """
      )
    }
    actionBeingReduced = action
    defer { actionBeingReduced = nil }
    router.route(action, from: root)
  }
}
