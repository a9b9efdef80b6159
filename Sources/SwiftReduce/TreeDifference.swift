/// The values that differ between two snapshots of a tree of models.
///
/// Each change names the path of the value from the root
/// (`favoriteMovies.movies["Alien"]`), with its old and its new text. Models,
/// structs and collections are compared property by property and element by
/// element; a value whose kind or type changed is shown whole. The
/// description lists each path, with `-` before the old value and `+` before
/// the new one; a value that appeared has no `-` line and one that
/// disappeared no `+` line.
///
/// A value of an `Equatable` type that holds no model is compared by `==`,
/// not by its text: equal values are no change even if they print
/// differently (`0.0` and `-0.0`), and unequal values are a change even if
/// they print alike. Two values that print alike are then shown by their
/// stored properties, in ``Change/propertyChanges``:
///
/// ```
/// temperature
///   - 20°
///   + 20°
///   (these print alike but are not equal; they differ in:)
///   celsius
///     - 20.0
///     + 20.4
/// ```
///
/// A floating-point NaN is taken as equal to a NaN, and a value whose `==`
/// says it differs while none of its stored properties do (a struct holding
/// a NaN) is no change, so a NaN that did not change is never reported.
/// Models, value models and values that hold them are compared by what they
/// hold, never by their own `==`; a value that is not `Equatable`, by its
/// text.
public struct TreeDifference: Equatable, Sendable, CustomStringConvertible {
  /// One value that differs between the snapshots.
  public struct Change: Equatable, Sendable {
    /// The path from the root, such as `favoriteMovies.input` or `people[2].name`.
    public let path: String
    /// The value before, or `nil` if it did not exist; several lines for a model or collection.
    public let old: String?
    /// The value after, or `nil` if it no longer exists.
    public let new: String?
    /// For two values that print alike but are not equal by `==`, what
    /// differs between their stored properties, each path relative to the
    /// value (`celsius`, or `.celsius` for an enum case's payload); else empty.
    public let propertyChanges: [Change]

    /// Whether the old and the new value print alike, though they are not equal.
    public var printsAlike: Bool { old != nil && old == new }

    /// Creates a change, to compare with the changes of a difference.
    ///
    /// - Parameters:
    ///   - path: The path of the value from the root.
    ///   - old: The value before, or `nil` if it did not exist.
    ///   - new: The value after, or `nil` if it no longer exists.
    ///   - propertyChanges: For values that print alike, what differs in
    ///     their stored properties.
    public init(path: String, old: String?, new: String?, propertyChanges: [Change] = []) {
      self.path = path
      self.old = old
      self.new = new
      self.propertyChanges = propertyChanges
    }
  }

  /// The changes, in the order of the tree.
  public let changes: [Change]

  /// Whether the snapshots are the same.
  public var isEmpty: Bool { changes.isEmpty }

  /// The changes as text: each path, then its old value after `-` and its new value after `+`.
  public var description: String {
    description(old: "-", new: "+")
  }

  /// The changes as text, with the given markers before old and new values.
  func description(old oldMarker: String, new newMarker: String) -> String {
    var lines: [String] = []
    Self.append(changes, to: &lines, indent: "", old: oldMarker, new: newMarker)
    return lines.joined(separator: "\n")
  }

  private static func append(
    _ changes: [Change], to lines: inout [String], indent: String, old oldMarker: String,
    new newMarker: String
  ) {
    for change in changes {
      lines.append(indent + change.path)
      if let old = change.old {
        lines += old.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "\(indent)  \(oldMarker) \($0)" }
      }
      if let new = change.new {
        lines += new.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "\(indent)  \(newMarker) \($0)" }
      }
      guard change.printsAlike else { continue }
      guard !change.propertyChanges.isEmpty else {
        lines.append(indent + "  (these print alike but are not equal)")
        continue
      }
      lines.append(indent + "  (these print alike but are not equal; they differ in:)")
      append(
        change.propertyChanges, to: &lines, indent: indent + "  ", old: oldMarker, new: newMarker)
    }
  }

  package init(changes: [Change]) {
    self.changes = changes
  }

  @MainActor
  init(from old: TreeSnapshot, to new: TreeSnapshot) {
    var comparison = Comparison(old: old, new: new)
    if !comparison.alignedMismatches.isEmpty || old.lines.count != new.lines.count {
      comparison.compareRoots()
    }
    changes = comparison.changes
  }
}

/// Walks two snapshots side by side, matching children by label.
///
/// The walk keeps its own stack of steps instead of recursing, so trees of
/// any depth are compared, and builds the path of a value only when it changed.
///
/// Most comparisons are of two snapshots of nearly the same tree, as in a
/// test store's check, where one value or a few changed: one pass over the
/// lines at equal indices finds where the snapshots differ, and a subtree
/// with no such line is skipped whole, without matching its children.
///
/// Lines that keep their value (see ``ValueEquality``) are compared by `==`.
/// Two such values that print alike but are not equal are compared again by
/// the lines showing their stored properties, which say what differs.
@MainActor
private struct Comparison {
  /// One piece of work, in tree order.
  private enum Step {
    /// Compare the value on an old line with the value on a new line.
    case compare(old: Int, new: Int)
    /// The value on an old line is gone.
    case removed(old: Int)
    /// The value on a new line is new.
    case added(new: Int)
  }

  let old: [SnapshotLine]
  let new: [SnapshotLine]
  let oldKept: [any KeptValue]
  let newKept: [any KeptValue]
  /// The indices, in increasing order, at which `old` and `new` both have a
  /// line and the two lines differ.
  let alignedMismatches: [Int]
  var changes: [TreeDifference.Change] = []

  init(old: TreeSnapshot, new: TreeSnapshot) {
    self.old = old.lines
    self.new = new.lines
    oldKept = old.keptValues
    newKept = new.keptValues
    var mismatches: [Int] = []
    for index in 0..<min(self.old.count, self.new.count)
    where !self.old[index].isSame(as: self.new[index], oldKept, newKept) {
      mismatches.append(index)
    }
    alignedMismatches = mismatches
  }

  mutating func compareRoots() {
    guard !old.isEmpty, !new.isEmpty else { return }
    var stack: [Step] = [.compare(old: 0, new: 0)]
    while let step = stack.popLast() {
      switch step {
      case let .compare(oldIndex, newIndex):
        if isSameSubtree(oldIndex, newIndex) { continue }
        let before = old[oldIndex]
        let after = new[newIndex]
        // Equal by `==`: no change, whatever the text below them shows.
        if before.kept >= 0, after.kept >= 0,
          oldKept[Int(before.kept)].isEqual(to: newKept[Int(after.kept)])
        {
          continue
        }
        let sameContainer =
          (before.kind == .collection && after.kind == .collection)
          || (before.kind == .node && after.kind == .node && before.text == after.text)
        if sameContainer {
          stack += childSteps(oldIndex, newIndex).reversed()
          continue
        }
        let oldText = Self.text(of: oldIndex, in: old)
        let newText = Self.text(of: newIndex, in: new)
        if oldText != newText {
          changes.append(.init(path: Self.path(newIndex, new), old: oldText, new: newText))
        } else if let propertyChanges = propertyChanges(before, after) {
          changes.append(
            .init(
              path: Self.path(newIndex, new), old: oldText, new: newText,
              propertyChanges: propertyChanges))
        }
      case let .removed(oldIndex):
        changes.append(
          .init(path: Self.path(oldIndex, old), old: Self.text(of: oldIndex, in: old), new: nil))
      case let .added(newIndex):
        changes.append(
          .init(path: Self.path(newIndex, new), old: nil, new: Self.text(of: newIndex, in: new)))
      }
    }
  }

  /// Whether the values on two lines are equal, with everything below them.
  private func isSameSubtree(_ oldIndex: Int, _ newIndex: Int) -> Bool {
    let size = old[oldIndex].end - oldIndex
    guard new[newIndex].end - newIndex == size else { return false }
    if oldIndex == newIndex {
      // Equal lines at equal indices: the subtrees are the same if no
      // mismatch falls inside them.
      var low = 0
      var high = alignedMismatches.count
      while low < high {
        let middle = (low + high) / 2
        if alignedMismatches[middle] < oldIndex { low = middle + 1 } else { high = middle }
      }
      return low == alignedMismatches.count || alignedMismatches[low] >= oldIndex + size
    }
    // At different indices, after a value appeared or disappeared earlier:
    // compare line by line, each line's extent relative to its own index.
    for offset in 0..<size {
      let before = old[oldIndex + offset]
      let after = new[newIndex + offset]
      guard before.showsSameValue(as: after, oldKept, newKept), before.label == after.label,
        before.kind == after.kind, before.end - oldIndex == after.end - newIndex
      else { return false }
    }
    return true
  }

  /// Matches the children of two lines by label, keeping the order of both.
  private func childSteps(_ oldIndex: Int, _ newIndex: Int) -> [Step] {
    let oldChildren = Self.children(of: oldIndex, in: old)
    let newChildren = Self.children(of: newIndex, in: new)
    let newLabels = Set(newChildren.map { new[$0].label })
    let oldLabels = Set(oldChildren.map { old[$0].label })
    var steps: [Step] = []
    var oldPosition = 0
    var newPosition = 0
    while oldPosition < oldChildren.count || newPosition < newChildren.count {
      let oldChild = oldPosition < oldChildren.count ? oldChildren[oldPosition] : nil
      let newChild = newPosition < newChildren.count ? newChildren[newPosition] : nil
      if let oldChild, let newChild, old[oldChild].label == new[newChild].label {
        steps.append(.compare(old: oldChild, new: newChild))
        oldPosition += 1
        newPosition += 1
      } else if let oldChild, !newLabels.contains(old[oldChild].label),
        newChild.map({ oldLabels.contains(new[$0].label) || old[oldChild].label < new[$0].label })
          ?? true
      {
        // Gone from the new side; listed before a new child that sorts after it.
        steps.append(.removed(old: oldChild))
        oldPosition += 1
      } else if let newChild, oldChild == nil || !oldLabels.contains(new[newChild].label) {
        steps.append(.added(new: newChild))
        newPosition += 1
      } else if let oldChild {
        // Labels on both sides in another order, which keyed and indexed
        // children never are: show the old one as gone, the new one as new.
        steps.append(.removed(old: oldChild))
        oldPosition += 1
      }
    }
    return steps
  }

  /// What differs between two lines that print alike: `nil` when they show
  /// the same value; else the changes in the stored properties of their kept
  /// values, empty when there are none to show.
  ///
  /// A value whose `==` says it differs while every stored property is
  /// equal (a struct holding a NaN) is no change.
  private func propertyChanges(_ before: SnapshotLine, _ after: SnapshotLine)
    -> [TreeDifference.Change]?
  {
    if before.showsSameValue(as: after, oldKept, newKept) { return nil }
    guard before.kept >= 0, after.kept >= 0,
      let oldParts = SnapshotBuilder.snapshotShowingParts(of: oldKept[Int(before.kept)].value),
      let newParts = SnapshotBuilder.snapshotShowingParts(of: newKept[Int(after.kept)].value)
    else { return [] }
    let changes = TreeDifference(from: oldParts, to: newParts).changes
    return changes.isEmpty ? nil : changes
  }

  private static func path(_ index: Int, _ lines: [SnapshotLine]) -> String {
    SnapshotLine.path(toLine: index, in: lines)
  }

  private static func children(of index: Int, in lines: [SnapshotLine]) -> [Int] {
    var children: [Int] = []
    var child = index + 1
    while child < lines[index].end {
      children.append(child)
      child = lines[child].end
    }
    return children
  }

  /// The value on line `index` with everything below it, indented relative to it.
  private static func text(of index: Int, in lines: [SnapshotLine]) -> String {
    var text = lines[index].text
    let base = lines[index].depth
    for line in lines[(index + 1)..<lines[index].end] {
      text += "\n" + String(repeating: " ", count: 2 * (line.depth - base))
      text += line.label.isEmpty ? line.text : "\(line.label): \(line.text)"
    }
    return text
  }
}
