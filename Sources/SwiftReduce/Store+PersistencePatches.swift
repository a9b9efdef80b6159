extension Store {
  /// Calls `listener` with the patches of every change to the tree, as
  /// ``onPatches(_:)`` does, with the paths of the models they changed kept
  /// from one change to the next while the tree keeps its shape.
  ///
  /// ``onPatches(_:)`` finds the paths with a walk of the whole tree on
  /// every call: at 100,000 models, a hundred times what the dispatch costs.
  /// A model's path changes only when a value that may hold models changes
  /// (an element of an array of models inserted, a model replaced) or, in a
  /// tree that holds models in sets or as dictionary keys, when a model's
  /// text does; so this listener finds every model's path once, keeps them,
  /// and finds them anew only after such a change, or for a model it did
  /// not find. The paths are the same as ``onPatches(_:)`` gives.
  ///
  /// - Parameter listener: Called with the patches of each change, in order.
  /// - Returns: A token that keeps the listener alive; release or cancel it to stop.
  package func onPersistencePatches(_ listener: @escaping @MainActor (_ patches: [Patch]) -> Void)
    -> StoreSubscription
  {
    let subscription = StoreSubscription(listener: { _ in })
    let root = root
    let paths = PersistenceModelPaths(root: root)
    listenToChanges(
      HistoryRecording.ChangeListener(
        isAlive: { [weak subscription] in subscription?.isActive == true },
        told: { _, changes in listener(paths.patches(of: changes)) }))
    return subscription
  }
}
