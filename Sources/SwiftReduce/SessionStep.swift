/// One step of a session a ``SessionRecorder`` recorded: an action
/// dispatched, or a change made otherwise, with the patches it made.
///
/// A step is `Codable`: the action by its own conformance where it is
/// `Encodable` (else by its text only, and ``actionIsText`` says so), the
/// patches as ``Patch`` encodes them.
public struct SessionStep {
  /// What made a step's changes.
  public enum Kind: Equatable, Sendable {
    /// An action dispatched, and everything its dispatch changed.
    case action
    /// Changes made outside any dispatch, found when the next began.
    case changedOutside
    /// A history's undo.
    case undo
    /// A history's redo.
    case redo
    /// Patches the store applied.
    case appliedPatches
  }

  /// What made the step's changes.
  public let kind: Kind

  /// The action's text, as a history labels its step: `UpdateMovies.submit`;
  /// `nil` for a step of another kind.
  public let actionText: String?

  /// The name of the action's type, without its module: `UpdateMovies`.
  public let actionType: String?

  /// The action, in the process that recorded it; `nil` in a decoded step.
  public let action: (any Action)?

  /// The action as it was encoded, in a decoded step whose action is `Encodable`.
  public let encodedAction: Patch.EncodedValue?

  /// Whether the action was kept as its text only, not being `Encodable`:
  /// a decoded step cannot dispatch it again.
  public var actionIsText: Bool { kind == .action && action == nil && encodedAction == nil }

  /// What the step changed, in order.
  public internal(set) var patches: [Patch]

  init(
    kind: Kind, action: (any Action)?, actionText: String?, encodedAction: Patch.EncodedValue?,
    patches: [Patch]
  ) {
    self.kind = kind
    self.action = action
    self.actionText = actionText
    self.actionType = action.map { _typeName(type(of: $0), qualified: false) }
    self.encodedAction = encodedAction
    self.patches = patches
  }

  private init(
    kind: Kind, actionText: String?, actionType: String?, encodedAction: Patch.EncodedValue?,
    patches: [Patch]
  ) {
    self.kind = kind
    self.action = nil
    self.actionText = actionText
    self.actionType = actionType
    self.encodedAction = encodedAction
    self.patches = patches
  }
}

extension SessionStep: @MainActor CustomStringConvertible {
  /// The action's text (or the kind), then each patch on a line of its own, indented.
  @MainActor public var description: String {
    let head: String =
      switch kind {
      case .action: actionText ?? "?"
      case .changedOutside: "changed outside a dispatch"
      case .undo: "undo"
      case .redo: "redo"
      case .appliedPatches: "applied patches"
      }
    return ([head] + patches.map { "  \($0)" }).joined(separator: "\n")
  }
}

extension SessionStep: @MainActor Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, action, actionType, encodedAction, patches
  }

  /// Encodes the step: its kind, its action's text, type and (when it is
  /// `Encodable`) the action itself, and its patches.
  ///
  /// - Throws: What encoding the action or a patch throws.
  @MainActor public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let name =
      switch kind {
      case .action: "action"
      case .changedOutside: "changedOutside"
      case .undo: "undo"
      case .redo: "redo"
      case .appliedPatches: "appliedPatches"
      }
    try container.encode(name, forKey: .kind)
    try container.encodeIfPresent(actionText, forKey: .action)
    try container.encodeIfPresent(actionType, forKey: .actionType)
    if let encodable = action as? any Encodable {
      try container.encode(encodable, forKey: .encodedAction)
    } else {
      try container.encodeIfPresent(encodedAction, forKey: .encodedAction)
    }
    try container.encode(patches, forKey: .patches)
  }

  /// Decodes a step encoded by ``encode(to:)``.
  ///
  /// - Throws: `DecodingError` for a kind it does not know or a patch it cannot decode.
  @MainActor public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      kind: try container.decode(
        named: [
          "action": Kind.action, "changedOutside": .changedOutside, "undo": .undo, "redo": .redo,
          "appliedPatches": .appliedPatches,
        ], forKey: .kind, what: "kind of session step"),
      actionText: try container.decodeIfPresent(String.self, forKey: .action),
      actionType: try container.decodeIfPresent(String.self, forKey: .actionType),
      encodedAction: try container.decodeIfPresent(Patch.EncodedValue.self, forKey: .encodedAction),
      patches: try container.decode([Patch].self, forKey: .patches))
  }
}
