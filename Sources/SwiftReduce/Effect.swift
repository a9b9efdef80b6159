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
  ///     ids compare as `AnyHashable`s. `nil` by default: no id.
  ///   - cancelInFlight: Whether to cancel the store's running effects with an
  ///     equal id before starting this one.
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
  /// on. Effects of other stores are never touched.
  ///
  /// - Parameter id: The id the effects were started with.
  public static func cancel(id: any Hashable & Sendable) {
    EffectContext.withDispatchingStore(calling: "Effect.cancel(id:)", instead: "store.cancel(id:)")
    { store in
      store.cancel(id: id)
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
