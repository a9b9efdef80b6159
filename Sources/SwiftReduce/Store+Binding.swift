extension Store {
  /// A binding whose reads follow the state and whose writes dispatch an action.
  ///
  /// The getter reads `keyPath` from the root each time it is called, so it
  /// follows replaced models on the path. The setter never writes to a model:
  /// it dispatches the action `makeAction` builds from the new value, through
  /// middleware like any other dispatch. Every write dispatches, including a
  /// write of a value equal to the current one. Reads are registered with
  /// Observation, like reads through the store's dynamic members: an observer
  /// is told when the value read changed. Once the path stops applying (its
  /// row was removed), reads give the last value read through it, and its
  /// observers are told at the next dispatch; the article *Bindings* says more.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let name = store[\.name, NameChange.setName]
  /// name.wrappedValue = "Ada"
  /// print(store.name, name.wrappedValue)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Ada Ada
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to read, from the root model.
  ///   - makeAction: Builds the action to dispatch from a written value.
  /// - Returns: A binding to the value at `keyPath`.
  public subscript<Value, Made: Action>(
    keyPath: KeyPath<Root, Value>,
    makeAction: @escaping @MainActor (Value) -> Made
  ) -> StoreBinding<Value> {
    let root = root
    return StoreBinding(
      get: { [weak self] in self?.bindingRead(of: keyPath) ?? root[keyPath: keyPath] },
      set: { [weak self] newValue in self?.dispatch(makeAction(newValue)) }
    )
  }

  /// A binding to a value of the state that cannot be written.
  ///
  /// A binding whose writes went nowhere made a text field drop what the user
  /// typed without a word. Read the value through the store instead
  /// (`store.name`), or pass the action a write dispatches
  /// (`store[\.name, NameChange.setName]`). Until 1.0 this still builds; a
  /// write to it stops a debug build with a message naming the path, and is
  /// ignored in release builds.
  ///
  /// - Parameter keyPath: The value to read, from the root model.
  /// - Returns: A binding whose reads follow the state.
  @available(
    *, deprecated,
    message:
      "a write to this binding is lost: read `store.value`, or bind with an action, `store[\\.value, { Action.set($0) }]`"
  )
  public subscript<Value>(keyPath: KeyPath<Root, Value>) -> StoreBinding<Value> {
    let root = root
    return StoreBinding(
      get: { [weak self] in self?.bindingRead(of: keyPath) ?? root[keyPath: keyPath] },
      set: { _ in
        #if DEBUG
          Self.stopForLostWrite(to: keyPath)
        #endif
      }
    )
  }

  /// Stops a debug build at a write to a binding that has no action to dispatch.
  static func stopForLostWrite(to keyPath: AnyKeyPath) -> Never {
    let name =
      KeyPathLayout(of: keyPath, valueType: type(of: keyPath).valueType)?.name(of: keyPath)
      ?? String(describing: keyPath)
    fatalError(
      "SwiftReduce: a value was written to the binding store[\(name)], which has no action to "
        + "dispatch, so the write would be lost. Bind with an action instead: "
        + "store[\(name), { YourAction.set($0) }]. (stopped in debug builds)")
  }
}
