extension Store {
  /// Calls `listener` with the patches of every change to the tree: each
  /// dispatch's, each undo's and redo's, and those made outside a dispatch
  /// (found when the next begins), whatever a ``History`` of the store
  /// leaves out of its steps; `@Untraversed` properties are never heard.
  ///
  /// A dispatch's patches come before its subscribers are told; what its
  /// middleware or subscribers then change comes in a call of its own. A
  /// model's path is where it is when the listener is called; a model no
  /// longer in the tree is named by its type. The paths of the models are
  /// found once, with what a ``TreeSnapshot`` of the tree costs, and kept
  /// while the tree keeps its shape: they are found again only after a
  /// change of a value that may hold models (a row inserted, a model
  /// replaced), or of a model's text where models are held in sets or as
  /// dictionary keys.
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
    let paths = KeptModelPaths(root: root)
    return listenToPatches(making: paths.patches(of:), listener)
  }

  /// Calls `listener` with the patches `patches` makes of every change to
  /// the tree; those made outside a dispatch in a call of their own, or
  /// with `foldingOutsideChanges`, with the next dispatch's.
  func listenToPatches(
    making patches: @escaping @MainActor (_ changes: [Change]) -> [Patch],
    foldingOutsideChanges: Bool = false,
    _ listener: @escaping @MainActor (_ patches: [Patch]) -> Void
  ) -> StoreSubscription {
    let subscription = StoreSubscription(listener: { _ in })
    listenToChanges(
      HistoryRecording.ChangeListener(
        isAlive: { [weak subscription] in subscription?.isActive == true },
        foldsOutsideChanges: foldingOutsideChanges,
        told: { _, changes in listener(patches(changes)) }))
    return subscription
  }

  /// Adds `listener` to the recording of this store's changes: a history's,
  /// or one of its own that only tells listeners.
  func listenToChanges(_ listener: HistoryRecording.ChangeListener) {
    let recording: HistoryRecording
    if let existing = historyRecording, existing.isWanted {
      recording = existing
    } else {
      recording = HistoryRecording(
        root: root, shadow: TreeShadow(of: root, plans: .shared, isRecorded: nil),
        dispatched: { _, _, _ in }, changedOutside: { _, _ in })
      historyRecording = recording
    }
    recording.changeListeners.append(listener)
  }

  /// Applies `patches` to the tree in order, as one change that observers,
  /// subscribers and listeners of patches are told of, or none of them.
  ///
  /// Each patch is found in the tree as it is after those before it: its
  /// path read from the root, the value it found before checked against
  /// what the tree holds there (a model by what it holds, so that patches
  /// recorded on another tree of the same types apply), and its value after
  /// decoded as the type there (a decoded patch's), or copied. A model in a
  /// value is made anew, with what it held: no initialiser runs, an
  /// Observation registrar is made afresh and a `weak` reference is `nil`.
  /// A ``History`` of this store keeps the change as a step of kind
  /// ``HistoryStep/Kind/merge``, labelled "applied patches", which undo
  /// passes over.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let other = Store(Person())
  /// var patches: [Patch] = []
  /// let subscription = store.onPatches { patches += $0 }
  /// store.dispatch(NameChange.setName("Ada"))
  /// let data = try JSONEncoder().encode(patches)
  /// try other.apply(try JSONDecoder().decode([Patch].self, from: data))
  /// print(other.name)
  /// subscription.cancel()
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Ada
  /// ```
  ///
  /// - Throws: ``PatchConflict`` for the first patch that does not fit;
  ///   the tree is then as it was.
  public func apply(_ patches: [Patch]) throws(PatchConflict) {
    let count = patches.count
    let refuse = { (index: Int, reason: String) in
      PatchConflict(
        index: index, path: patches[index].path,
        description:
          "Cannot apply patch \(index + 1) of \(count), \(patches[index].path): \(reason). "
          + "Nothing was changed.")
    }
    guard !isChanging else {
      throw refuse(0, "a dispatch is in progress; apply after it")
    }
    guard !patches.isEmpty else { return }
    // Changes made outside any dispatch since the last look are found first, as another step.
    if let recording = historyRecording, recording.isWanted {
      recording.lookBeforeChanging(under: nil)
    }
    let applied = AppliedPatches()
    try change(applied) { () throws(PatchConflict) in
      do throws(PatchResolution.Failure) {
        applied.changes = try PatchResolution(plans: .shared).apply(patches, below: root)
      } catch {
        throw refuse(error.index, error.reason)
      }
      if let recording = historyRecording, recording.isWanted {
        recording.lookAfterApplying(applied.changes)
      }
    }
  }
}

extension Store {
  /// Applies `patches` as ``apply(_:)`` does and returns, for each, the
  /// Swift statement that makes its change in a `TestStore`'s `send`
  /// closure (`$0.name = "Ada"`), or a comment naming the patch where Swift
  /// cannot write one.
  ///
  /// - Throws: ``PatchConflict`` as ``apply(_:)``, with nothing changed.
  ///
  /// With `expecting`, the Swift expression of the root, each is instead the
  /// condition that holds once the change is made (`store.root.name == "Ada"`).
  package func applyWritingStatements(_ patches: [Patch], expecting rootExpression: String? = nil)
    throws(PatchConflict) -> [String]
  {
    var statements: [String] = []
    let applied = AppliedPatches()
    try change(applied) { () throws(PatchConflict) in
      let resolution = PatchResolution(plans: .shared)
      do throws(PatchResolution.Failure) {
        applied.changes = try resolution.apply(patches, below: root) { resolved, patch in
          if let rootExpression {
            // A change no condition states (a position removed) is named in a comment.
            statements.append(
              resolution.expectation(for: resolved, root: rootExpression) ?? "// \(patch)")
          } else {
            statements.append(
              resolution.statement(for: resolved) ?? "// Not written in Swift: \(patch)")
          }
        }
        if let recording = historyRecording, recording.isWanted {
          recording.lookAfterApplying(applied.changes)
        }
      } catch {
        throw PatchConflict(
          index: error.index, path: patches[error.index].path,
          description: "Cannot apply patch \(error.index + 1) of \(patches.count), "
            + "\(patches[error.index].path): \(error.reason). Nothing was changed.")
      }
    }
    return statements
  }
}

/// Patches a store applied, as observers are told of them: the models they
/// changed, known once they are applied.
final class AppliedPatches: DirectChange {
  var changes: [Change] = []
  var changedModels: [AnyObject] {
    var seen = Set<ObjectIdentifier>()
    return changes.map(\.model).filter { seen.insert(ObjectIdentifier($0)).inserted }
  }
}
