extension Store {
  /// Calls `listener` with the root model after every dispatch.
  ///
  /// The listener runs once per reduced action, after the whole traversal,
  /// even when no model handled the action; it is not called at subscription.
  /// Listeners run in the order they subscribed. A listener added while the
  /// store is notifying is first called on the next dispatch; one cancelled
  /// meanwhile is not called after its cancellation.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let subscription = store.subscribe { person in print("name is", person.name) }
  /// store.dispatch(NameChange.setName("Ada"))
  /// store.dispatch(UpdateMovies.setInput("Alien"))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// name is Ada
  /// name is Ada
  /// ```
  ///
  /// - Parameter listener: Receives the root model after each dispatch.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  public func subscribe(_ listener: @escaping @MainActor (Root) -> Void) -> StoreSubscription {
    let subscription = StoreSubscription(listener: { root in
      // Only the store calls its listeners, with its own root.
      listener(unsafeDowncast(root, to: Root.self))
    })
    subscribers.add(subscription)
    return subscription
  }

  /// Calls `listener` with the value at `keyPath` now, then whenever it changes.
  ///
  /// The listener runs at once with the current value, then after each
  /// dispatch whose resulting value is not `==` to the last one it received.
  /// Computed properties work like stored ones. When the path stops applying
  /// (a position past the end of an array, a forced optional now `nil`), the
  /// subscription ends instead of stopping the program; the article
  /// *Subscriptions* gives the rule and its limits.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let subscription = store.subscribe(\.name) { print("name: \"\($0)\"") }
  /// store.dispatch(NameChange.setName("Ada"))
  /// store.dispatch(UpdateMovies.setInput("Alien"))
  /// store.dispatch(NameChange.setName("Grace"))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// name: ""
  /// name: "Ada"
  /// name: "Grace"
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch, from the root model.
  ///   - listener: Receives the current value, then each different value.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  public func subscribe<Value: Equatable>(
    _ keyPath: KeyPath<Root, Value>,
    _ listener: @escaping @MainActor (Value) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: { $0 == $1 }, listener)
  }

  /// Calls `listener` with the model at `keyPath` now, then whenever another instance is there.
  ///
  /// Models are compared by identity, whether or not they are `Equatable`:
  /// the listener runs when a different instance is at `keyPath`, not when
  /// the same instance changes in place (subscribe to its values for that).
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let subscription = store.subscribe(identityOf: \.favoriteMovies) { movies in
  ///   print("the list, with input \"\(movies.input)\"")
  /// }
  /// store.dispatch(UpdateMovies.setInput("Alien"))
  /// ```
  ///
  /// prints, once, since the same list is still there after the dispatch:
  ///
  /// ```
  /// the list, with input ""
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: A key path from the root model to a model.
  ///   - listener: Receives the current model, then each other instance.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  public func subscribe<Model: AnyObject>(
    identityOf keyPath: KeyPath<Root, Model>,
    _ listener: @escaping @MainActor (Model) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: { $0 === $1 }, listener)
  }

  /// Calls `listener` with the optional model at `keyPath` now, then whenever
  /// another instance, or `nil` instead of one, is there.
  ///
  /// - Parameters:
  ///   - keyPath: A key path from the root model to an optional model.
  ///   - listener: Receives the current model or `nil`, then each change of identity.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  public func subscribe<Model: AnyObject>(
    identityOf keyPath: KeyPath<Root, Model?>,
    _ listener: @escaping @MainActor (Model?) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: { $0 === $1 }, listener)
  }

  /// Calls `listener` with the value at `keyPath` now, then after each
  /// dispatch whose value `isDuplicate` does not match the last one delivered.
  ///
  /// The one mechanism behind every key-path subscription.
  func watch<Value>(
    _ keyPath: KeyPath<Root, Value>,
    isDuplicate: @escaping (Value, Value) -> Bool,
    _ listener: @escaping @MainActor (Value) -> Void
  ) -> StoreSubscription {
    let watch = ValueWatch(
      project: Self.projection(of: keyPath), isDuplicate: isDuplicate,
      initial: root[keyPath: keyPath])
    let subscription = StoreSubscription(listener: { _ in })
    let box = subscription.box
    box.listener = { [unowned box] root in
      // Only the store calls its listeners, with its own root.
      switch watch.reading(in: unsafeDowncast(root, to: Root.self)) {
      case .unchanged: return
      case .changed: listener(watch.last)
      case .noLongerApplies:
        // The box is the list's and the token's; the closure running now is kept by its caller.
        box.listener = nil
        #if DEBUG
          Self.reportEnded(keyPath)
        #endif
      }
    }
    subscribers.add(subscription)
    listener(watch.last)
    return subscription
  }
}

extension Store {
  /// Reads the value at `keyPath` the fastest sound way, or returns `nil` when
  /// its path no longer applies.
  ///
  /// Where the store reads key path layouts, a path is checked before it is
  /// evaluated: a position past the end of an `Array` or `ContiguousArray`,
  /// or a `!` on `nil`, makes it return `nil` instead of stopping the
  /// program. A path made of stored properties and positions is read by
  /// offset, which costs a few loads instead of the standard library's
  /// general projection. Any other path, and every path where no layout is
  /// read (``KeyPathLayout``), is projected as usual.
  static func projection<Value>(of keyPath: KeyPath<Root, Value>) -> (Root) -> Value? {
    guard let layout = KeyPathLayout(of: keyPath, valueType: Value.self) else {
      return { $0[keyPath: keyPath] }
    }
    return { root in
      // The root is held by the caller, and nothing runs between finding and reading.
      switch layout.target(from: root) {
      case let .value(address): address.assumingMemoryBound(to: Value.self).pointee
      case .applies: root[keyPath: keyPath]
      case .noLongerApplies: nil
      }
    }
  }

  /// Reports a key-path subscription ended because its path no longer applies.
  static func reportEnded(_ keyPath: AnyKeyPath) {
    let name =
      KeyPathLayout(of: keyPath, valueType: type(of: keyPath).valueType)?.name(of: keyPath)
      ?? String(describing: keyPath)
    DebugReport.emit(
      "SwiftReduce: the subscription to \(name) ended: its path no longer applies (a position "
        + "past the end of an array, or a forced optional that is nil), so its listener is not "
        + "called again. Subscribe again to follow what is there now. (reported in debug builds)")
  }
}

// MARK: - Before 1.0

extension Store {
  /// Calls `listener` with the model at `keyPath` now, then whenever it is replaced.
  ///
  /// Models are compared by identity: the listener runs when a different
  /// instance is at `keyPath`, not when the same instance changes in place.
  ///
  /// - Parameters:
  ///   - keyPath: A key path from the root model to a model.
  ///   - listener: Receives the current model, then each replacement.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  @available(*, deprecated, renamed: "subscribe(identityOf:_:)")
  public func subscribe<Model: Reducer>(
    _ keyPath: KeyPath<Root, Model>,
    _ listener: @escaping @MainActor (Model) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: { $0 === $1 }, listener)
  }

  /// Calls `listener` with the model at `keyPath` now, then whenever it is replaced.
  ///
  /// Models are compared by identity even when they are `Equatable`: the
  /// listener runs when a different instance is at `keyPath`, not when the
  /// same instance changes in place.
  ///
  /// - Parameters:
  ///   - keyPath: A key path from the root model to a model.
  ///   - listener: Receives the current model, then each replacement.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  @available(*, deprecated, renamed: "subscribe(identityOf:_:)")
  public func subscribe<Model: Reducer & Equatable>(
    _ keyPath: KeyPath<Root, Model>,
    _ listener: @escaping @MainActor (Model) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: { $0 === $1 }, listener)
  }

  /// Calls `listener` with the optional model at `keyPath` now, then whenever it is replaced.
  ///
  /// Models are compared by identity: the listener runs when a different
  /// instance, or `nil` instead of an instance, is at `keyPath`, not when the
  /// same instance changes in place.
  ///
  /// - Parameters:
  ///   - keyPath: A key path from the root model to an optional model.
  ///   - listener: Receives the current model or `nil`, then each replacement.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  @available(*, deprecated, renamed: "subscribe(identityOf:_:)")
  public func subscribe<Model: Reducer>(
    _ keyPath: KeyPath<Root, Model?>,
    _ listener: @escaping @MainActor (Model?) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: { $0 === $1 }, listener)
  }

  /// Calls `listener` with the optional model at `keyPath` now, then whenever it is replaced.
  ///
  /// Models are compared by identity even when they are `Equatable`: the
  /// listener runs when a different instance, or `nil` instead of an
  /// instance, is at `keyPath`, not when the same instance changes in place.
  ///
  /// - Parameters:
  ///   - keyPath: A key path from the root model to an optional model.
  ///   - listener: Receives the current model or `nil`, then each replacement.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  @available(*, deprecated, renamed: "subscribe(identityOf:_:)")
  public func subscribe<Model: Reducer & Equatable>(
    _ keyPath: KeyPath<Root, Model?>,
    _ listener: @escaping @MainActor (Model?) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: { $0 === $1 }, listener)
  }

  /// Calls `listener` with the value at `keyPath` now, then whenever it is no duplicate.
  ///
  /// - Parameters:
  ///   - keyPath: The value to watch, from the root model.
  ///   - isDuplicate: Returns `true` when the new value (second) should not be
  ///     delivered because it is the same as the last delivered value (first).
  ///   - listener: Receives the current value, then each value that is no duplicate.
  /// - Returns: A token that keeps the listener alive until it is released or cancelled.
  @available(
    *, deprecated,
    message:
      "subscribe to an Equatable value: a key path can end in what decides a change, `\\.movies.count`"
  )
  public func subscribe<Value>(
    _ keyPath: KeyPath<Root, Value>,
    isDuplicate: @escaping (Value, Value) -> Bool,
    _ listener: @escaping @MainActor (Value) -> Void
  ) -> StoreSubscription {
    watch(keyPath, isDuplicate: isDuplicate, listener)
  }
}
