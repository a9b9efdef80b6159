extension Store {
  /// A view of the model at `keyPath`: reads, bindings, subscriptions and
  /// dispatches relative to it; see ``Scope``.
  ///
  /// - Parameter keyPath: A key path from the root to the model.
  /// - Returns: The scope.
  public func scope<Model>(_ keyPath: KeyPath<Root, Model>) -> Scope<Model> {
    let (found, steps) = ElementLookup.resolving(keepingSteps: true) { root[keyPath: keyPath] }
    return Scope(
      source: RootedScope(store: self, place: .plain(keyPath)),
      path: TreePath(parsing: pathText(of: keyPath, steps: steps)), found: found)
  }

  /// A view of the model at `keyPath`, if there is one now; see ``Scope``.
  ///
  /// ```swift
  /// let row = store.scope(\.items[id: 42])
  /// ```
  ///
  /// - Parameter keyPath: A key path from the root to the model, through
  ///   optionals and `[id:]` steps as needed.
  /// - Returns: The scope, or `nil` when no model is there now.
  public func scope<Model>(_ keyPath: KeyPath<Root, Model?>) -> Scope<Model>? {
    let (found, steps) = ElementLookup.resolving(keepingSteps: true) { root[keyPath: keyPath] }
    guard let found else { return nil }
    return Scope(
      source: RootedScope(store: self, place: .optional(keyPath)),
      path: TreePath(parsing: pathText(of: keyPath, steps: steps)), found: found)
  }

  /// The path `keyPath` leads to from the root, with `steps` the ids of its `[id:]` steps.
  func pathText(of keyPath: AnyKeyPath, steps: [Any]) -> String {
    DispatchTarget.pathText(of: keyPath, rootName: String(describing: Root.self), steps: steps)
  }
}

/// A scope's model: the one at a key path from a store's root.
@MainActor
final class RootedScope<Root: Reducer, Model>: ScopeSource {
  /// The store; a scope keeps it alive, as a view holding a store does.
  let store: Store<Root>
  let place: Place

  /// The key path from the root to the model.
  enum Place {
    case plain(KeyPath<Root, Model>)
    /// Through an optional or an `[id:]` step: there may be no model.
    case optional(KeyPath<Root, Model?>)
  }

  init(store: Store<Root>, place: Place) {
    self.store = store
    self.place = place
  }

  /// The key path from the root to `keyPath`'s value, through the model
  /// that may not be there.
  ///
  /// Writable when both parts are, so that a value below a scope can be
  /// the target of a dispatch.
  private func path<Value>(
    from base: KeyPath<Root, Model?>, to keyPath: KeyPath<Model, Value>
  ) -> KeyPath<Root, Value?> {
    if let base = base as? ReferenceWritableKeyPath<Root, Model?>,
      let keyPath = keyPath as? WritableKeyPath<Model, Value>
    {
      return base.appending(path: \Model?.[unwrappingWritable: keyPath])
    }
    return base.appending(path: \Model?.[unwrapping: keyPath])
  }

  /// The key path from the root to `keyPath`'s optional value, through the
  /// model that may not be there, flattened.
  private func path<Value>(
    from base: KeyPath<Root, Model?>, to keyPath: KeyPath<Model, Value?>
  ) -> KeyPath<Root, Value?> {
    if let base = base as? ReferenceWritableKeyPath<Root, Model?>,
      let keyPath = keyPath as? WritableKeyPath<Model, Value?>
    {
      return base.appending(path: \Model?.[unwrappingWritableOptional: keyPath])
    }
    return base.appending(path: \Model?.[unwrappingOptional: keyPath])
  }

  func pathText(of keyPath: AnyKeyPath, below path: TreePath) -> String {
    let (_, steps) = ElementLookup.resolving(keepingSteps: true) {
      read(\Model.self).map { $0[keyPath: keyPath] }
    }
    let below = DispatchTarget.pathText(
      of: keyPath, rootName: String(describing: Model.self), steps: steps)
    guard below != "root" else { return "\(path)" }
    guard path != .root else { return below }
    return "\(path)" + (below.hasPrefix("[") ? "" : ".") + below
  }

  /// The key paths from the root that reads, dispatches, subscriptions and
  /// child scopes go through, by the key path from the model: a key path
  /// with an argument, as the step through an optional model is, costs the
  /// standard library more to make than a read costs.
  private var composedPaths: [ComposedKey: AnyKeyPath] = [:]

  /// How many composed key paths are kept now.
  var composedPathCount: Int { composedPaths.count }

  /// The most composed key paths kept: key paths with arguments (`\.rows[id: n]`
  /// for every `n`) are each a new key, and must not grow the cache for ever.
  static var keptComposedPaths: Int { 256 }

  /// A key path from the model, and whether its optional value is flattened
  /// into the optional the step through an optional model makes.
  private struct ComposedKey: Hashable {
    let keyPath: AnyKeyPath
    let flattened: Bool
  }

  /// The key path `make` composes for `keyPath`, made once.
  private func composed<Made: AnyKeyPath>(
    _ keyPath: AnyKeyPath, flattened: Bool = false, _ make: () -> Made
  ) -> Made {
    let key = ComposedKey(keyPath: keyPath, flattened: flattened)
    // Made below from `keyPath` the same way, so of the same type.
    if let made = composedPaths[key] { return unsafeDowncast(made, to: Made.self) }
    if composedPaths.count >= Self.keptComposedPaths { composedPaths.removeAll() }
    let made = make()
    composedPaths[key] = made
    return made
  }

  /// The key path from the root to `keyPath`'s value.
  private func plain<Value>(
    _ base: KeyPath<Root, Model>, _ keyPath: KeyPath<Model, Value>
  ) -> KeyPath<Root, Value> {
    composed(keyPath) { base.appending(path: keyPath) }
  }

  /// The key path from the root to `keyPath`'s value, through the model that may not be there.
  private func optional<Value>(
    _ base: KeyPath<Root, Model?>, _ keyPath: KeyPath<Model, Value>
  ) -> KeyPath<Root, Value?> {
    composed(keyPath) { path(from: base, to: keyPath) }
  }

  /// The key path from the root to `keyPath`'s optional value, through the
  /// model that may not be there, flattened.
  private func flattened<Value>(
    _ base: KeyPath<Root, Model?>, _ keyPath: KeyPath<Model, Value?>
  ) -> KeyPath<Root, Value?> {
    composed(keyPath, flattened: true) { path(from: base, to: keyPath) }
  }

  func read<Value>(_ keyPath: KeyPath<Model, Value>) -> Value? {
    switch place {
    case let .plain(base):
      let full = plain(base, keyPath)
      return ElementLookup.resolving { store.read(full) }.0
    case let .optional(base):
      let full = optional(base, keyPath)
      return ElementLookup.resolving { store.read(full) }.0
    }
  }

  func current() -> Model? {
    switch place {
    case let .plain(base): ElementLookup.resolving { store.root[keyPath: base] }.0
    case let .optional(base): ElementLookup.resolving { store.root[keyPath: base] }.0
    }
  }

  func dispatch(_ action: any Action) {
    switch place {
    case let .plain(base): store.dispatch(store.targeted(action, to: base))
    case let .optional(base): store.dispatch(store.targeted(action, to: base))
    }
  }

  func dispatch<Target>(_ action: any Action, to target: KeyPath<Model, Target?>) {
    switch place {
    case let .plain(base): store.dispatch(store.targeted(action, to: plain(base, target)))
    case let .optional(base): store.dispatch(store.targeted(action, to: flattened(base, target)))
    }
  }

  func dispatch<Target>(_ action: any Action, to target: KeyPath<Model, Target>) {
    switch place {
    case let .plain(base): store.dispatch(store.targeted(action, to: plain(base, target)))
    case let .optional(base): store.dispatch(store.targeted(action, to: optional(base, target)))
    }
  }

  func source<Child>(of keyPath: KeyPath<Model, Child>) -> any ScopeSource<Child> {
    switch place {
    case let .plain(base):
      return RootedScope<Root, Child>(store: store, place: .plain(plain(base, keyPath)))
    case let .optional(base):
      return RootedScope<Root, Child>(store: store, place: .optional(optional(base, keyPath)))
    }
  }

  func source<Child>(of keyPath: KeyPath<Model, Child?>) -> any ScopeSource<Child> {
    switch place {
    case let .plain(base):
      return RootedScope<Root, Child>(store: store, place: .optional(plain(base, keyPath)))
    case let .optional(base):
      return RootedScope<Root, Child>(store: store, place: .optional(flattened(base, keyPath)))
    }
  }

  func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<Model, Value>, _ listener: @escaping @MainActor (Value) -> Void
  ) -> StoreSubscription {
    switch place {
    case let .plain(base):
      return store.subscribe(plain(base, keyPath), listener)
    case let .optional(base):
      return store.subscribe(optional(base, keyPath)) { value in
        if let value { listener(value) }
      }
    }
  }

  func values<Value: Equatable & Sendable>(_ keyPath: KeyPath<Model, Value>) -> AsyncStream<Value> {
    store.stream { yield in self.subscribe(keyPath, yield) }
  }

  func overrideDependencies(_ update: (inout DependencyValues) -> Void) {
    let place = place
    store.overrideDependencies(
      below: { root in
        switch place {
        case let .plain(base): root[keyPath: base] as AnyObject
        case let .optional(base): root[keyPath: base].map { $0 as AnyObject }
        }
      }, update)
  }

  func recipients(of action: any Action) -> [Recipient] {
    // Found as a targeted action finds its target, with the rows its path
    // went through, which a reference back up does not reach.
    guard
      let (model, passed) = ElementLookup.resolvingKeepingPassedModels({
        current().map { ($0, ElementLookup.passedModels) }
      })
    else { return [] }
    if Model.self is AnyObject.Type {
      let object = model as AnyObject
      return store.recipients(
        of: action, from: object, passingOver: passed.filter { $0 !== object }, andRoot: store.root)
    }
    // A value model is listed as a class model holding it lists it, without that step.
    return store.recipients(
      of: action, from: TargetValue(model), passingOver: passed, andRoot: store.root
    ).map { $0.droppingFirstStep() }
  }
}

extension Optional {
  /// The value at `keyPath` of the wrapped value, if there is one: the step
  /// from an optional scope's model to a value of it.
  subscript<Value>(unwrapping keyPath: KeyPath<Wrapped, Value>) -> Value? {
    guard let wrapped = self else { return nil }
    ElementLookup.noteStep(ScopedStep(keyPath: keyPath))
    return wrapped[keyPath: keyPath]
  }

  /// The value at `keyPath` of the wrapped value, if there is one, written
  /// there when both are there.
  subscript<Value>(unwrappingWritable keyPath: WritableKeyPath<Wrapped, Value>) -> Value? {
    get {
      guard let wrapped = self else { return nil }
      ElementLookup.noteStep(ScopedStep(keyPath: keyPath))
      return wrapped[keyPath: keyPath]
    }
    set { if let newValue { self?[keyPath: keyPath] = newValue } }
  }

  /// The optional value at `keyPath` of the wrapped value, flattened.
  subscript<Value>(unwrappingOptional keyPath: KeyPath<Wrapped, Value?>) -> Value? {
    guard let wrapped = self else { return nil }
    ElementLookup.noteStep(ScopedStep(keyPath: keyPath))
    return wrapped[keyPath: keyPath]
  }

  /// The optional value at `keyPath` of the wrapped value, flattened, and
  /// written there when the wrapped value is there.
  subscript<Value>(unwrappingWritableOptional keyPath: WritableKeyPath<Wrapped, Value?>) -> Value? {
    get {
      guard let wrapped = self else { return nil }
      ElementLookup.noteStep(ScopedStep(keyPath: keyPath))
      return wrapped[keyPath: keyPath]
    }
    set { self?[keyPath: keyPath] = newValue }
  }
}

/// The step of a scope's composed key path into the key path a child scope
/// was made with, which its description does not show: noted, in turn with
/// the ids of `[id:]` steps, when a targeted action's path is resolved, so
/// that the path names that key path's own steps (`rows[id: 1].children[id: 12]`).
struct ScopedStep {
  let keyPath: AnyKeyPath
}
