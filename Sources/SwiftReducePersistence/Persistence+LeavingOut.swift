import SwiftReduce

// Leaving out: the properties named at attach (`leavingOut:`) are taken out
// of every state written, read or merged and of every record, so that the
// file never holds them and loading keeps the values the tree gives them.

extension Persistence {
  /// Refuses the left-out paths the tree's declared types do not take.
  ///
  /// A path must end at a stored property the types have (a typo would
  /// otherwise leave out nothing, silently); one below a collection or an
  /// optional must have a type with an empty value for the rows the file
  /// adds. Read from the types, past collections with no element yet.
  func checkLeftOut() throws(PersistenceError) {
    for path in leftOut {
      if let problem = tree.problem(leavingOut: path, below: Root.self) {
        throw failure("leavingOut: \(path): \(problem)", .properties)
      }
    }
  }

  /// Takes the left-out properties out of `state`, in place.
  func removeLeftOut(from state: inout Patch.EncodedValue) {
    guard !leftOut.isEmpty else { return }
    tree.removeLeftOut(from: &state, below: Root.self)
  }

  /// `patch` with the left-out properties taken out of its values; `nil`
  /// when it is about a left-out property, or below one.
  func leavingOut(_ patch: JournalPatch) -> JournalPatch? {
    guard !leftOut.isEmpty else { return patch }
    guard !isLeftOut(patch.path) else { return nil }
    var kept = patch
    if var before = kept.before {
      tree.removeLeftOut(from: &before, at: patch.path, below: Root.self)
      kept.before = before
    }
    if var after = kept.after {
      tree.removeLeftOut(from: &after, at: patch.path, below: Root.self)
      kept.after = after
    }
    return kept
  }

  /// Whether `path` is a left-out property or a place below one.
  func isLeftOut(_ path: TreePath) -> Bool {
    leftOut.contains { leftOut in
      leftOut.components.count <= path.components.count
        && PersistenceTree.matches(
          leftOut.components[...], path.components.prefix(leftOut.components.count))
    }
  }
}
