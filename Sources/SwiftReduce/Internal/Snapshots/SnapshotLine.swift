/// One line of a printed tree: a value, with where it sits.
struct SnapshotLine: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// A value on one line, or a reference to a model shown earlier.
    case leaf
    /// A model, struct or enum case, whose children are its properties.
    case node
    /// A collection, whose children are its elements.
    case collection
  }

  /// The property name (`input`), subscript (`["Alien"]`, `[0]`) or, for the root, nothing.
  var label: String
  var text: String
  var depth: Int
  /// The line of the value holding this one, or -1 for the root.
  var parent: Int
  /// The index just past this value's last descendant.
  var end: Int
  var kind: Kind
  /// A copy of the value, for an `Equatable` value whose text may not tell
  /// it apart (see ``ValueEquality``): compared by `==` instead of by text.
  var kept: (any KeptValue)? = nil

  static func == (lhs: SnapshotLine, rhs: SnapshotLine) -> Bool {
    lhs.label == rhs.label && lhs.depth == rhs.depth && lhs.parent == rhs.parent
      && lhs.end == rhs.end && lhs.kind == rhs.kind && lhs.showsSameValue(as: rhs)
  }

  /// Whether two lines show the same value: equal by `==` when both keep a
  /// copy of their value, whatever their text; else the same text.
  func showsSameValue(as other: SnapshotLine) -> Bool {
    if let kept, let otherKept = other.kept { return kept.isEqual(to: otherKept) }
    return kept == nil && other.kept == nil && text == other.text
  }

  /// The path from the root to line `index` of `lines`.
  static func path(toLine index: Int, in lines: [SnapshotLine]) -> String {
    var labels: [String] = []
    var current = index
    while current > 0 {
      labels.append(lines[current].label)
      current = lines[current].parent
    }
    guard !labels.isEmpty else { return "root" }
    // Appended in place: a path a million labels long is built in one pass.
    var path = ""
    for label in labels.reversed() {
      if !path.isEmpty, !Self.attachesDirectly(label) { path.append(".") }
      path.append(label)
    }
    return path
  }

  /// Whether a label follows a path without a dot: a subscript (`[0]`) or a
  /// tuple element, which the runtime names `.0`, `.1`.
  static func attachesDirectly(_ label: String) -> Bool {
    label.hasPrefix("[") || label.hasPrefix(".")
  }
}
