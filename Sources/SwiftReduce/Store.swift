/// The single owner of a tree of models, through which every change is made.
///
/// A store holds the root model of your state. Dispatching an action passes
/// it through the store's ``Middleware``, then routes it to every model in the
/// tree whose ``Reducer/reduce(action:)`` accepts it, parents before children,
/// then notifies subscribers. Reads go through dynamic member lookup.
///
/// ```swift
/// let store = Store(Person())
/// let subscription = store.subscribe(\.name) { print("name: \"\($0)\"") }
/// store.dispatch(NameChange.setName("Ada"))
/// print(store.name)
/// subscription.cancel()
/// ```
///
/// prints
///
/// ```
/// name: ""
/// name: "Ada"
/// Ada
/// ```
///
/// Nothing is reduced when the store is created. Every dispatch made while
/// another is in progress is queued, wherever it comes from.
@MainActor
@dynamicMemberLookup
public final class Store<Root: Reducer> {
  /// The root model of the state tree.
  public let root: Root

  /// Actions dispatched while another dispatch was in progress, oldest first,
  /// each with the history scope it was dispatched under, if a history records.
  private var queuedActions: [(action: any Action, scope: RecordingScope?)] = []

  /// Whether `dispatch(_:)` is working through actions, so new ones must wait.
  private var isDispatching = false

  /// The middleware every dispatched action passes through, outermost first.
  let middleware: [Middleware<Root>]

  /// The listeners to notify after each reduced action.
  let subscribers = SubscriberList()

  /// The tasks and streams to end when the store is deallocated.
  let lifetime = StoreLifetime()

  /// Whether a debug build reports an action that reached no model that handles it.
  ///
  /// Dispatching an action nobody handles is a common mistake: a model left
  /// out of the tree, an `@Untraversed` property, a `reduce(action:)` whose
  /// parameter is a different type. In debug builds the store writes one line
  /// to standard error the first time each action type reaches no model, and
  /// goes on:
  ///
  /// ```
  /// SwiftReduce: no model handled MyApp.Refresh.now (reported once per action type in debug builds; pass reportsUnhandledActions: false to the Store to silence)
  /// ```
  ///
  /// Pass `false` at creation for a store whose actions are meant to go
  /// unhandled at times. Release builds never report.
  public var reportsUnhandledActions: Bool {
    get { reportsUnhandled }
    @available(
      *, deprecated,
      message:
        "pass it at creation, `Store(root, reportsUnhandledActions: false)`, so that it cannot change mid-flight"
    )
    set { reportsUnhandled = newValue }
  }
  private var reportsUnhandled: Bool

  /// The reads made through this store, for Observation.
  let observedReads = ObservedReads()

  /// The clock effects started on this store read as `Effect.clock`, unless
  /// a subtree's dependencies set another for the models below it.
  ///
  /// It is the store's `DependencyValues.clock`: the one set at creation, else
  /// the live `ContinuousClock()` (for a store whose dependencies' context is
  /// not live, that context's value, read without failing a test).
  public let clock: any Clock<Duration>

  /// The dependencies its models and effects read, as set at creation.
  let dependencies: DependencyValues

  /// The dependencies set for the models below some model, oldest first;
  /// see `overrideDependencies(below:_:)`.
  var subtreeDependencies: [SubtreeDependencies] = []

  /// Told of each read of a dependency the store's values do not set and
  /// whose key declares no test value, in a test context; `TestStore` sets it.
  package var unprovidedDependencyHandler: (@Sendable (UnprovidedDependency) -> Void)?

  /// Where an effect started now comes from: the action being dispatched, and
  /// whether a model is reducing it.
  var effectOrigin = RunningEffect.Origin.outside

  /// Told of each error an effect throws, instead of the debug report; `TestStore` sets it.
  package var effectErrorHandler: (@MainActor (_ description: String) -> Void)?

  /// The ``History`` recording this store's dispatches, if one does.
  var historyRecording: HistoryRecording?

  /// Creates a store that owns a tree of models.
  ///
  /// Its dependencies have their live values, but for the clock.
  ///
  /// - Parameters:
  ///   - root: The root model. Nothing is dispatched to it here.
  ///   - middleware: The middleware every dispatched action passes through,
  ///     the first one outermost. None by default.
  ///   - clock: The clock effects sleep on, read inside them as
  ///     `Effect.clock`: the store's `DependencyValues.clock`.
  ///     `ContinuousClock()` by default; a test passes one it advances by hand.
  ///   - reportsUnhandledActions: Whether a debug build reports an action
  ///     that reached no model that handles it; see ``reportsUnhandledActions``.
  public convenience init(
    _ root: Root, middleware: [Middleware<Root>] = [],
    clock: any Clock<Duration> = ContinuousClock(),
    reportsUnhandledActions: Bool = true
  ) {
    self.init(root, middleware: middleware, reportsUnhandledActions: reportsUnhandledActions) {
      $0.clock = clock
    }
  }

  /// Creates a store that owns a tree of models, with the dependencies its
  /// models and effects read.
  ///
  /// A dependency `dependencies` does not set has its live value, or the
  /// value of the context it sets:
  ///
  /// ```swift
  /// let store = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
  /// store.dispatch(WelcomeAction.greet("Ada"))
  /// print(store.text)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Hey Ada
  /// ```
  ///
  /// - Parameters:
  ///   - root: The root model. Nothing is dispatched to it here.
  ///   - middleware: The middleware every dispatched action passes through,
  ///     the first one outermost. None by default.
  ///   - reportsUnhandledActions: Whether a debug build reports an action
  ///     that reached no model that handles it; see ``reportsUnhandledActions``.
  ///   - dependencies: Sets the dependencies this store gives, on values
  ///     that set none, in the live context. The store's clock is
  ///     `DependencyValues.clock`.
  public init(
    _ root: Root, middleware: [Middleware<Root>] = [],
    reportsUnhandledActions: Bool = true,
    dependencies: (inout DependencyValues) -> Void
  ) {
    var values = DependencyValues()
    dependencies(&values)
    self.root = root
    self.middleware = middleware
    self.dependencies = values
    self.clock =
      values.value(setFor: ClockDependency.self)
      ?? DependencyValues.value(of: ClockDependency.self, in: values.context)
    self.reportsUnhandled = reportsUnhandledActions
  }

  /// Reads a value of the state through a key path from the root model.
  ///
  /// The read is registered with Observation, so a SwiftUI view or a
  /// `withObservationTracking` block that reads it is told of the first
  /// dispatch that changes what it returned; see the *Observation* article.
  ///
  /// - Parameter keyPath: A key path from the root model, such as `\.name`.
  /// - Returns: The current value at `keyPath`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Root, Value>) -> Value {
    let value = root[keyPath: keyPath]
    registerRead(of: keyPath, value)
    return value
  }

  /// Reads a value of the state through a whole key path, observed at the grain of that path.
  ///
  /// `store.favoriteMovies.movies` is the store's read of `\.favoriteMovies`,
  /// then the model's own `movies`, which the store does not see; a plain
  /// model's reader is told of every action that model reduces, and of any
  /// write that changed it.
  /// `store.read(\.favoriteMovies.movies)` is one read of the whole path: its
  /// observer is told only when the movies change. The *Observation* article
  /// gives the grains.
  ///
  /// - Parameter keyPath: A key path from the root model.
  /// - Returns: The current value at `keyPath`.
  public func read<Value>(_ keyPath: KeyPath<Root, Value>) -> Value {
    self[dynamicMember: keyPath]
  }

  /// Sends an action through the middleware to every model that handles its type.
  ///
  /// Models are visited in pre-order: a model's own `reduce(action:)` runs
  /// before the models it holds are read, so a child that a parent adds for
  /// this action receives it too. Each model instance is reduced at most once.
  /// Subscribers are notified once the traversal is over.
  ///
  /// A dispatch made while another is in progress, from a subscriber, a
  /// middleware, an Observation `onChange` or any other code, is queued: it
  /// runs after the current dispatch has completed, queued actions run in the
  /// order they were dispatched, and every subscriber sees each resulting
  /// state in turn. The call returns before a queued action is reduced.
  /// That holds for code that runs inside a `reduce(action:)` too: the
  /// `onChange` of an `@Observable` model's property, or the `deinit` of a
  /// model the reduce releases. A reducer should not dispatch itself (follow-up
  /// actions belong in middleware or a subscriber), but since its dispatch
  /// cannot be told apart from theirs, it is queued like theirs.
  ///
  /// - Parameter action: The action to dispatch.
  public func dispatch(_ action: any Action) {
    queuedActions.append((action, historyRecording?.scopeOfQueuedDispatch()))
    guard !isDispatching else { return }
    // The action is the first queued one.
    asDispatch {}
  }

  /// Runs the traversal for one action, then tells the observers of the reads it changed.
  ///
  /// Only `dispatch(_:)` gets here, through the middleware chain.
  private func reduce(_ action: any Action) {
    effectOrigin = .model(action, RunningEffect.ReducingModel(object: nil, isValueModel: false))
    let result: Walk.Result
    // The holder a value target was reduced in, kept until its effects are placed.
    var holder: AnyObject?
    // A type comparison first: one load, where a cast would cost every dispatch more.
    if type(of: action) == TargetedAction.self, let targeted = action as? TargetedAction {
      switch targeted.target.deliver(targeted.action, root, targeted.target) {
      case let .delivered(found, held):
        result = found
        holder = held
      case let outcome:
        effectOrigin = .dispatch(action)
        reportUndelivered(targeted, outcome)
        return
      }
    } else {
      result = Walk.deliver(action, from: root)
    }
    // What models asked of their effects and of their place, once the walk named their places.
    let settled = lifetime.ownership.hasRequests && settleModelRequests(after: action)
    withExtendedLifetime(holder) {}
    effectOrigin = .dispatch(action)
    if let historyRecording { historyRecording.lookAfterReduce(of: action) }
    if let falseDeclaration = result.falseDeclaration { stop(for: falseDeclaration, action) }
    if !result.notInPlace.isEmpty { reportNotInPlace(result.notInPlace) }
    if !result.indistinct.isEmpty { reportIndistinct(result.indistinct, action) }
    guard result.deliveries > 0 || settled else {
      // No model reduced it, so nothing read through the store changed.
      reportUnhandled(action)
      return
    }
    observedReads.tellChanges(after: action, in: root)
  }

  /// Makes a change that is not an action's, a history's undo or redo, as a
  /// dispatch makes one: observers and subscribers are told after it, and
  /// dispatches made meanwhile are queued and run after it.
  ///
  /// Middleware does not see it: it is no action a middleware could pass on
  /// or replace. When `apply` throws, nothing changed and nobody is told.
  func change<Failure: Error>(
    _ change: some DirectChange, _ apply: () throws(Failure) -> Void
  ) throws(Failure) {
    try asDispatch { () throws(Failure) in
      try apply()
      observedReads.tellChanges(after: change, in: root)
      subscribers.notifyAll(root: root)
    }
  }

  /// Makes a history's undo or redo of one step as a dispatch of `action`:
  /// it passes through the middleware, and past the last one `apply` makes
  /// the change, then observers and subscribers are told; dispatches made
  /// meanwhile are queued and run after it.
  ///
  /// An action a middleware passes on in place of `action` is queued as a
  /// dispatch of its own.
  ///
  /// - Parameters:
  ///   - action: The action the middleware see.
  ///   - change: The change, as observers of reads are told of it.
  ///   - stopped: The conflict to throw when a middleware stopped the change.
  ///   - apply: Makes the change, or throws without changing anything.
  /// - Throws: What `apply` throws, when nothing changed and nobody is told;
  ///   `stopped` when no middleware passed `action` on, and `apply` never ran.
  func move(
    _ action: HistoryAction, _ change: some DirectChange, stopped: HistoryConflict,
    _ apply: @escaping () throws(HistoryConflict) -> Void
  ) throws(HistoryConflict) {
    let pending = PendingMove(action: action) { [self] () throws(HistoryConflict) in
      try apply()
      observedReads.tellChanges(after: change, in: root)
      subscribers.notifyAll(root: root)
    }
    asDispatch {
      let outer = pendingMove
      pendingMove = pending
      defer { pendingMove = outer }
      pass(action, throughMiddlewareFrom: 0)
    }
    switch pending.outcome {
    case .applied: return
    case .stopped: throw stopped
    case let .refused(conflict): throw conflict
    }
  }

  /// The history's undo or redo whose action is in the middleware now, if any.
  private var pendingMove: PendingMove?

  /// A history's undo or redo of one step, waiting for its action to come
  /// out of the middleware.
  private final class PendingMove {
    let action: HistoryAction
    let apply: () throws(HistoryConflict) -> Void
    /// What became of it; `stopped` until the action comes out of the middleware.
    var outcome = Outcome.stopped

    enum Outcome {
      case stopped
      case applied
      case refused(HistoryConflict)
    }

    init(action: HistoryAction, apply: @escaping () throws(HistoryConflict) -> Void) {
      self.action = action
      self.apply = apply
    }

    /// Makes the change, once however many times a middleware passes the action on.
    func run() {
      guard case .stopped = outcome else { return }
      do throws(HistoryConflict) {
        try apply()
        outcome = .applied
      } catch {
        outcome = .refused(error)
      }
    }
  }

  /// Runs `body` as this store's dispatch in progress, then every action
  /// queued until none is left; when `body` throws, the queued actions wait
  /// for the next dispatch.
  private func asDispatch<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    isDispatching = true
    // `Effect.run` and `Effect.cancel` act on the innermost dispatching store.
    let outer = EffectContext.enter(self)
    defer {
      isDispatching = false
      effectOrigin = .outside
      EffectContext.leave(to: outer)
    }
    try body()
    while !queuedActions.isEmpty {
      let (next, scope) = queuedActions.removeFirst()
      effectOrigin = .dispatch(next)
      // A store no history or listener wants any more pays nothing for one.
      if let recording = historyRecording, !recording.isWanted { historyRecording = nil }
      guard let recording = historyRecording else {
        pass(next, throughMiddlewareFrom: 0)
        scope?.dispatchFinished()
        continue
      }
      recorded(next, under: scope, by: recording)
    }
    if lifetime.ownership.isWatching { cancelEffectsOfDepartedModels() }
  }

  /// Runs the dispatch of `action` while `recording` records: what changed
  /// before it, outside any dispatch (unless only listeners that fold such
  /// changes into the dispatch's listen), and then what changed during it, from
  /// its first middleware to its last subscriber, go to the history (what
  /// its models changed before its subscribers are told, the rest after).
  private func recorded(
    _ action: any Action, under scope: RecordingScope?, by recording: HistoryRecording
  ) {
    if recording.looksBeforeDispatch { recording.lookBeforeChanging(under: scope) }
    let outer = recording.running
    recording.running = scope
    // Only code of the user's run after the models reduced: the observers of
    // reads, the subscribers and the middleware. Without any, nothing can
    // have changed since the look after the walk.
    let othersRun = !middleware.isEmpty || !subscribers.isEmpty || observedReads.hasArmedReads
    pass(action, throughMiddlewareFrom: 0)
    if othersRun || !subscribers.isEmpty {
      recording.lookAfterDispatch(of: action)
    } else {
      recording.dispatchEnded()
    }
    recording.running = outer
    scope?.dispatchFinished()
  }

  /// Whether a dispatch, or a history's change, is in progress.
  var isChanging: Bool { isDispatching }

  // MARK: - Dispatch pipeline

  /// Hands `action` to the middleware at `index`, or reduces it past the
  /// last one (a history's undo or redo is applied there instead).
  private func pass(_ action: any Action, throughMiddlewareFrom index: Int) {
    guard index < middleware.count else {
      // Checked only while a history's undo or redo is in the middleware.
      if let move = pendingMove {
        guard let passed = action as? HistoryAction, passed == move.action else {
          // Passed on in place of the undo or redo, which is stopped.
          return dispatch(action)
        }
        return move.run()
      }
      reduce(action)
      subscribers.notifyAll(root: root)
      return
    }
    middleware[index].handle(action, self) { forwarded in
      pass(forwarded, throughMiddlewareFrom: index + 1)
    }
  }
}
