extension Store {
  /// Calls `listener` with the patches of every change to the tree: each
  /// dispatch's, each undo's and redo's, and those made outside a dispatch
  /// (found when the next begins), as a ``History`` records them.
  ///
  /// A dispatch's patches come before its subscribers are told; what its
  /// middleware or subscribers then change comes in a call of its own. A
  /// model's path is where it is when the listener is called; a model no
  /// longer in the tree is named by its type. Finding the paths costs what a
  /// ``TreeSnapshot`` of the tree costs, on every call: a listener is for
  /// saving, syncing and inspecting, not for every frame of a large tree.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let subscription = store.onPatches { patches in print(patches) }
  /// store.dispatch(NameChange.setName("Ada"))
  /// store.root.name = "Grace"
  /// store.dispatch(UpdateMovies.setInput("Up"))
  /// subscription.cancel()
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// [name: "" → "Ada"]
  /// [name: "Ada" → "Grace"]
  /// [favoriteMovies.input: "" → "Up"]
  /// ```
  ///
  /// - Parameter listener: Called with the patches of each change, in order.
  /// - Returns: A token that keeps the listener alive; release or cancel it to stop.
  public func onPatches(_ listener: @escaping @MainActor (_ patches: [Patch]) -> Void)
    -> StoreSubscription
  {
    let subscription = StoreSubscription(listener: { _ in })
    let recording: HistoryRecording
    if let existing = historyRecording, existing.isWanted {
      recording = existing
    } else {
      // A recording of its own, which no history owns: it only tells listeners.
      recording = HistoryRecording(
        root: root, shadow: TreeShadow(of: root, plans: .shared, isRecorded: nil),
        dispatched: { _, _, _ in }, changedOutside: { _, _ in })
      historyRecording = recording
    }
    let root = root
    recording.changeListeners.append(
      HistoryRecording.ChangeListener(
        isAlive: { [weak subscription] in subscription?.isActive == true },
        told: { changes in listener(Patch.patches(of: changes, in: root)) }))
    return subscription
  }
}
