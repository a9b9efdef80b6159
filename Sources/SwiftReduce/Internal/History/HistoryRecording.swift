/// What a store needs of the history recording it: the shadow of its tree,
/// which a look before and after each dispatch compares with the tree, and
/// where the changes found go.
@MainActor
final class HistoryRecording {
  let shadow: TreeShadow
  /// The root the shadow was made of; the store's, for as long as the store lives.
  let root: AnyObject
  /// Told of the changes of each dispatch, with the action it was: once
  /// when its models have reduced, and again, `amending` the first, with
  /// what changed after (its subscribers, its middleware) when there is any.
  let dispatched: @MainActor (_ action: any Action, _ changes: ChangeLog, _ amending: Bool) -> Void

  /// Whether the dispatch running now was told to ``dispatched`` already.
  private var toldOfDispatch = false
  /// Told of changes made outside any dispatch, found when the next began,
  /// with the scope that dispatch runs under.
  let changedOutside: @MainActor (_ changes: ChangeLog, _ scope: RecordingScope?) -> Void

  /// The history this records for, held weakly.
  ///
  /// Once it is gone, the store lets go of the recording (and the shadow,
  /// and the models it holds) at its next dispatch: a history needs no
  /// isolated `deinit` to tell it.
  weak var owner: AnyObject?

  /// The group every dispatch joins when no other scope is in force, while it is open.
  var openGroup: RecordingScope?

  /// The scope of the queued dispatch running now, which its changes go to.
  var running: RecordingScope?

  /// The scope a dispatch queued now runs under: the one in force for the
  /// code queueing it, that of the dispatch running now, or the open group.
  func scopeOfQueuedDispatch() -> RecordingScope? {
    // Checked one by one: no array is made on the dispatch path.
    let scope: RecordingScope?
    if let inForce = RecordingScopes.inForce[ObjectIdentifier(self)], inForce.isOpen {
      scope = inForce
    } else if let running, running.isOpen {
      scope = running
    } else if let openGroup, openGroup.isOpen {
      scope = openGroup
    } else {
      scope = nil
    }
    scope?.dispatchQueued()
    return scope
  }

  init(
    root: AnyObject, shadow: TreeShadow,
    dispatched: @escaping @MainActor (any Action, ChangeLog, Bool) -> Void,
    changedOutside: @escaping @MainActor (ChangeLog, RecordingScope?) -> Void
  ) {
    self.root = root
    self.shadow = shadow
    self.dispatched = dispatched
    self.changedOutside = changedOutside
    shadow.beforeShapeChanges = { [weak self] in
      self?.fixPendingPaths()
      self?.subtree?.shapeWillChange()
    }
  }

  /// The subtree the history records, if it records only one.
  var subtree: SubtreeMembership?

  // MARK: - Paths

  /// The paths of the steps kept since the tree last changed shape, fixed
  /// when it next does.
  ///
  /// Held weakly: a step forgotten since needs none.
  private var pendingPaths: [WeakPaths] = []
  /// How many ``pendingPaths`` may hold before those of steps forgotten are
  /// dropped: twice as many as were left the last time, so that a history
  /// whose steps all stay (a hundred broadcasts in a row) drops them once
  /// in many dispatches, not on every one.
  private var pendingPathsLimit = 64

  private struct WeakPaths {
    weak var paths: StepPaths?
  }

  /// Paths for the changes of `log`, a step's, fixed before the tree next changes shape.
  func paths(of log: ChangeLog) -> StepPaths {
    let paths = StepPaths(log)
    if pendingPaths.count >= pendingPathsLimit {
      pendingPaths.removeAll { $0.paths == nil }
      pendingPathsLimit = max(64, pendingPaths.count * 2)
    }
    pendingPaths.append(WeakPaths(paths: paths))
    return paths
  }

  /// Fixes the paths of the steps kept since the tree last changed shape,
  /// from the shadow's copies, which still hold that shape.
  private func fixPendingPaths() {
    let pending = pendingPaths.compactMap(\.paths)
    pendingPaths.removeAll()
    guard !pending.isEmpty else { return }
    var wanted = Set<ObjectIdentifier>()
    for paths in pending {
      for change in paths.log.changes { wanted.insert(ObjectIdentifier(change.model)) }
    }
    let labels = shadow.pathLabels(to: wanted, from: root)
    for paths in pending { paths.labels = labels }
  }

  // MARK: - Looks

  /// Finds the changes made since the last look, outside any dispatch, and
  /// hands them on: called before a dispatch runs under `scope`, and before
  /// an undo or a redo.
  func lookBeforeChanging(under scope: RecordingScope?) {
    let changes = shadow.changes(from: root, expectsChanges: false)
    guard !changes.isEmpty else { return }
    changedOutside(changes, scope)
    tellListeners(.outside, changes)
  }

  /// Finds the changes the dispatch of `action` made up to its models'
  /// reducing, and hands them on: before its subscribers are told, so that
  /// they see its step.
  func lookAfterReduce(of action: any Action) {
    let changes = shadow.changes(from: root)
    dispatched(action, changes, false)
    toldOfDispatch = true
    tellListeners(.dispatch(action), changes)
  }

  /// Finds the changes made since ``lookAfterReduce(of:)`` (or since the
  /// dispatch began, if a middleware kept the action from the models), and
  /// hands them on.
  func lookAfterDispatch(of action: any Action) {
    let changes = shadow.changes(from: root)
    if !toldOfDispatch || !changes.isEmpty { dispatched(action, changes, toldOfDispatch) }
    tellListeners(toldOfDispatch ? .amendment(action) : .dispatch(action), changes)
    toldOfDispatch = false
  }

  /// The dispatch running now ended with nothing run since its models
  /// reduced: ``lookAfterReduce(of:)`` found all it changed.
  func dispatchEnded() {
    toldOfDispatch = false
  }

  /// Brings the shadow up to the tree after `changes`, which the history
  /// made itself (an undo's, a redo's), and tells the listeners of them.
  func lookAfterUndoOrRedo(_ changes: [Change], isRedo: Bool) {
    shadow.update(from: root)
    tellListeners(isRedo ? .redo : .undo, changes)
  }

  /// Told of patches the store applied, as their changes, after they were:
  /// the history keeps them as a step of their own.
  var appliedPatches: (@MainActor (ChangeLog) -> Void)?

  /// Brings the shadow up to the tree after `changes`, patches the store
  /// applied, and hands them on.
  func lookAfterApplying(_ changes: [Change]) {
    shadow.update(from: root)
    appliedPatches?(ChangeLog(changes))
    tellListeners(.applied, changes)
  }

  // MARK: - Listeners

  /// What a listener of changes is told of.
  enum ChangeEvent {
    /// The dispatch of an action, up to its models' reducing, or all of it
    /// when nothing ran after them.
    case dispatch(any Action)
    /// What changed after the action's models reduced (its middleware, its subscribers).
    case amendment(any Action)
    /// Changes made outside any dispatch, found when the next began.
    case outside
    /// A history's undo.
    case undo
    /// A history's redo.
    case redo
    /// Patches the store applied.
    case applied
  }

  /// A listener of changes (the store's listeners of patches, a session
  /// recorder), told while it is alive.
  struct ChangeListener {
    let isAlive: @MainActor () -> Bool
    /// Whether a dispatch that changed nothing is told too.
    var hearsEveryDispatch = false
    /// Whether changes made outside any dispatch may come with the next
    /// dispatch's, as one: no look before each dispatch is made for this
    /// listener (a file saved with every change: what matters is that it
    /// is saved, not when).
    var foldsOutsideChanges = false
    let told: @MainActor (ChangeEvent, [Change]) -> Void
  }

  /// The listeners of changes, in the order they were added.
  var changeListeners: [ChangeListener] = []

  /// Whether changes made outside any dispatch are looked for before each
  /// dispatch, to be told apart from the dispatch's: for a history, whose
  /// undo must leave them, and for every listener but those that fold them.
  ///
  /// A look reads every model of the tree; a store whose only listener
  /// saves a file pays one look a dispatch, not two.
  var looksBeforeDispatch: Bool {
    owner != nil || changeListeners.contains { !$0.foldsOutsideChanges }
  }

  /// Whether a history or a listener still wants what this records; the
  /// store lets go of it when neither does, and drops the listeners gone.
  var isWanted: Bool {
    changeListeners.removeAll { !$0.isAlive() }
    return owner != nil || !changeListeners.isEmpty
  }

  /// Tells each live listener of the changes in `log`, made ``Change``s
  /// only when one listens.
  private func tellListeners(_ event: ChangeEvent, _ log: ChangeLog) {
    guard !changeListeners.isEmpty else { return }
    tellListeners(event, log.isEmpty ? [] : log.changes)
  }

  /// Tells each live listener of `changes`; of none, only those that hear every dispatch.
  private func tellListeners(_ event: ChangeEvent, _ changes: [Change]) {
    guard !changeListeners.isEmpty else { return }
    var isDispatch = false
    if case .dispatch = event { isDispatch = true }
    for listener in changeListeners where listener.isAlive() {
      if changes.isEmpty, !(isDispatch && listener.hearsEveryDispatch) { continue }
      listener.told(event, changes)
    }
  }
}

/// A history's undo or redo, as observers are told of it.
struct HistoryMove: DirectChange {
  let changedModels: [AnyObject]
}
