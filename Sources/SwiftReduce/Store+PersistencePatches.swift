extension Store {
  /// Calls `listener` with the patches of every change to the tree, as
  /// ``onPatches(_:)`` does, except that changes made outside any dispatch
  /// come with the next dispatch's, in one call: the listener persistence
  /// attaches, for which a change is saved all the same.
  ///
  /// A store with no ``History`` and no other listener then reads its tree
  /// once a dispatch, after it, not also before it.
  package func onPersistencePatches(_ listener: @escaping @MainActor (_ patches: [Patch]) -> Void)
    -> StoreSubscription
  {
    let paths = KeptModelPaths(root: root)
    return listenToPatches(making: paths.patches(of:), foldingOutsideChanges: true, listener)
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
