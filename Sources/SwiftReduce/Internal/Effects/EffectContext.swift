/// What `Effect` and dependencies read to act on the right store: the store
/// whose dispatch is in progress, and inside an effect, which effect it is.
enum EffectContext {
  /// How many dispatches are in progress on the main actor.
  ///
  /// Written only on the main actor. `Effect` reads it from wherever it is
  /// called, before checking that it is on the main actor, so that a call
  /// outside any dispatch stops with a message of its own: zero there, on any
  /// thread. Read off the main actor during a dispatch, it is a racy read of
  /// a word, after which `MainActor.assumeIsolated` stops the program anyway.
  nonisolated(unsafe) static var depth = 0

  /// The store whose dispatch is innermost; `nil` outside any dispatch.
  @MainActor static var store: (any EffectHost)?

  /// What the task of an effect, and every task it creates, knows of it.
  struct TaskValues: Sendable {
    /// The effect's place among all effects started in the process.
    let order: Int
  }

  /// The effect whose task, or a task it created, is running; `nil` elsewhere.
  @TaskLocal static var task: TaskValues?

  /// What a dispatch hides of the one around it, to restore when it ends: the
  /// dispatching store, and the model that store's walk is delivering to.
  struct Outer {
    let store: (any EffectHost)?
    let model: UnsafeRawPointer?
    let isValueModel: Bool
    let thread: UInt
  }

  /// Makes `store` the dispatching store, returning what it hides of the
  /// dispatch around it.
  ///
  /// A `reduce(action:)` that dispatches on another store runs that store's
  /// walk, which sets ``Delivery``'s model to its own; without restoring it,
  /// an effect the `reduce` starts afterwards would name the other store's
  /// last model, which may be freed by then.
  @MainActor static func enter(_ store: any EffectHost) -> Outer {
    depth += 1
    let outer = Outer(
      store: self.store, model: Delivery.model, isValueModel: Delivery.isValueModel,
      thread: DispatchingThread.enter())
    self.store = store
    return outer
  }

  /// Ends the innermost dispatch, making the dispatch around it, and the
  /// model its walk was delivering to, current again.
  @MainActor static func leave(to outer: Outer) {
    depth -= 1
    DispatchingThread.thread = outer.thread
    store = outer.store
    Delivery.model = outer.model
    Delivery.isValueModel = outer.isValueModel
  }

  /// Whether the code calling is run by a dispatch in progress, rather than
  /// by another thread while one is: what may ask the dispatching store.
  static var isReadByDispatch: Bool {
    depth > 0 && DispatchingThread.isCurrent
  }

  /// Calls `body` with the dispatching store, or stops the program when no
  /// dispatch is in progress on this thread.
  static func withDispatchingStore<Result: Sendable>(
    calling function: String, instead replacement: String,
    _ body: @MainActor (any EffectHost) -> Result
  ) -> Result {
    guard depth > 0 else { stopOutsideDispatch(function, replacement) }
    return MainActor.assumeIsolated {
      guard let store else { stopOutsideDispatch(function, replacement) }
      return body(store)
    }
  }

  private static func stopOutsideDispatch(_ function: String, _ replacement: String) -> Never {
    fatalError(
      """
      SwiftReduce: \(function) was called outside any dispatch. Call it while a store \
      dispatches, on the main actor: from a model's reduce(action:), a middleware or a \
      subscriber. Anywhere else, use \(replacement) on the store.
      """
    )
  }
}

/// A store, seen by `Effect` without its root type.
@MainActor
protocol EffectHost: AnyObject, Sendable {
  func dispatch(_ action: any Action)

  @discardableResult
  func run(
    id: (any Hashable & Sendable)?, cancelInFlight: Bool,
    _ operation: @escaping @MainActor (_ send: Send) async throws -> Void
  ) -> Task<Void, Never>

  func cancel(id: any Hashable & Sendable)

  /// Cancels the effects with `id` of the row at the path `row`.
  func cancel(id: any Hashable & Sendable, in row: TreePath)

  /// Removes the model being reduced from what holds it, once the walk is over.
  func dismissReducingModel()

  /// Removes the model that started `effect` from what holds it, as an action of its own.
  func dismissModel(of effect: RunningEffect)

  /// Who is reading a dependency now, during this store's dispatch.
  func dependencyReadSite() -> DependencyReadSite

  /// How a failure names who read a dependency: `while reducing TodoAction.add in todos[0]`.
  func describe(_ reader: DependencyReadSite.Reader) -> String
}

/// What effects do, counted for `TestClock` to tell when they have settled.
package enum EffectActivity {
  /// Raised each time an effect starts, sends or ends, in any store.
  @MainActor package static var events = 0

  /// How many effects have started, in any store: the last one's order.
  @MainActor static var started = 0

  /// The order in which the effect running the current task started, for a
  /// `TestClock` to wake sleepers with equal deadlines in that order;
  /// `nil` outside any effect.
  package static var currentOrder: Int? {
    EffectContext.task?.order
  }

  /// The orders of the effects running, by the clock of their store, for
  /// clocks that are objects: a `TestClock` compares them with the effects
  /// of its sleepers, to tell which effects are awake.
  @MainActor package static var running: [ObjectIdentifier: Set<Int>] = [:]

  /// The key of `clock` in ``running``, when it is an object.
  static func key(of clock: any Clock<Duration>) -> ObjectIdentifier? {
    type(of: clock) is AnyClass ? ObjectIdentifier(clock as AnyObject) : nil
  }

  /// Counts an effect starting, returning its order.
  @MainActor static func effectStarted(clock: ObjectIdentifier?) -> Int {
    events += 1
    started += 1
    if let clock { running[clock, default: []].insert(started) }
    return started
  }

  /// Counts the effect started `order`th ending.
  @MainActor static func effectEnded(clock: ObjectIdentifier?, order: Int) {
    events += 1
    guard let clock, var orders = running[clock] else { return }
    orders.remove(order)
    running[clock] = orders.isEmpty ? nil : orders
  }
}
