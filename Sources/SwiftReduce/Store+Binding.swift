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
  ) -> Binding<Value> {
    let root = root
    return Binding(
      get: { [weak self] in self?.bindingRead(of: keyPath) ?? root[keyPath: keyPath] },
      set: { [weak self] newValue in self?.dispatch(makeAction(newValue)) }
    )
  }

  /// A read-only binding to a value of the state; writes are ignored.
  ///
  /// - Parameter keyPath: The value to read, from the root model.
  /// - Returns: A binding whose setter does nothing.
  public subscript<Value>(keyPath: KeyPath<Root, Value>) -> Binding<Value> {
    let root = root
    return Binding(
      get: { [weak self] in self?.bindingRead(of: keyPath) ?? root[keyPath: keyPath] },
      set: { _ in }
    )
  }
}
