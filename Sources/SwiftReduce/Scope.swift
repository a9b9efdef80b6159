/// A store's view of one model of its tree: reads, bindings, subscriptions
/// and dispatches, all relative to that model.
///
/// ``Store/scope(_:)-(KeyPath<Root,Model>)`` makes one. A feature module is
/// written against `Scope<Feature>` and never knows the root's type:
///
/// ```swift
/// func rowText(_ item: Scope<ShoppingItem>) -> String {
///   (item.isBought ? "[x] " : "[ ] ") + item.title
/// }
///
/// let store = Store(ShoppingList())
/// store.dispatch(ShoppingAction.add("Milk"))
/// let milk = store.scope(\.items[id: store.items[0].id])!
/// milk.dispatch(ShoppingAction.toggle)
/// print(rowText(milk), milk.path)
/// ```
///
/// prints
///
/// ```
/// [x] Milk items[id: 0]
/// ```
///
/// A scope holds no copy of its model: each read follows its key path from
/// the root again, so a row found by `[id:]` is found wherever it moved, and
/// reads are observed at the grain of the whole path, as ``Store/read(_:)``
/// observes them. ``dispatch(_:)`` sends an action to the model and the models
/// below it only, as a targeted dispatch through the store's middleware.
///
/// A scope stays valid while its model is in the tree. Read after the model
/// left it, a scope gives the model as it was last found, and a debug build
/// says so once per scope; it never stops the program.
@MainActor
@dynamicMemberLookup
public final class Scope<Model> {
  /// Where the model is, from the root of the store.
  let source: any ScopeSource<Model>

  /// Where the model is, from the root, as snapshots write paths: its key
  /// path, with the id of each `[id:]` step.
  public let path: TreePath

  /// The model as last found, for reads made after it left the tree.
  private var lastFound: Model

  /// Whether a read after the model left the tree was reported.
  private var reportedAbsence = false

  init(source: any ScopeSource<Model>, path: TreePath, found: Model) {
    self.source = source
    self.path = path
    self.lastFound = found
  }

  /// The model, as it is in the tree now.
  ///
  /// Reading it registers a read of the model itself with Observation: read
  /// the values a view shows through the scope instead, to be told only of
  /// their changes.
  public var model: Model {
    if let found = source.read(\Model.self) {
      lastFound = found
      return found
    }
    return absent(\Model.self)
  }

  /// Reads a value of the model through a key path, observed at the grain of
  /// the whole path from the store's root.
  ///
  /// - Parameter keyPath: A key path from the model, such as `\.title`.
  /// - Returns: The current value at `keyPath`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
    read(keyPath)
  }

  /// Reads a value of the model through a key path, as the dynamic member does.
  ///
  /// - Parameter keyPath: A key path from the model.
  /// - Returns: The current value at `keyPath`.
  public func read<Value>(_ keyPath: KeyPath<Model, Value>) -> Value {
    guard let value = source.read(keyPath) else { return absent(keyPath) }
    // A value model is a copy: kept as it is now, for reads after it left the tree.
    if !(Model.self is AnyObject.Type), let found = source.current() { lastFound = found }
    return value
  }

  /// The value at `keyPath` of the model as last found, after a debug
  /// report, once, that the model left the tree.
  private func absent<Value>(_ keyPath: KeyPath<Model, Value>) -> Value {
    #if DEBUG
      if !reportedAbsence {
        reportedAbsence = true
        DebugReport.emit(
          "SwiftReduce: a scope of \(String(reflecting: Model.self)) at \(path) was read after "
            + "its model left the tree; it gives the model as it was last found (reported once "
            + "per scope in debug builds)")
      }
    #endif
    return lastFound[keyPath: keyPath]
  }

  // MARK: - Dispatching

  /// Sends an action to this model and the models below it only.
  ///
  /// It goes through the store's middleware as a ``TargetedAction`` naming
  /// ``path``, and is queued like any dispatch.
  ///
  /// - Parameter action: The action to send.
  public func dispatch(_ action: any Action) {
    source.dispatch(action)
  }

  /// Sends an action to the model at `target`, below this one, and the models
  /// below it only; see ``Store/dispatch(_:to:)-(_,KeyPath<Root,Target?>)``.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - target: The key path from this model to the target.
  public func dispatch<Target>(_ action: any Action, to target: KeyPath<Model, Target?>) {
    source.dispatch(action, to: target)
  }

  /// Sends an action to the model at `target`, below this one, and the models below it only.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - target: The key path from this model to the target.
  public func dispatch<Target>(_ action: any Action, to target: KeyPath<Model, Target>) {
    source.dispatch(action, to: target)
  }

  // MARK: - Scopes below

  /// A scope of the model at `keyPath` below this one.
  ///
  /// - Parameter keyPath: A key path from this model.
  /// - Returns: The scope; its path is this one's, then `keyPath`'s.
  public func scope<Child>(_ keyPath: KeyPath<Model, Child>) -> Scope<Child> {
    // Made while this model is not in the tree, it starts from the model as last found.
    let found = source.read(keyPath) ?? lastFound[keyPath: keyPath]
    return Scope<Child>(
      source: source.source(of: keyPath),
      path: TreePath(parsing: source.pathText(of: keyPath, below: path)), found: found)
  }

  /// A scope of the model at `keyPath` below this one, if there is one now.
  ///
  /// - Parameter keyPath: A key path from this model, through optionals and
  ///   `[id:]` steps as needed.
  /// - Returns: The scope, or `nil` when no model is there now.
  public func scope<Child>(_ keyPath: KeyPath<Model, Child?>) -> Scope<Child>? {
    guard let found = source.read(keyPath) ?? nil else { return nil }
    return Scope<Child>(
      source: source.source(of: keyPath),
      path: TreePath(parsing: source.pathText(of: keyPath, below: path)), found: found)
  }

  // MARK: - Dependencies

  /// Sets dependencies for this model, while it is in the tree, and every
  /// model below it, over the store's own, as
  /// ``Store/overrideDependencies(below:_:)-(KeyPath<Root,Model>,_)`` does
  /// for the model at a key path.
  ///
  /// A feature sets what its models and their effects read without knowing
  /// the root: a preview's fake client, a row's own clock.
  ///
  /// - Parameter update: Sets the dependencies; the values it starts with set none.
  public func overrideDependencies(_ update: (inout DependencyValues) -> Void)
  where Model: AnyObject {
    source.overrideDependencies(update)
  }

  // MARK: - Bindings and subscriptions

  /// A binding to a value of the model whose writes send an action to this model.
  ///
  /// Reads are observed as ``read(_:)`` observes them; a write sends the
  /// action `makeAction` makes to this model and the models below it, as
  /// ``dispatch(_:)`` does.
  ///
  /// - Parameters:
  ///   - keyPath: A key path from the model to the value.
  ///   - makeAction: Makes the action that sets the value.
  public subscript<Value, Made: Action>(
    keyPath: KeyPath<Model, Value>, makeAction: @escaping @MainActor (Value) -> Made
  ) -> StoreBinding<Value> {
    StoreBinding(
      get: { [self] in read(keyPath) },
      set: { [self] newValue in dispatch(makeAction(newValue)) })
  }

  /// Calls `listener` with the value at `keyPath` of the model now, then
  /// after each dispatch that changed it, while the model is in the tree.
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch, from the model.
  ///   - listener: Receives the current value, then each different value.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<Model, Value>, _ listener: @escaping @MainActor (Value) -> Void
  ) -> StoreSubscription {
    source.subscribe(keyPath, listener)
  }

  /// The value at `keyPath` of the model now, then each different value after
  /// a dispatch, while the model is in the tree, as ``Store/values(_:)`` gives them.
  ///
  /// - Parameter keyPath: The value to watch, from the model.
  /// - Returns: The stream, which ends when the store is released.
  public func values<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<Model, Value>
  ) -> AsyncStream<Value> {
    source.values(keyPath)
  }

  /// The models and value models below this one, this one first, that would
  /// reduce `action`, in the order they would, with their paths from this model.
  ///
  /// - Parameter action: The action to look for recipients of.
  /// - Returns: The recipients; their paths start at this model.
  public func recipients(of action: any Action) -> [Recipient] {
    source.recipients(of: action)
  }
}

/// Where a scope's model is: a store and a key path from its root.
@MainActor
protocol ScopeSource<Model>: AnyObject {
  associatedtype Model

  /// The value at `keyPath` of the model, or `nil` when the model is not in the tree.
  func read<Value>(_ keyPath: KeyPath<Model, Value>) -> Value?
  /// The model now, read without registering with Observation; `nil` when
  /// it is not in the tree.
  func current() -> Model?
  func dispatch(_ action: any Action)
  func dispatch<Target>(_ action: any Action, to target: KeyPath<Model, Target?>)
  func dispatch<Target>(_ action: any Action, to target: KeyPath<Model, Target>)
  /// Where the model at `keyPath` below this one is.
  func source<Child>(of keyPath: KeyPath<Model, Child>) -> any ScopeSource<Child>
  /// Where the model at `keyPath` below this one is, when there is one.
  func source<Child>(of keyPath: KeyPath<Model, Child?>) -> any ScopeSource<Child>
  /// The path of `keyPath`'s value below the model at `path`, as text.
  func pathText(of keyPath: AnyKeyPath, below path: TreePath) -> String
  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<Model, Value>, _ listener: @escaping @MainActor (Value) -> Void
  ) -> StoreSubscription
  func values<Value: Equatable & Sendable>(_ keyPath: KeyPath<Model, Value>) -> AsyncStream<Value>
  func recipients(of action: any Action) -> [Recipient]
  /// Sets dependencies for the model, a class model, and the models below it.
  func overrideDependencies(_ update: (inout DependencyValues) -> Void)
}
