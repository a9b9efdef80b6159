/// Every change made through a store, recorded as patches, with undo and redo
/// that work on the tree as it is now, whoever else changed it.
///
/// A history records each dispatch as a step, or the dispatches of
/// ``record(_:kind:_:)`` as one step named by the caller. A step keeps the
/// patches the dispatch made to any model reachable from the root, whoever
/// made them (another model's reducer, a `deinit`, a middleware): found by
/// comparing every model with a copy of its stored properties kept since the
/// last dispatch. A change made outside any dispatch is found when the next
/// begins, and kept as a step undo passes over (see the *History* article).
/// ``undo()`` applies a step's patches backwards, through
/// the store, as a dispatch of a ``HistoryAction`` that the middleware see
/// and may stop, so subscribers and Observation are told as for a dispatch
/// (an `@Observable` model's readers when it is ``UndoObservable``);
/// ``redo()`` applies them again.
///
/// ```swift
/// let store = Store(Person())
/// let history = History(store)
/// store.dispatch(NameChange.setName("Ada"))
/// store.dispatch(NameChange.setName("Grace"))
/// try history.undo()
/// print(store.name, history.canRedo)
/// try history.redo()
/// print(store.name, history.steps.map(\.label))
/// ```
///
/// prints
///
/// ```
/// Ada true
/// Grace ["NameChange.setName(\"Ada\")", "NameChange.setName(\"Grace\")"]
/// ```
///
/// A step is undone only where the tree still holds what the step left: when
/// another writer changed one of its elements since, the step is refused
/// whole with a ``HistoryConflict`` naming the path, and nothing changes;
/// a step whose elements nobody else touched is undone exactly, whatever
/// changed around them. A step of kind ``HistoryStep/Kind/merge`` (another
/// writer's change brought in) is passed over by undo.
///
/// Only one history records a store at a time; a new one takes over.
@MainActor
public final class History<Root: Reducer> {
  /// The store whose changes are recorded.
  public let store: Store<Root>

  /// The most steps kept; the oldest is forgotten when a new one goes past it.
  public let limit: Int

  /// The steps done, oldest first: what ``undo()`` and time travel go back through.
  public private(set) var steps: [HistoryStep] = []

  /// The steps undone, the next to redo last.
  public private(set) var undoneSteps: [HistoryStep] = []

  /// Called before each ``undo()`` and ``redo()``, after the one given at creation.
  public var beforeUndoOrRedo: (@MainActor () -> Void)? {
    get { lateBeforeUndoOrRedo }
    @available(
      *, deprecated,
      message: "pass it at creation, `History(store, beforeUndoOrRedo: { history in … })`"
    )
    set { lateBeforeUndoOrRedo = newValue }
  }
  private var lateBeforeUndoOrRedo: (@MainActor () -> Void)?

  /// Called before each ``undo()`` and ``redo()`` with this history.
  private let prepareUndoOrRedo: (@MainActor (History<Root>) -> Void)?

  private let recording: HistoryRecording
  private var actionTexts = ActionTexts()
  /// Whether a model's property is recorded, by the model's type and the property's name.
  private let isRecorded: (@MainActor (_ modelType: Any.Type, _ property: String) -> Bool)?

  /// Starts recording every change made through `store`.
  ///
  /// - Parameters:
  ///   - store: The store to record.
  ///   - limit: The most steps kept. 100 by default.
  ///   - filter: Whether a model's stored property is recorded, by the
  ///     model's type and the property's name; every property by default.
  ///     A property left out is neither undone nor checked for conflicts:
  ///     leave out what is shown rather than kept, such as a message. An
  ///     `@Untraversed` property is never recorded: put caches there.
  ///   - beforeUndoOrRedo: Called with this history before each ``undo()``
  ///     and ``redo()``, for example to bring in another writer's change first
  ///     (as a step of kind ``HistoryStep/Kind/merge``), so that the step is
  ///     undone on the state it will be kept on.
  public init(
    _ store: Store<Root>, limit: Int = 100,
    recording filter: (@MainActor (_ modelType: Any.Type, _ property: String) -> Bool)? = nil,
    beforeUndoOrRedo: (@MainActor (History<Root>) -> Void)? = nil
  ) {
    self.store = store
    self.prepareUndoOrRedo = beforeUndoOrRedo
    self.limit = max(limit, 1)
    // The shadow keeps every property, so that listeners of patches and
    // session recorders hear every change; the filter leaves changes out of
    // this history's steps.
    self.isRecorded = filter
    let shadow = TreeShadow(of: store.root, plans: .shared, isRecorded: nil)
    var dispatched: (@MainActor (any Action, ChangeLog, Bool) -> Void)?
    var changedOutside: (@MainActor (ChangeLog, RecordingScope?) -> Void)?
    let recording = HistoryRecording(
      root: store.root, shadow: shadow, dispatched: { dispatched?($0, $1, $2) },
      changedOutside: { changedOutside?($0, $1) })
    self.recording = recording
    recording.owner = self
    // The store's listeners of patches hear this history's recording from now on.
    recording.changeListeners = store.historyRecording?.changeListeners ?? []
    dispatched = { [weak self] action, changes, amending in
      guard let self else { return }
      self.dispatched(action, recorded(changes), amending: amending)
    }
    changedOutside = { [weak self] changes, scope in
      guard let self else { return }
      self.changedOutside(recorded(changes), scope)
    }
    recording.appliedPatches = { [weak self] changes in
      guard let self, self.store.historyRecording === self.recording else { return }
      keep(Self.appliedLabel, .merge, [], recorded(changes))
    }
    store.historyRecording = recording
  }

  /// Starts recording what changes below one model of `store`'s tree: the
  /// model `subtree` leads to now, and every model reachable from it.
  ///
  /// For a document inside an app's state, or a feature with an undo of its
  /// own: changes elsewhere are not steps of this history, and undo leaves
  /// them as they are. The history keeps recording the model `subtree` led
  /// to when it was made, wherever it moves. Paths are from the root.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let history = History(store, of: \.favoriteMovies)
  /// store.dispatch(NameChange.setName("Ada"))
  /// store.dispatch(UpdateMovies.setInput("Heat"))
  /// print(history.steps.map(\.label))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// ["UpdateMovies.setInput(\"Heat\")"]
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store to record.
  ///   - subtree: The path to the model whose subtree is recorded.
  ///   - limit: The most steps kept. 100 by default.
  ///   - filter: As in ``init(_:limit:recording:beforeUndoOrRedo:)``.
  ///   - beforeUndoOrRedo: As in ``init(_:limit:recording:beforeUndoOrRedo:)``.
  public convenience init<Model: AnyObject>(
    _ store: Store<Root>, of subtree: KeyPath<Root, Model>, limit: Int = 100,
    recording filter: (@MainActor (_ modelType: Any.Type, _ property: String) -> Bool)? = nil,
    beforeUndoOrRedo: (@MainActor (History<Root>) -> Void)? = nil
  ) {
    self.init(store, limit: limit, recording: filter, beforeUndoOrRedo: beforeUndoOrRedo)
    recording.subtree = SubtreeMembership(root: store.root[keyPath: subtree])
  }

  /// The changes of `log` this history records: those below its subtree, if
  /// it has one, to the properties its filter records.
  private func recorded(_ log: ChangeLog) -> ChangeLog {
    let below = recording.subtree?.changes(of: log, in: recording.shadow) ?? log
    guard let isRecorded, !below.isEmpty else { return below }
    return ChangeLog(
      below.changes.filter { isRecorded(type(of: $0.model), $0.property.name) })
  }

  /// Starts recording every change made through `store`, with the steps of
  /// a history saved before: `steps` to undo and `undone` to redo, as
  /// ``steps`` and ``undoneSteps`` were when they were encoded.
  ///
  /// A restored step is undone and redone by its patches, each found in the
  /// tree by its path and checked against what it holds, as
  /// ``Store/apply(_:)`` applies them: a step whose patches no longer fit is
  /// refused with a ``HistoryConflict``, and one that moved a model (a patch
  /// marked `movesModels`) cannot be undone, since the model is another
  /// instance now.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let history = History(store)
  /// store.dispatch(NameChange.setName("Ada"))
  /// let saved = try JSONEncoder().encode(history.steps)
  ///
  /// let reopened = Store(Person())
  /// reopened.dispatch(NameChange.setName("Ada"))
  /// let restored = History(
  ///   reopened, restoring: try JSONDecoder().decode([HistoryStep].self, from: saved))
  /// try restored.undo()
  /// print(reopened.name.isEmpty, restored.canRedo)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// true true
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store to record, holding the tree the steps left.
  ///   - steps: The steps done, oldest first.
  ///   - undone: The steps undone, the next to redo last.
  ///   - limit: The most steps kept. 100 by default.
  ///   - filter: As in ``init(_:limit:recording:beforeUndoOrRedo:)``.
  ///   - beforeUndoOrRedo: As in ``init(_:limit:recording:beforeUndoOrRedo:)``.
  public convenience init(
    _ store: Store<Root>, restoring steps: [HistoryStep], undone: [HistoryStep] = [],
    limit: Int = 100,
    recording filter: (@MainActor (_ modelType: Any.Type, _ property: String) -> Bool)? = nil,
    beforeUndoOrRedo: (@MainActor (History<Root>) -> Void)? = nil
  ) {
    self.init(store, limit: limit, recording: filter, beforeUndoOrRedo: beforeUndoOrRedo)
    self.steps = steps.suffix(self.limit).map { HistoryStep(restoring: $0, root: store.root) }
    undoneSteps = undone.map { HistoryStep(restoring: $0, root: store.root) }
  }

  // MARK: - Recording

  /// Whether ``undo()`` has a step to take back.
  public var canUndo: Bool { steps.contains { $0.kind == .change } }

  /// Whether ``redo()`` has a step to apply again.
  public var canRedo: Bool { !undoneSteps.isEmpty }

  /// Runs `body` and makes what its dispatches changed one step, named `label`.
  ///
  /// A step that changed nothing is not kept. A new step of kind
  /// ``HistoryStep/Kind/change`` clears what could be redone; a
  /// ``HistoryStep/Kind/merge`` does not. Steps recorded inside `body` join
  /// this one. A dispatch `body` makes while another is in progress (in a
  /// subscriber, say) is queued, and joins this step when it runs: the step
  /// is kept then.
  ///
  /// - Returns: Whether a step was kept by the time `body` returned.
  @discardableResult
  public func record(_ label: String, kind: HistoryStep.Kind = .change, _ body: () -> Void)
    -> Bool
  {
    if let scope = scopeInForce, case .group = scope.role {
      body()
      return false
    }
    var kept = false
    let group = openScope(.group(label: label, isMerge: kind == .merge)) { kept = $0 }
    run(body, in: group)
    lookForDirectChanges(under: group)
    group.close()
    return kept
  }

  /// Runs `body` with what its dispatches change left out of the history.
  ///
  /// Use it for changes that are shown rather than kept, made from anywhere:
  /// a subscriber, an effect's `send`, a timer. A dispatch `body` queues
  /// behind one in progress is left out when it runs. Left-out changes are
  /// not undone; a step that changed the same element since is refused by
  /// ``undo()`` as another writer's, since it is one.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let history = History(store)
  /// store.dispatch(NameChange.setName("Ada"))
  /// history.withoutRecording { store.dispatch(UpdateMovies.setInput("Alien")) }
  /// print(history.steps.map(\.label))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// ["NameChange.setName(\"Ada\")"]
  /// ```
  ///
  /// - Returns: What `body` returns.
  public func withoutRecording<Result>(_ body: () throws -> Result) rethrows -> Result {
    let scope = RecordingScope(.excluded, of: recording)
    defer {
      lookForDirectChanges(under: scope)
      scope.close()
    }
    return try run(body, in: scope)
  }

  /// Opens a group that every dispatch joins until ``HistoryGroup/end()``, as one step.
  ///
  /// For a change made of many events, whatever runs between them: a drag, a
  /// burst of typing, work that `await`s. While the group is open, every
  /// dispatch through the store joins it, except those made inside
  /// ``record(_:kind:_:)`` or ``withoutRecording(_:)``; a group opened while
  /// another is open joins that one.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let history = History(store)
  /// let typing = history.beginGroup("typing a name")
  /// for name in ["A", "Ad", "Ada"] { store.dispatch(NameChange.setName(name)) }
  /// typing.end()
  /// print(history.steps.map(\.label), history.steps[0].patches)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// ["typing a name"] [name: "" → "Ada"]
  /// ```
  ///
  /// - Parameters:
  ///   - label: The step's label.
  ///   - kind: The step's kind; ``HistoryStep/Kind/change`` by default.
  /// - Returns: The group, to end when the change is complete.
  public func beginGroup(_ label: String, kind: HistoryStep.Kind = .change) -> HistoryGroup {
    if let open = recording.openGroup, open.isOpen {
      return HistoryGroup {}
    }
    let group = openScope(.group(label: label, isMerge: kind == .merge)) { _ in }
    recording.openGroup = group
    return HistoryGroup { [weak self] in
      guard let self else { return group.close() }
      lookForDirectChanges(under: group)
      if recording.openGroup === group { recording.openGroup = nil }
      group.close()
    }
  }

  /// Forgets every step, done and undone; the tree is left as it is.
  public func clear() {
    steps.removeAll()
    undoneSteps.removeAll()
  }

  /// Forgets the steps that could be undone; what can be redone stays.
  public func clearUndo() {
    steps.removeAll()
  }

  /// Forgets the steps that could be redone.
  public func clearRedo() {
    undoneSteps.removeAll()
  }

  /// The changes of a dispatch: a step of its own, or a part of its scope's
  /// group; `amending` adds what changed after its models reduced (its
  /// subscribers, its middleware) to what came before.
  private func dispatched(_ action: any Action, _ changes: ChangeLog, amending: Bool) {
    guard store.historyRecording === recording else { return }
    // The scope the store captured when the action was dispatched.
    guard let scope = recording.running, scope.recording == ObjectIdentifier(recording) else {
      let text = actionTexts.text(of: action)
      if amending, dispatchKeptStep, let last = steps.last {
        let log = ChangeLog(last.changes + changes.changes)
        steps[steps.count - 1] = HistoryStep(
          label: last.label, kind: last.kind, actions: last.actions,
          log: log, root: store.root, paths: recording.paths(of: log))
      } else {
        dispatchKeptStep = keep(text, .change, [text], changes)
      }
      return
    }
    guard case .group = scope.role else { return }
    if !amending { scope.actions.append(actionTexts.text(of: action)) }
    scope.changes += changes.changes
  }

  /// Whether the dispatch told last kept a step, which its later changes join.
  private var dispatchKeptStep = false

  /// Changes made outside any dispatch, found before the next dispatch or
  /// an undo: joined to the scope that dispatch runs under, left out by an
  /// excluding one, or kept as a step of their own that undo passes over.
  private func changedOutside(_ changes: ChangeLog, _ scope: RecordingScope?) {
    guard store.historyRecording === recording else { return }
    // Written while an undo or a redo was under way (a middleware after `next`, a
    // subscriber): part of no dispatch, and no mistake to report.
    if let moving, scope?.isOpen != true {
      keep("changed during the \(moving)", .merge, [], changes)
      return
    }
    #if DEBUG
      reportChangedOutside(changes)
    #endif
    guard let scope, scope.isOpen, scope.recording == ObjectIdentifier(recording) else {
      keep(Self.outsideLabel, .merge, [], changes, madeOutsideDispatch: true)
      return
    }
    guard case .group = scope.role else { return }
    scope.changes += changes.changes
  }

  /// The label of a step of patches the store applied (``Store/apply(_:)``).
  static var appliedLabel: String { "applied patches" }

  /// The label of a step of changes made outside any dispatch.
  static var outsideLabel: String { "changed outside a dispatch" }

  /// Says once per path, in debug builds, that a property was changed
  /// outside any dispatch, and what to do instead.
  private func reportChangedOutside(_ changes: ChangeLog) {
    let step = HistoryStep(
      label: Self.outsideLabel, kind: .merge, actions: [], log: changes, root: store.root)
    for patch in step.patches {
      let path = patch.path.description
      guard ReportedOnce.changedOutside.insert(path).inserted else { continue }
      DebugReport.emit(
        "SwiftReduce: \(path) was changed outside a dispatch, so the store's observers were "
          + "not told. Send an action that changes it; a History records the change as a step "
          + "that undo passes over. (reported in debug builds)")
    }
  }

  /// Finds the changes made since the last dispatch, directly, by the code
  /// of a scope about to close, unless a dispatch is in progress (whose own
  /// look finds them).
  private func lookForDirectChanges(under scope: RecordingScope) {
    guard !store.isChanging, store.historyRecording === recording else { return }
    recording.lookBeforeChanging(under: scope)
  }

  /// The scope in force for the code running now: its own, or the open group.
  private var scopeInForce: RecordingScope? {
    [RecordingScopes.inForce[ObjectIdentifier(recording)], recording.openGroup]
      .lazy.compactMap { $0 }.first { $0.isOpen }
  }

  /// A new scope of this history's recording; a group keeps its step when it
  /// finishes, and tells `kept` whether it did.
  private func openScope(_ role: RecordingScope.Role, kept: @escaping (Bool) -> Void)
    -> RecordingScope
  {
    let scope = RecordingScope(role, of: recording)
    scope.onFinished = { [weak self] scope in
      guard let self, case let .group(label, isMerge) = scope.role else { return }
      let changes = Self.netted(scope.changes, dispatches: scope.actions.count)
      kept(keep(label, isMerge ? .merge : .change, scope.actions, ChangeLog(changes)))
    }
    return scope
  }

  /// Runs `body` with `scope` in force for this history.
  private func run<Result>(_ body: () throws -> Result, in scope: RecordingScope) rethrows
    -> Result
  {
    var scopes = RecordingScopes.inForce
    scopes[ObjectIdentifier(recording)] = scope
    return try RecordingScopes.$inForce.withValue(scopes) { try body() }
  }

  @discardableResult
  private func keep(
    _ label: String, _ kind: HistoryStep.Kind, _ actions: [String], _ changes: ChangeLog,
    madeOutsideDispatch: Bool = false
  ) -> Bool {
    guard !changes.isEmpty else { return false }
    steps.append(
      HistoryStep(
        label: label, kind: kind, actions: actions, madeOutsideDispatch: madeOutsideDispatch,
        log: changes, root: store.root, paths: recording.paths(of: changes)))
    if kind == .change { undoneSteps.removeAll() }
    if steps.count > limit { steps.removeFirst(steps.count - limit) }
    return true
  }

  /// The changes of a group's dispatches with each value changed more than
  /// once made one change, from the first value to the last, and dropped
  /// when that is no change: typing a movie's name and submitting it leaves
  /// the field as it was.
  ///
  /// Only a value changed again with nothing else changed in its property
  /// between is netted, so the changes still apply one after another. One
  /// dispatch changes each value once, so its changes are kept as they are.
  private static func netted(_ changes: [Change], dispatches: Int) -> [Change] {
    guard dispatches > 1 else { return changes }
    var result: [Change?] = []
    /// The last change kept in each model's property, by model and property.
    var last: [PropertyKey: Int] = [:]
    let difference = ValueDifference(plans: .shared)
    for change in changes {
      let key = PropertyKey(model: ObjectIdentifier(change.model), property: change.property)
      guard case let .changed(_, after) = change.edit, change.steps.allSatisfy(\.isField),
        let index = last[key], let previous = result[index],
        case let .changed(before, _) = previous.edit,
        previous.steps.count == change.steps.count,
        zip(previous.steps, change.steps).allSatisfy({ $0.isSameField(as: $1) })
      else {
        result.append(change)
        last[key] = result.count - 1
        continue
      }
      if difference.isSame(before, after, change.valuePlan(in: .shared)) {
        result[index] = nil
        last[key] = nil
      } else {
        result[index] = Change(
          model: change.model, property: change.property, steps: change.steps,
          edit: .changed(before: before, after: after))
      }
    }
    return result.compactMap { $0 }
  }

  /// A model's stored property, as a key.
  private struct PropertyKey: Hashable {
    let model: ObjectIdentifier
    let property: ObjectIdentifier

    init(model: ObjectIdentifier, property: RecordedField) {
      self.model = model
      self.property = ObjectIdentifier(property)
    }
  }

  // MARK: - Undo and redo

  /// Takes back the last step of kind ``HistoryStep/Kind/change``, passing
  /// over merges after it; returns it, or `nil` when there is none.
  ///
  /// - Throws: ``HistoryConflict`` when another writer changed an element
  ///   the step changed since, or a middleware did not pass the step's
  ///   ``HistoryAction`` on; nothing is changed then.
  @discardableResult
  public func undo() throws(HistoryConflict) -> HistoryStep? {
    lookBeforeUndoOrRedo()
    prepareForUndoOrRedo()
    guard let index = steps.lastIndex(where: { $0.kind == .change }) else { return nil }
    let step = steps[index]
    try takeBack(step) { [self] in
      steps.remove(at: index)
      undoneSteps.append(step)
    }
    return step
  }

  /// Applies again the last step undone; returns it, or `nil` when there is none.
  ///
  /// - Throws: ``HistoryConflict`` when another writer changed an element
  ///   the step changes since it was undone, or a middleware did not pass the
  ///   step's ``HistoryAction`` on; nothing is changed then.
  @discardableResult
  public func redo() throws(HistoryConflict) -> HistoryStep? {
    lookBeforeUndoOrRedo()
    prepareForUndoOrRedo()
    guard let step = undoneSteps.last else { return nil }
    try doAgain(step) { [self] in
      undoneSteps.removeLast()
      steps.append(step)
    }
    return step
  }

  // MARK: - Time travel

  /// Every step recorded, in order: those done, then those undone.
  ///
  /// Undone steps come the next to redo first; ``position`` of the steps are applied.
  public var timeline: [HistoryStep] { steps + undoneSteps.reversed() }

  /// How many steps of the ``timeline`` the tree holds.
  public var position: Int { steps.count }

  /// Moves the tree back or forward to hold the first `position` steps of
  /// the ``timeline``, through the same patches as ``undo()`` and ``redo()``,
  /// one step at a time, merges too.
  ///
  /// - Throws: ``HistoryConflict`` for the first step that cannot move;
  ///   the tree holds the steps moved through before it.
  public func travel(to position: Int) throws(HistoryConflict) {
    lookBeforeUndoOrRedo()
    let target = min(max(position, 0), timeline.count)
    while steps.count > target, let step = steps.last {
      try takeBack(step) { [self] in
        steps.removeLast()
        undoneSteps.append(step)
      }
    }
    while steps.count < target, let step = undoneSteps.last {
      try doAgain(step) { [self] in
        undoneSteps.removeLast()
        steps.append(step)
      }
    }
  }

  /// Finds the changes made outside any dispatch since the last, so that
  /// the step is undone on the tree as it is, and they are kept as a step.
  private func lookBeforeUndoOrRedo() {
    guard !store.isChanging, store.historyRecording === recording else { return }
    recording.lookBeforeChanging(under: nil)
  }

  private func prepareForUndoOrRedo() {
    prepareUndoOrRedo?(self)
    lateBeforeUndoOrRedo?()
  }

  /// Applies the changes that take `step` back, or throws without changing
  /// anything; `moveStep` as in ``apply(_:of:verb:moveStep:)``.
  private func takeBack(_ step: HistoryStep, moveStep: @escaping () -> Void)
    throws(HistoryConflict)
  {
    try whileMoving(step, verb: "undo") { () throws(HistoryConflict) in
      try takeBackNow(step, moveStep: moveStep)
    }
  }

  private func takeBackNow(_ step: HistoryStep, moveStep: @escaping () -> Void)
    throws(HistoryConflict)
  {
    if let patches = step.restoredPatches {
      try apply(patches.reversed().map(\.inverse), of: step, verb: "undo", moveStep: moveStep)
    } else {
      try apply(
        step.changes.reversed().map(\.inverse), of: step, verb: "undo", moveStep: moveStep)
    }
  }

  /// Applies `step`'s changes again, or throws without changing anything.
  private func doAgain(_ step: HistoryStep, moveStep: @escaping () -> Void)
    throws(HistoryConflict)
  {
    try whileMoving(step, verb: "redo") { () throws(HistoryConflict) in
      try doAgainNow(step, moveStep: moveStep)
    }
  }

  /// The undo or redo under way, named as a step of what it changes is labelled.
  private var moving: String?

  /// Runs `body`, the undo or redo of `step`, then finds what its middleware
  /// and subscribers wrote meanwhile: a step of kind ``HistoryStep/Kind/merge``
  /// of its own, as another writer's, with no report of a change outside a dispatch.
  private func whileMoving(
    _ step: HistoryStep, verb: String, _ body: () throws(HistoryConflict) -> Void
  ) throws(HistoryConflict) {
    let outer = moving
    moving = "\(verb) of \"\(step.label)\""
    defer { moving = outer }
    try body()
    if !store.isChanging, store.historyRecording === recording {
      recording.lookBeforeChanging(under: nil)
    }
  }

  private func doAgainNow(_ step: HistoryStep, moveStep: @escaping () -> Void)
    throws(HistoryConflict)
  {
    if let patches = step.restoredPatches {
      try apply(patches, of: step, verb: "redo", moveStep: moveStep)
    } else {
      try apply(step.changes, of: step, verb: "redo", moveStep: moveStep)
    }
  }

  /// Throws when a dispatch is in progress: `step` is moved after it.
  private func refuseWhileChanging(_ step: HistoryStep, verb: String) throws(HistoryConflict) {
    guard store.isChanging else { return }
    throw HistoryConflict(
      step: step.label, path: .root,
      description: "Cannot \(verb) \"\(step.label)\" while a dispatch is in progress: "
        + "\(verb) after it. Nothing was changed.")
  }

  /// The undo or redo of `step` as middleware see it, and the conflict a
  /// middleware that stops it makes.
  private func move(of step: HistoryStep, verb: String) -> (HistoryAction, HistoryConflict) {
    (
      verb == "undo" ? .undo(step: step.label) : .redo(step: step.label),
      HistoryConflict(
        step: step.label, path: .root,
        description: "Cannot \(verb) \"\(step.label)\": a middleware stopped it. "
          + "Nothing was changed.")
    )
  }

  /// Applies the patches of a restored step through the store, as a
  /// ``HistoryAction`` the middleware see, each found by its path, or
  /// throws without changing anything.
  private func apply(
    _ patches: [Patch], of step: HistoryStep, verb: String, moveStep: @escaping () -> Void
  ) throws(HistoryConflict) {
    try refuseWhileChanging(step, verb: verb)
    let applied = AppliedPatches()
    let (action, stopped) = move(of: step, verb: verb)
    try store.move(action, applied, stopped: stopped) { [self] () throws(HistoryConflict) in
      do throws(PatchResolution.Failure) {
        applied.changes = try PatchResolution(plans: .shared).apply(patches, below: store.root)
      } catch {
        let path = patches[error.index].path
        throw HistoryConflict(
          step: step.label, path: path,
          description:
            "Cannot \(verb) \"\(step.label)\": \(path): \(error.reason). Nothing was changed.")
      }
      if store.historyRecording === recording {
        recording.lookAfterUndoOrRedo(applied.changes, isRedo: verb == "redo")
      }
      moveStep()
    }
  }

  /// Applies `changes` through the store, as a ``HistoryAction`` the
  /// middleware see, or throws without changing anything.
  ///
  /// `moveStep` moves the step between ``steps`` and ``undoneSteps`` once
  /// the changes are made, before observers are told and before a dispatch
  /// queued meanwhile (by a middleware, a subscriber) runs and keeps its own
  /// step after it.
  private func apply(
    _ changes: [Change], of step: HistoryStep, verb: String,
    moveStep: @escaping () -> Void
  ) throws(HistoryConflict) {
    try refuseWhileChanging(step, verb: verb)
    var seen = Set<ObjectIdentifier>()
    let models = changes.map(\.model).filter { seen.insert(ObjectIdentifier($0)).inserted }
    let (action, stopped) = move(of: step, verb: verb)
    let application = ChangeApplication(plans: .shared)
    try store.move(action, HistoryMove(changedModels: models), stopped: stopped) {
      [self] () throws(HistoryConflict) in
      // Read before the change, to tell `@Observable` readers of what it changed.
      let observed = UndoObservableValues(of: models)
      do throws(ChangeConflict) {
        try application.apply(changes)
      } catch {
        throw conflict(error, step: step, verb: verb)
      }
      if store.historyRecording === recording {
        recording.lookAfterUndoOrRedo(changes, isRedo: verb == "redo")
      }
      moveStep()
      observed.tellChanges()
    }
  }

  private func conflict(_ conflict: ChangeConflict, step: HistoryStep, verb: String)
    -> HistoryConflict
  {
    let change = conflict.change
    let modelPath =
      ModelPaths.paths(to: [change.model], from: store.root)[ObjectIdentifier(change.model)]
      ?? HistoryStep.typeName(change.model)
    let path = Patch.path(
      of: change, steps: conflict.depth, modelPath: modelPath, position: true)
    let detail: String
    switch conflict.problem {
    case let .differs(current, expected, plan):
      detail = "\(path) is \(Patch.text(current, plan)) now, not \(Patch.text(expected, plan))"
    case .isNil:
      detail = "\(path) is nil now"
    case .noElement:
      detail = "\(path) is not there any more"
    case .occupied:
      if case .inserted(.index, _, _) = change.edit {
        detail = "\(path) is past the end now"
      } else {
        detail = "\(path) is taken now"
      }
    }
    return HistoryConflict(
      step: step.label, path: path,
      description: "Cannot \(verb) \"\(step.label)\": \(detail). Nothing was changed.")
  }
}
