/// One line of a printed tree: a value, with where it sits.
struct SnapshotLine: Sendable {
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
  /// Where the copy of the value is kept in its snapshot's `keptValues`, or -1.
  ///
  /// An `Equatable` value whose text may not tell it apart (see
  /// ``ValueEquality``) is compared by `==` instead of by text. An index
  /// rather than the value itself keeps lines small and trivial to move.
  var kept: Int32 = -1

  /// Whether two lines are the same line, each with the kept values of its snapshot.
  func isSame(
    as other: SnapshotLine, _ keptValues: [any KeptValue], _ otherKeptValues: [any KeptValue]
  ) -> Bool {
    label == other.label && depth == other.depth && parent == other.parent
      && end == other.end && kind == other.kind
      && showsSameValue(as: other, keptValues, otherKeptValues)
  }

  /// Whether two lines show the same value: equal by `==` when both keep a
  /// copy of their value, whatever their text; else the same text.
  func showsSameValue(
    as other: SnapshotLine, _ keptValues: [any KeptValue], _ otherKeptValues: [any KeptValue]
  ) -> Bool {
    if kept >= 0, other.kept >= 0 {
      return keptValues[Int(kept)].isEqual(to: otherKeptValues[Int(other.kept)])
    }
    return kept < 0 && other.kept < 0 && text == other.text
  }

  /// The path from the root to line `index` of `lines`.
  static func path(toLine index: Int, in lines: [SnapshotLine]) -> TreePath {
    var labels: [String] = []
    var current = index
    while current > 0 {
      labels.append(lines[current].label)
      current = lines[current].parent
    }
    return TreePath(labels: labels.reversed())
  }

  /// Whether two lists of lines show the same tree, line by line, each with
  /// the kept values of its snapshot.
  static func areSame(
    _ lines: [SnapshotLine], _ keptValues: [any KeptValue], _ otherLines: [SnapshotLine],
    _ otherKeptValues: [any KeptValue]
  ) -> Bool {
    guard lines.count == otherLines.count else { return false }
    for index in lines.indices
    where !lines[index].isSame(as: otherLines[index], keptValues, otherKeptValues) {
      return false
    }
    return true
  }

  /// The tree `lines` show, as indented text: one value per line, two spaces per level.
  static func text(of lines: [SnapshotLine]) -> String {
    // One pass to measure, then the bytes written straight into the string's
    // storage: several times faster than appending each piece to a string.
    var count = max(lines.count - 1, 0)
    for line in lines {
      count += 2 * line.depth + line.text.utf8.count
      if !line.label.isEmpty { count += line.label.utf8.count + 2 }
    }
    return String(unsafeUninitializedCapacity: count) { buffer in
      var position = 0
      func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
          _ = UnsafeMutableBufferPointer(rebasing: buffer[position...]).initialize(from: utf8)
          position += utf8.count
        }
      }
      for line in lines {
        if position > 0 {
          buffer[position] = 0x0A
          position += 1
        }
        let indent = 2 * line.depth
        buffer.baseAddress.unsafelyUnwrapped.advanced(by: position).initialize(
          repeating: 0x20, count: indent)
        position += indent
        if !line.label.isEmpty {
          write(line.label)
          buffer[position] = 0x3A
          buffer[position + 1] = 0x20
          position += 2
        }
        write(line.text)
      }
      return position
    }
  }
}
