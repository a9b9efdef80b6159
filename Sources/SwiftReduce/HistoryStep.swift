/// One step of a ``History``: a dispatch, or the dispatches of a group the
/// caller named, with the patches they made.
///
/// ```swift
/// let store = Store(Person())
/// let history = History(store)
/// history.record("watching Heat") {
///   store.dispatch(UpdateMovies.setInput("Heat"))
///   store.dispatch(UpdateMovies.submit)
/// }
/// print(history.steps[0])
/// ```
///
/// prints
///
/// ```
/// watching Heat
///   UpdateMovies.setInput("Heat")
///   UpdateMovies.submit
///   favoriteMovies.movies["Heat"]: inserted 1
/// ```
public struct HistoryStep {
  /// What a step is to ``History/undo()``.
  public enum Kind: Equatable, Sendable {
    /// A change made here: undone and redone.
    case change
    /// Another writer's change brought in, such as another instance's save
    /// merged: ``History/undo()`` passes over it, and it clears nothing to redo.
    case merge
  }

  /// The name the caller gave the group, or the text of the step's one action.
  public let label: String

  /// Whether undo takes the step back or passes over it.
  public let kind: Kind

  /// The text of each action the step dispatched, in order: `UpdateMovies.submit`.
  public let actions: [String]

  /// Whether the step holds changes made outside any dispatch (code that set
  /// a model's property directly), found when the next dispatch began: a
  /// step of kind ``Kind/merge`` with no actions, which undo passes over.
  public let madeOutsideDispatch: Bool

  /// The changes, made ``Change``s only when read.
  let log: ChangeLog
  let root: AnyObject
  /// Where the models of the changes were when the step ended, once the
  /// tree changed shape since; `nil` for a step whose paths are found when read.
  let paths: StepPaths?
  /// The patches of a step restored from a saved history, which undo and
  /// redo apply by what they hold; `nil` for a step recorded here.
  let restoredPatches: [Patch]?

  init(
    label: String, kind: Kind, actions: [String], madeOutsideDispatch: Bool = false,
    log: ChangeLog, root: AnyObject, paths: StepPaths? = nil
  ) {
    self.label = label
    self.kind = kind
    self.actions = actions
    self.madeOutsideDispatch = madeOutsideDispatch
    self.log = log
    self.root = root
    self.paths = paths
    restoredPatches = nil
  }

  /// `step`, restored on the tree below `root` from its patches.
  @MainActor
  init(restoring step: HistoryStep, root: AnyObject) {
    label = step.label
    kind = step.kind
    actions = step.actions
    madeOutsideDispatch = step.madeOutsideDispatch
    restoredPatches = step.patches
    log = ChangeLog()
    self.root = root
    paths = nil
  }

  /// A step decoded, with its patches, on no tree yet.
  private init(
    label: String, kind: Kind, actions: [String], madeOutsideDispatch: Bool, patches: [Patch]
  ) {
    self.label = label
    self.kind = kind
    self.actions = actions
    self.madeOutsideDispatch = madeOutsideDispatch
    restoredPatches = patches
    log = ChangeLog()
    root = log
    paths = nil
  }

  /// The changes the step made, in order.
  var changes: [Change] { log.changes }

  /// The patches the step made: model by model in the order the models had
  /// in the tree before it, each model's properties in declaration order.
  ///
  /// A patch's path is where its model was when the step ended: a model
  /// moved or removed since is named where it was then. A model that was
  /// not in the tree then is named by its type.
  @MainActor public var patches: [Patch] {
    restoredPatches ?? Patch.patches(of: changes, in: root, fixed: paths?.labels ?? [:])
  }

  /// How a model that is no longer in the tree is named in a path.
  static func typeName(_ model: AnyObject) -> TreePath {
    TreePath([.property(_typeName(type(of: model), qualified: false))])
  }
}

extension HistoryStep: @MainActor CustomStringConvertible {
  /// The label, then each action and each patch on a line of its own, indented.
  @MainActor public var description: String {
    ([label] + actions.map { "  " + $0 } + patches.map { "  \($0)" }).joined(separator: "\n")
  }
}

extension HistoryStep: @MainActor Codable {
  private enum CodingKeys: String, CodingKey {
    case label, kind, actions, madeOutsideDispatch, patches
  }

  /// Encodes the step's label, kind, actions and patches, to be restored by
  /// ``History/init(_:restoring:undone:limit:recording:beforeUndoOrRedo:)``.
  ///
  /// - Throws: What encoding a patch throws: `EncodingError.invalidValue`
  ///   for a value that is neither `Codable` nor a model or a struct.
  @MainActor public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encode(kind == .change ? "change" : "merge", forKey: .kind)
    try container.encode(actions, forKey: .actions)
    if madeOutsideDispatch { try container.encode(true, forKey: .madeOutsideDispatch) }
    try container.encode(patches, forKey: .patches)
  }

  /// Decodes a step encoded by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` when the kind is neither `change` nor
  ///   `merge`, or a patch cannot be decoded.
  @MainActor public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(
      named: ["change": Kind.change, "merge": .merge], forKey: .kind, what: "kind of step")
    self.init(
      label: try container.decode(String.self, forKey: .label), kind: kind,
      actions: try container.decode([String].self, forKey: .actions),
      madeOutsideDispatch: try container.decodeIfPresent(Bool.self, forKey: .madeOutsideDispatch)
        ?? false,
      patches: try container.decode([Patch].self, forKey: .patches))
  }
}
