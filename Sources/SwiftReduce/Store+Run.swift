extension Store {
  /// Starts asynchronous work on the main actor that can dispatch actions.
  ///
  /// The operation receives `send`, which dispatches to this store like
  /// ``dispatch(_:)`` while the store exists and does nothing afterwards.
  /// Dispatch through `send` rather than capturing the store, so a running
  /// task does not keep the store alive; releasing the store cancels the task.
  /// Middleware can start work here when it sees an action.
  ///
  /// ```swift
  /// let store = Store(Greeting())
  /// let task = store.run { send in
  ///   let text = await fetchGreeting()  // "Hello, Ada"
  ///   send(GreetingAction.loaded(text))
  /// }
  /// await task.value
  /// print(store.text)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Hello, Ada
  /// ```
  ///
  /// The operation cannot throw: report a failure by sending an action.
  ///
  /// - Parameter operation: The work to run; it receives `send` to dispatch actions.
  /// - Returns: The task running the operation, which a test can `await`.
  @discardableResult
  public func run(
    _ operation:
      @escaping @MainActor (_ send: @escaping @MainActor (any Action) -> Void) async
      -> Void
  ) -> Task<Void, Never> {
    let key = lifetime.makeKey()
    let send: @MainActor (any Action) -> Void = { [weak self] action in
      self?.dispatch(action)
    }
    let task = Task { @MainActor [weak self] in
      await operation(send)
      self?.lifetime.tasks[key] = nil
    }
    lifetime.tasks[key] = task
    return task
  }

  /// Suspends until every task started with ``run(_:)`` has finished.
  ///
  /// Tasks started while waiting, for example by middleware reacting to an
  /// action that a task dispatched, are waited for too. Tests use this after
  /// dispatching an action that starts work in middleware:
  ///
  /// ```swift
  /// let store = Store(Greeting(), middleware: [loadGreeting])
  /// store.dispatch(GreetingAction.load)
  /// await store.waitForTasks()
  /// #expect(store.text == "Hello, Ada")
  /// ```
  public func waitForTasks() async {
    while let (key, task) = lifetime.tasks.min(by: { $0.key < $1.key }) {
      await task.value
      lifetime.tasks[key] = nil
    }
  }
}
