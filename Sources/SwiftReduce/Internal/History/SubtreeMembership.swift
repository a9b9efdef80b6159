/// The models of a subtree, for a history that records only what changes
/// below one model: those it holds through `strong` references (not those
/// its `weak` and `unowned` links lead back to), found again from the
/// shadow's copies only after the tree changed shape.
///
/// A change is in the subtree when its model was there before the last
/// change of shape or is there now, so that a model removed from the subtree
/// in a step keeps the changes made to it in that step.
@MainActor
final class SubtreeMembership {
  /// The model the subtree starts at.
  let root: AnyObject
  private var members: Set<ObjectIdentifier>?
  private var before: Set<ObjectIdentifier> = []

  init(root: AnyObject) {
    self.root = root
  }

  /// Called before the tree changes shape: the members found are those before.
  func shapeWillChange() {
    if let members { before = members }
    members = nil
  }

  /// The changes of `log` to models of the subtree.
  func changes(of log: ChangeLog, in shadow: TreeShadow) -> ChangeLog {
    guard !log.isEmpty else { return log }
    let now: Set<ObjectIdentifier>
    if let members {
      now = members
    } else {
      now = shadow.heldModels(from: root)
      members = now
    }
    return ChangeLog(
      log.changes.filter { change in
        let model = ObjectIdentifier(change.model)
        return now.contains(model) || before.contains(model)
      })
  }
}
