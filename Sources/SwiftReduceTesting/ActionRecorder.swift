import SwiftReduce

/// Records each action a test store dispatches, with the state before and after it.
///
/// Its middleware is the outermost one, so it sees every action in the order
/// the store reduces them, including those that other middleware, subscribers
/// and effects dispatch. It copies the tree before passing an action on, for
/// the closure that describes the action's change, and records a snapshot
/// once the rest of the chain has handled it, to compare with.
///
/// Every copy it makes stays alive as long as the recorder, which is as long
/// as its test store: a copied model's `deinit` that reaches something the
/// copy shares with the real tree, such as a `StoreSubscription`, must not run
/// while the test does.
@MainActor
final class ActionRecorder<Root: Reducer> {
  /// One dispatched action, the state it started from and the state it left.
  struct Entry {
    let action: any Action
    /// A copy of the tree just before the action, which the closure changes
    /// into the state expected after it; `nil` when the tree cannot be copied.
    let before: ModelTreeCopy<Root>?
    /// The tree after the action, as printed; `nil` while the tree is still
    /// as the action left it and the `send` that dispatched it compares the
    /// tree itself (see ``defersSnapshots``).
    var after: TreeSnapshot?
  }

  /// The actions not yet asserted, oldest first.
  var entries: [Entry] = []

  /// Whether the state an action leaves is recorded only when something may
  /// change it: set by `send` while it dispatches.
  ///
  /// `send` checks the action it dispatched at once, so the tree as it is then
  /// is the state the action left, unless another action came after it: the
  /// next action recorded, or `settle(root:)` when `send` returns, makes the
  /// snapshot first. A send that compares the tree itself makes none.
  var defersSnapshots = false

  /// Why the tree cannot be copied, once a copy has failed.
  private(set) var copyProblem: String?

  /// Every copy made, kept until the recorder is released.
  private var copies: [ModelTreeCopy<Root>] = []

  /// The middleware that records actions, to put first in the store's chain.
  var middleware: Middleware<Root> {
    Middleware { [self] action, store, next in
      // An undo or a redo the test made itself, as a change it made directly:
      // no action to receive; the state the action before it left is kept first.
      guard !(action is HistoryAction) else {
        settle(root: store.root)
        return next(action)
      }
      // Copied here rather than after the previous action: the same state
      // unless the test changed the tree directly in between, and then the
      // direct change is not this action's.
      settle(root: store.root)
      let before = copy(of: store.root)
      next(action)
      let after = defersSnapshots ? nil : TreeSnapshot(store.root)
      entries.append(Entry(action: action, before: before, after: after))
    }
  }

  /// Records the state the last action left, if it was deferred: `root` must
  /// still be as that action left it.
  func settle(root: Root) {
    guard let last = entries.indices.last, entries[last].after == nil else { return }
    entries[last].after = TreeSnapshot(root)
  }

  /// A deep copy of the tree below `root`, or `nil` with ``copyProblem`` set.
  func copy(of root: Root) -> ModelTreeCopy<Root>? {
    do {
      let copy = try ModelTreeCopy(copying: root)
      copies.append(copy)
      return copy
    } catch {
      copyProblem = "TestStore " + error.message
      return nil
    }
  }
}
