extension Store {
  /// The distinct values at `keyPath` over time, starting with the current one.
  ///
  /// The sequence yields the current value at once, then each value that
  /// differs from the last one yielded, none of them dropped. It ends when
  /// the task iterating it is cancelled or when the store is released.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let names = store.values(\.name)
  /// store.dispatch(NameChange.setName("Ada"))
  /// store.dispatch(NameChange.setName("Ada"))
  /// store.dispatch(NameChange.setName("Grace"))
  /// for await name in names.prefix(3) { print("name: \"\(name)\"") }
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
  /// - Parameter keyPath: The value to watch, from the root model.
  /// - Returns: An asynchronous sequence of the distinct values at `keyPath`.
  public func values<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<Root, Value>
  ) -> AsyncStream<Value> {
    stream { yield in subscribe(keyPath, yield) }
  }

  /// The values `subscribe` gives its listener, as a stream that ends when
  /// the store is released; ending it cancels the subscription.
  func stream<Value: Sendable>(
    _ subscribe: (_ listener: @escaping @MainActor (Value) -> Void) -> StoreSubscription
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let subscription = subscribe { continuation.yield($0) }
    let key = lifetime.makeKey()
    lifetime.streamFinishers[key] = { continuation.finish() }
    // The stream owns the subscription: ending it releases the listener.
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in
        subscription.cancel()
        self?.lifetime.streamFinishers[key] = nil
      }
    }
    return stream
  }
}
