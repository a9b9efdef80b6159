extension Store {
  /// Calls `listener` with the patches of every change to the tree, as
  /// ``onPatches(_:)`` does: the listener persistence attaches.
  package func onPersistencePatches(_ listener: @escaping @MainActor (_ patches: [Patch]) -> Void)
    -> StoreSubscription
  {
    onPatches(listener)
  }

  /// Calls `listener` with the patches of every change to the tree, as
  /// ``onPatches(_:)`` does, finding the path of each model with a snapshot
  /// of the whole tree on every call: the reference that the paths
  /// ``onPatches(_:)`` keeps are checked against.
  package func onPatchesFindingEveryPath(
    _ listener: @escaping @MainActor (_ patches: [Patch]) -> Void
  ) -> StoreSubscription {
    let root = root
    return listenToPatches(making: { Patch.patches(of: $0, in: root) }, listener)
  }
}
