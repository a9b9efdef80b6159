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
struct SnapshotComparison {
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

  private static func path(_ index: Int, _ lines: [SnapshotLine]) -> TreePath {
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
