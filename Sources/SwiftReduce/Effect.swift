/// Asynchronous work a model starts from its `reduce(action:)`, on the store that is dispatching.
///
/// A model cannot await, since `reduce(action:)` is synchronous, but it can
/// start the work its action asks for: ``run(id:cancelInFlight:_:)`` starts an
/// effect on the store whose dispatch is in progress, which sends its results
/// back as actions. Give effects an id to cancel them with
/// ``cancel(id:)``, or to replace the one in flight, which is how a search
/// field drops the request for the text it had before:
///
/// ```swift
/// final class Search: Reducer {
///   var query = ""
///   var results: [String] = []
///
///   func reduce(action: SearchAction) {
///     switch action {
///     case .queryChanged(let query):
///       self.query = query
///       Effect.run(id: "search", cancelInFlight: true) { send in
///         try await Effect.clock.sleep(for: .milliseconds(300))
///         send(SearchAction.resultsLoaded(await searchMovies(query)))
///       }
///     case .resultsLoaded(let results):
///       self.results = results
///     }
///   }
/// }
/// ```
///
/// `Effect.run` and `Effect.cancel` must be called while a store dispatches,
/// on the main actor: from a model's `reduce(action:)`, a middleware or a
/// subscriber. Called anywhere else they stop the program; use
/// ``Store/run(id:cancelInFlight:_:)`` and ``Store/cancel(id:)`` there.
public enum Effect {
  /// Starts an effect on the store whose dispatch is in progress.
  ///
  /// The operation runs on the main actor after the dispatch, with `send` to
  /// dispatch actions to that store. A store dispatching on another inside a
  /// `reduce` starts the effect on the inner one while the inner dispatch runs.
  ///
  /// - Parameters:
  ///   - id: Identifies the effect for ``cancel(id:)`` and `cancelInFlight`;
  ///     ids compare as `AnyHashable`s. `nil` by default: no id. Started by a
  ///     model inside a row, an element of an array or a dictionary, the id
  ///     is that row's own.
  ///   - cancelInFlight: Whether to cancel the store's running effects with an
  ///     equal id, of the same row, before starting this one.
  ///   - operation: The work; it receives ``Send`` to dispatch actions. A
  ///     thrown error other than `CancellationError` is reported.
  /// - Returns: The task running the operation.
  @discardableResult
  public static func run(
    id: (any Hashable & Sendable)? = nil,
    cancelInFlight: Bool = false,
    _ operation: @escaping @MainActor (_ send: Send) async throws -> Void
  ) -> Task<Void, Never> {
    EffectContext.withDispatchingStore(calling: "Effect.run", instead: "store.run") { store in
      store.run(id: id, cancelInFlight: cancelInFlight, operation)
    }
  }

  /// Cancels the effects with an equal id running on the store whose dispatch is in progress.
  ///
  /// Each one's task is cancelled and its `send` drops every action from now
  /// on. Effects of other stores are never touched. Called by a model inside
  /// a row (an element of an array or a dictionary), it reaches only that
  /// row's effects; anywhere else, only effects outside every row, which
  /// ``cancel(id:in:)`` reaches by the row's path.
  ///
  /// - Parameter id: The id the effects were started with.
  public static func cancel(id: any Hashable & Sendable) {
    EffectContext.withDispatchingStore(calling: "Effect.cancel(id:)", instead: "store.cancel(id:)")
    { store in
      store.cancel(id: id)
    }
  }

  /// Starts an effect that only dispatches `action`, once the dispatch in progress is over.
  ///
  /// `Effect.send(TimerAction.tick)` is `Effect.run { send in send(TimerAction.tick) }`,
  /// and belongs to the model that starts it as that effect would.
  ///
  /// - Parameter action: The action to dispatch.
  /// - Returns: The task running the effect.
  @discardableResult
  public static func send(_ action: sending any Action) -> Task<Void, Never> {
    // Unchecked: the caller gave the action away (`sending`), and only the effect uses it.
    nonisolated(unsafe) let action = action
    return EffectContext.withDispatchingStore(calling: "Effect.send", instead: "store.dispatch") {
      store in
      store.run(id: nil, cancelInFlight: false) { send in send(action) }
    }
  }

  /// Cancels the effects with an equal id of the row at `row`, an element
  /// of an array or a dictionary, on the store whose dispatch is in progress.
  ///
  /// Effects started by the models inside a row have ids of their own row's:
  /// `Effect.cancel(id: "timer")` in a row's `reduce` reaches only that
  /// row's `"timer"`. Outside the row, name it by its path:
  /// `Effect.cancel(id: "timer", in: "rows[2]")`.
  ///
  /// - Parameters:
  ///   - id: The id the effects were started with.
  ///   - row: The path of the row, or of a model inside it.
  public static func cancel(id: any Hashable & Sendable, in row: TreePath) {
    EffectContext.withDispatchingStore(
      calling: "Effect.cancel(id:in:)", instead: "store.cancel(id:in:)"
    ) { store in
      store.cancel(id: id, in: row)
    }
  }

  /// Removes the model whose `reduce(action:)` calls it from the optional,
  /// array or dictionary holding it, once the walk of this dispatch is over.
  ///
  /// The removal is part of the dispatch's change: observers, subscribers,
  /// a ``History`` (whose undo brings the model back) and a `TestStore` see
  /// it. The model's running effects are cancelled. A model held anywhere
  /// else, a stored property that is not optional or the root, stays where
  /// it is, and debug builds say why. Called by a middleware or a
  /// subscriber it dismisses nothing, with a message in debug builds;
  /// called outside any dispatch it stops the program, as `Effect.run` does.
  /// An effect dismisses its model with ``Send/dismiss()``.
  public static func dismiss() {
    EffectContext.withDispatchingStore(
      calling: "Effect.dismiss()", instead: "store.apply(_:)"
    ) { store in
      store.dismissReducingModel()
    }
  }

  /// Inside an effect, the clock of the store running it; elsewhere `ContinuousClock()`.
  ///
  /// Tasks an effect creates see the same clock. Sleep on it rather than with
  /// `Task.sleep`, so that a test can give the store a clock it advances by hand.
  /// It is the dependency `DependencyValues.clock`, read as ``Dependency``
  /// reads it: during a dispatch too, it is the dispatching store's clock.
  public static var clock: any Clock<Duration> {
    DependencyValues.current.clock
  }
}
