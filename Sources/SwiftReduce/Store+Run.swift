extension Store {
  /// Starts asynchronous work on the main actor that can dispatch actions.
  ///
  /// The operation receives ``Send``, which dispatches to this store like
  /// ``dispatch(_:)`` until the effect is cancelled or the store is released.
  /// Dispatch through `send` rather than capturing the store, so a running
  /// effect does not keep the store alive; releasing the store cancels it.
  /// Middleware, views and tests start work here; a model's
  /// `reduce(action:)` calls ``Effect/run(id:cancelInFlight:_:)`` instead.
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
  /// An error the operation throws, other than `CancellationError`, is
  /// reported: debug builds print it once per id and error type, and a
  /// `TestStore` fails the test.
  ///
  /// - Parameters:
  ///   - id: Identifies the effect for ``cancel(id:)`` and `cancelInFlight`;
  ///     ids compare as `AnyHashable`s, so `1` and `Int64(1)` are one id.
  ///   - cancelInFlight: Whether to cancel this store's running effects with
  ///     an equal id before starting this one.
  ///   - operation: The work to run; it receives `send` to dispatch actions.
  /// - Returns: The task running the operation, which a test can `await`;
  ///   cancelling it cancels the effect.
  @discardableResult
  public func run(
    id: (any Hashable & Sendable)? = nil,
    cancelInFlight: Bool = false,
    _ operation: @escaping @MainActor (_ send: Send) async throws -> Void
  ) -> Task<Void, Never> {
    let id = id.map { AnyHashable($0) }
    var origin = effectOrigin
    var valuePlace: ValueModelPlace?
    if case .model(let action, _) = origin {
      origin = .model(action, .current)
      valuePlace = Delivery.placeOfValueModel()
    }
    // An effect of a model other than the root is that model's: its row is
    // found once the walk is over, and `cancelInFlight` waits for it.
    let model: RunningEffect.ReducingModel? =
      if case .model(_, let model) = origin, model.isValueModel || model.object !== root {
        model
      } else {
        nil
      }
    if model == nil, cancelInFlight, let id { cancelEffects(withID: id, in: nil) }
    var dependencies = self.dependencies
    if case .model(_, let model) = origin {
      dependencies = dependenciesOfEffect(startedBy: model.object)
    }
    // The clock its sleepers are on, as `Effect.clock` will read it, without failing a test.
    let clock =
      dependencies.value(setFor: ClockDependency.self)
      ?? DependencyValues.value(of: ClockDependency.self, in: dependencies.context)
    let clockKey = EffectActivity.key(of: clock)
    let order = EffectActivity.effectStarted(clock: clockKey)
    let effect = RunningEffect(
      key: lifetime.makeKey(), order: order, id: id, origin: origin, valuePlace: valuePlace,
      store: self)
    let values = EffectContext.TaskValues(order: order)
    dependencies.reading = DependencyReading(
      source: .effect(effect), report: unprovidedDependencyHandler)
    // Who hears an error thrown once the store is gone: a test store's test.
    let errorHandler = effectErrorHandler
    let task = Task { @MainActor [weak self, dependencies] in
      do {
        try await EffectContext.$task.withValue(values) {
          try await DependencyValues.$ofEffect.withValue(dependencies) {
            try await operation(Send(effect: effect))
          }
        }
      } catch is CancellationError {
      } catch {
        if let self {
          self.report(error, thrownBy: effect)
        } else {
          Self.reportAfterRelease(error, thrownBy: effect, to: errorHandler)
        }
      }
      EffectActivity.effectEnded(clock: clockKey, order: order)
      self?.lifetime.end(effect.key)
    }
    effect.task = task
    lifetime.start(effect, task)
    if model != nil {
      effect.isPlaced = false
      lifetime.ownership.add(.start(effect, cancelInFlight: cancelInFlight))
      lifetime.ownership.watch(effect)
    }
    return task
  }

  /// Cancels this store's running effects started with an id equal to `id`.
  ///
  /// Each one's task is cancelled and its `send` drops every action from now
  /// on; the effect still counts as running until its operation returns.
  /// Effects started by models inside a row, an element of an array or a
  /// dictionary, have ids of that row's: ``cancel(id:in:)`` reaches them.
  /// Called by such a model's `reduce(action:)`, through
  /// ``Effect/cancel(id:)``, it reaches that row's effects only.
  ///
  /// - Parameter id: The id the effects were started with.
  public func cancel(id: any Hashable & Sendable) {
    let id = AnyHashable(id)
    let current = RunningEffect.ReducingModel.current
    guard case .model = effectOrigin, current.isValueModel || current.object !== root else {
      return cancelEffects(withID: id, in: nil)
    }
    // A model other than the root cancels in its row, found once the walk is over.
    lifetime.ownership.add(
      .cancel(
        id: id, model: current, place: Delivery.placeOfValueModel(),
        before: lifetime.makeKey()))
  }

  /// Suspends until every task started with ``run(id:cancelInFlight:_:)`` or
  /// `Effect.run` has finished.
  ///
  /// Tasks started while waiting, for example by middleware reacting to an
  /// action that a task dispatched, are waited for too. Tests use this after
  /// dispatching an action that starts work in middleware or a model:
  ///
  /// ```swift
  /// let store = Store(Greeting(), middleware: [loadGreeting])
  /// store.dispatch(GreetingAction.load)
  /// await store.waitForTasks()
  /// #expect(store.text == "Hello, Ada")
  /// ```
  ///
  /// An effect asleep on a clock that nobody advances never finishes.
  public func waitForTasks() async {
    while let (key, task) = lifetime.tasks.min(by: { $0.key < $1.key }) {
      await task.value
      lifetime.end(key)
    }
  }

  // MARK: - Bookkeeping

  /// Cancels the running effects of `row` (`nil`: outside any row) with `id`,
  /// started before the effect with the key `before`, if given.
  func cancelEffects(withID id: AnyHashable, in row: EffectRow?, before key: Int = .max) {
    for effect in lifetime.effects.values
    where effect.id == id && effect.isPlaced && effect.row == row && effect.key < key {
      effect.cancel()
    }
  }

  /// Reports an error an effect threw: to the `TestStore`, or in debug builds
  /// once per id and error type.
  private func report(_ error: any Error, thrownBy effect: RunningEffect) {
    let text = "\(description(of: effect)), threw \(String(reflecting: error))"
    if let effectErrorHandler {
      effectErrorHandler(text)
      return
    }
    #if DEBUG
      let key = ThrownErrors.Key(id: effect.id, errorType: ObjectIdentifier(type(of: error)))
      guard ThrownErrors.reported.insert(key).inserted else { return }
      DebugReport.emit(
        "SwiftReduce: the effect \(text) (reported once per id and error type in debug builds)")
    #endif
  }

  /// Reports an error an effect threw after its store was released: to the
  /// test store that ran it, or in debug builds as dropped, since no store
  /// is left to hear it.
  private static func reportAfterRelease(
    _ error: any Error, thrownBy effect: RunningEffect,
    to handler: (@MainActor (_ description: String) -> Void)?
  ) {
    let id = effect.id.map { "id \(String(reflecting: $0.base))" } ?? "no id"
    let started: String
    switch effect.origin {
    case .model(let action, _), .dispatch(let action): started = "started by \(actionText(action))"
    case .outside: started = "started by store.run outside any dispatch"
    }
    let text = "\(id), \(started), threw \(String(reflecting: error)) after its store was released"
    if let handler {
      handler(text)
      return
    }
    #if DEBUG
      DebugReport.emit(
        "SwiftReduce: the effect \(text); no store is left to report it to, so it is dropped. "
          + "(reported in debug builds)")
    #endif
  }

  /// How messages name an effect: its id, the action that started it, and
  /// the path of the model that did.
  ///
  /// `id "search", started by SearchAction.queryChanged("Al") in search`
  func description(of effect: RunningEffect) -> String {
    let id = effect.id.map { "id \(String(reflecting: $0.base))" } ?? "no id"
    switch effect.origin {
    case .model(let action, let model):
      let path = path(of: model, effect.valuePlace, pathFromOwner: effect.pathFromOwner)
      return "\(id), started by \(actionText(action)) in \(path)"
    case .dispatch(let action):
      return "\(id), started during \(actionText(action)) outside any model"
    case .outside:
      return "\(id), started by store.run outside any dispatch"
    }
  }

  /// Where the model that started an effect is: its path, for a value model
  /// through the class model holding it (`tickers["a"]`).
  ///
  /// Value models of one type that hold nothing else reduce in one loop over
  /// their array, which cannot tell which of them started the effect; those
  /// are named by the array (`one of the 3 value models in stopwatches`).
  ///
  /// A value model followed by its path from the class model above it
  /// (`pathFromOwner`, see ``RunningEffect/follow(from:along:)``) is named by that path.
  func path(
    of model: RunningEffect.ReducingModel, _ place: ValueModelPlace?,
    pathFromOwner: TreePath? = nil
  ) -> String {
    // A value a targeted action reached, in a holder outside the tree: at the target's path.
    if let holder = model.object as? TargetValueHolder, let place,
      var path = path(inHolder: holder, place: place)
    {
      // Written as snapshots write it, positions and all, where it is there.
      let rows = ModelRows(root: root)
      if let line = rows.line(at: path) { path = rows.path(toLine: line) }
      return place.among > 1 ? "one of the \(place.among) value models in \(path)" : "\(path)"
    }
    guard let object = model.object,
      let path = ModelPaths.paths(to: [object], from: root)[ObjectIdentifier(object)]
    else { return "a model no longer in the tree" }
    guard model.isValueModel else { return path.description }
    if let pathFromOwner { return TreePath(path.components + pathFromOwner.components).description }
    guard let place, let steps = place.steps else {
      return "a value model held by \(path)"
    }
    let valuePath = ModelPaths.path(through: steps, ownerPath: path)
    guard place.among > 1 else { return valuePath.description }
    return "one of the \(place.among) value models in \(valuePath)"
  }
}

extension Store {
  /// The orders of the effects still running and not cancelled, for a
  /// `TestStore` to tell whether each is asleep on its `TestClock`: a
  /// cancelled effect's `send` drops everything, so it cannot be waited for.
  package var runningEffectOrders: Set<Int> {
    Set(lifetime.effects.values.filter { !$0.isCancelled }.map(\.order))
  }

  /// The start order of each effect still running and not cancelled, by its
  /// key: for a `TestStore` to tell which effects one `send` started.
  package var runningEffectOrdersByKey: [Int: Int] {
    lifetime.effects.filter { !$0.value.isCancelled }.mapValues(\.order)
  }

  /// Whether an effect that was cancelled is still running: its operation has
  /// not returned yet.
  package var hasCancelledEffectsRunning: Bool {
    lifetime.effects.values.contains { $0.isCancelled }
  }

  /// Cancels the effects with these keys that are still running, as
  /// ``cancel(id:)`` cancels those with an id.
  package func cancelEffects(withKeys keys: Set<Int>) {
    for key in keys { lifetime.effects[key]?.cancel() }
  }
}

extension Store: EffectHost {}

/// The effect ids and error types already reported, for the whole process.
@MainActor
private enum ThrownErrors {
  struct Key: Hashable {
    let id: AnyHashable?
    let errorType: ObjectIdentifier
  }

  static var reported: Set<Key> = []
}
