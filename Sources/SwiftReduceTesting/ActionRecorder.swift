import SwiftReduce

/// Records each action a test store dispatches, with the state it left.
///
/// Its middleware is the outermost one, so it sees every action in the order
/// the store reduces them, including those that other middleware, subscribers
/// and effects dispatch, and records the state once the rest of the chain
/// has handled the action.
@MainActor
final class ActionRecorder<Root: Reducer> {
  /// One dispatched action and the state it left.
  struct Entry {
    let action: any Action
    /// The tree after the action, as printed.
    let snapshot: TreeSnapshot
    /// A copy of the tree after the action, for the next closure to start from.
    let after: ModelTreeCopy<Root>?
  }

  /// The actions not yet asserted, oldest first.
  var entries: [Entry] = []

  /// Why the tree cannot be copied, once a copy has failed.
  private(set) var copyProblem: String?

  /// The middleware that records actions, to put first in the store's chain.
  var middleware: Middleware<Root> {
    Middleware { [self] action, store, next in
      next(action)
      entries.append(
        Entry(action: action, snapshot: TreeSnapshot(store.root), after: copy(of: store.root)))
    }
  }

  /// A deep copy of the tree below `root`, or `nil` with ``copyProblem`` set.
  func copy(of root: Root) -> ModelTreeCopy<Root>? {
    do {
      return try ModelTreeCopy(copying: root)
    } catch {
      copyProblem =
        "TestStore cannot copy \(error.typeNames.joined(separator: ", ")): the runtime does "
        + "not describe the stored properties of these models, so changes are not checked."
      return nil
    }
  }
}
