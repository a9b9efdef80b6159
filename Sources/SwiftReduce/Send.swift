/// Dispatches actions from an effect to the store that started it, until the effect is cancelled.
///
/// An effect's operation receives a `Send` and calls it like a function:
/// `send(SearchAction.resultsLoaded(titles))`. The action is dispatched like
/// ``Store/dispatch(_:)``, queued if a dispatch is in progress. From the
/// moment the effect is cancelled, by ``Effect/cancel(id:)``, by an effect
/// started with the same id and `cancelInFlight`, by cancelling the task
/// that runs it or by releasing the store, every action sent is dropped,
/// even where the operation went on after swallowing the `CancellationError`.
@MainActor
public struct Send: Sendable {
  /// The effect whose actions this sends.
  let effect: RunningEffect

  /// Dispatches `action` to the store that started the effect, unless the effect was cancelled.
  ///
  /// - Parameter action: The action to dispatch.
  public func callAsFunction(_ action: any Action) {
    effect.send(action)
  }

  /// Removes the model that started the effect from the optional, array or
  /// dictionary holding it, unless the effect was cancelled.
  ///
  /// The store dispatches a ``DismissAction`` naming the model's path, which
  /// middleware, a ``History`` and a `TestStore` see; past the last
  /// middleware the store removes the model, and its effects, this one
  /// included, are cancelled. A model held anywhere else (a property that is
  /// not optional, the root) stays where it is, with a message in debug
  /// builds, as does one no longer in the tree.
  public func dismiss() {
    guard !effect.isCancelled, let store = effect.host else { return }
    store.dismissModel(of: effect)
  }
}
