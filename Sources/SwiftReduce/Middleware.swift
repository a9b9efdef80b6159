/// A step that every action dispatched to a ``Store`` passes through before it is reduced.
///
/// A middleware receives the action, the store (to read state, dispatch or
/// start asynchronous work with ``Store/run(id:cancelInFlight:_:)``) and `next`, which continues
/// with the rest of the chain and, past the last middleware, reduces the
/// action and notifies subscribers. A middleware can call `next` with the
/// action, with a replacement, or not at all to drop the action, and can run
/// code after `next` returns, when the store already holds the new state.
/// Actions it dispatches are queued and pass through the whole chain again.
/// A ``History``'s undo and redo pass through it too, as a ``HistoryAction``.
///
/// The first middleware given to the store is outermost:
///
/// ```swift
/// var log: [String] = []
/// func logging(_ name: String) -> Middleware<Person> {
///   Middleware { action, store, next in
///     log.append("\(name) in")
///     next(action)
///     log.append("\(name) out: \(store.name)")
///   }
/// }
/// let store = Store(Person(), middleware: [logging("m1"), logging("m2")])
/// store.dispatch(NameChange.setName("Ada"))
/// print(log)
/// ```
///
/// prints
///
/// ```
/// ["m1 in", "m2 in", "m2 out: Ada", "m1 out: Ada"]
/// ```
public struct Middleware<Root: Reducer>: Sendable {
  /// The body; `next` may only be called while the body runs.
  let handle: @MainActor (any Action, Store<Root>, (any Action) -> Void) -> Void

  /// Creates a middleware from a closure.
  ///
  /// - Parameter handle: Called with each dispatched action, the store, and
  ///   `next`, which passes an action on to the rest of the chain. `next` can
  ///   only be called while `handle` runs; to act later, start a task with
  ///   ``Store/run(id:cancelInFlight:_:)`` and dispatch from it.
  public init(
    _ handle:
      @escaping @MainActor (
        _ action: any Action, _ store: Store<Root>, _ next: (any Action) -> Void
      ) -> Void
  ) {
    self.handle = handle
  }
}
