/// The values that differ between two snapshots of a tree of models.
///
/// Each change names the path of the value from the root
/// (`favoriteMovies.movies["Alien"]`), with its old and its new text. Models,
/// structs and collections are compared property by property and element by
/// element; a value whose kind or type changed is shown whole. The
/// description lists each path, with `-` before the old value and `+` before
/// the new one; a value that appeared has no `-` line and one that
/// disappeared no `+` line.
public struct TreeDifference: Equatable, Sendable, CustomStringConvertible {
  /// One value that differs between the snapshots.
  public struct Change: Equatable, Sendable {
    /// The path from the root, such as `favoriteMovies.input` or `people[2].name`.
    public let path: String
    /// The value before, or `nil` if it did not exist; several lines for a model or collection.
    public let old: String?
    /// The value after, or `nil` if it no longer exists.
    public let new: String?

    /// Creates a change, to compare with the changes of a difference.
    ///
    /// - Parameters:
    ///   - path: The path of the value from the root.
    ///   - old: The value before, or `nil` if it did not exist.
    ///   - new: The value after, or `nil` if it no longer exists.
    public init(path: String, old: String?, new: String?) {
      self.path = path
      self.old = old
      self.new = new
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
    for change in changes {
      lines.append(change.path)
      if let old = change.old {
        lines += old.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "  \(oldMarker) \($0)" }
      }
      if let new = change.new {
        lines += new.split(separator: "\n", omittingEmptySubsequences: false)
          .map { "  \(newMarker) \($0)" }
      }
    }
    return lines.joined(separator: "\n")
  }

  package init(changes: [Change]) {
    self.changes = changes
  }

  init(from old: [SnapshotLine], to new: [SnapshotLine]) {
    var comparison = Comparison(old: old, new: new)
    if !comparison.alignedMismatches.isEmpty || old.count != new.count {
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
  /// The indices, in increasing order, at which `old` and `new` both have a
  /// line and the two lines differ.
  let alignedMismatches: [Int]
  var changes: [TreeDifference.Change] = []

  init(old: [SnapshotLine], new: [SnapshotLine]) {
    self.old = old
    self.new = new
    var mismatches: [Int] = []
    for index in 0..<min(old.count, new.count) where old[index] != new[index] {
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
      guard before.text == after.text, before.label == after.label, before.kind == after.kind,
        before.end - oldIndex == after.end - newIndex
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
