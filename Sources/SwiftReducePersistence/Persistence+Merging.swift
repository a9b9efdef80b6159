import SwiftReduce

// Merging: what another process (or a person) saved to the file since this
// attachment last read or wrote it, noticed under the journal's lock before
// each save and at `refresh()` (Persistence+Locking.swift), read from the
// records it appended or the whole file (Persistence+ReadingOthers.swift),
// merged element by element with what this process shows (StateMerge.swift),
// and loaded into the tree as one step of kind `merge`.

extension Persistence {
  /// Merges what another process, or a person, saved to the file since this
  /// attachment last read or wrote it, then writes what is not saved yet.
  ///
  /// Every save does this first; call it to show another process's changes
  /// without waiting for a dispatch here (on a timer, say). Looking costs
  /// two `stat`s when nothing changed.
  ///
  /// - Returns: What the merge did, or `nil` when nothing was saved there since.
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/save``
  ///   when the file cannot be read as a state of this lineage, or what is
  ///   not saved cannot be written; the tree keeps everything it shows.
  @discardableResult
  public func refresh() throws(PersistenceError) -> PersistenceMerge? {
    guard isAttached else { return nil }
    let merge = flush(canMerge: true, lookingForOthers: true)
    if let saveError { throw saveError }
    return merge
  }

  /// Writes this store's state over a file of another lineage found at the
  /// path (another user's, or a new file), which saves refuse to merge.
  ///
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/save``
  ///   when the state cannot be written.
  public func overwrite() throws(PersistenceError) {
    guard isAttached else { return }
    overwritesOtherState = otherState != nil
    needsSnapshot = true
    flush(canMerge: true, isAsked: true)
    if let saveError { throw saveError }
  }

  /// Merges what another process saved into the tree, as one step of kind
  /// `merge`, and decides what this save writes; called holding the lock,
  /// outside a dispatch.
  func mergeOthers() throws(PersistenceError) -> PersistenceMerge? {
    let kept = (fileState, sequence, journalLength, snapshotIdentity, snapshotLength, lineage)
    let restore = {
      (
        self.fileState, self.sequence, self.journalLength, self.snapshotIdentity,
        self.snapshotLength, self.lineage
      ) = kept
    }
    guard let (there, appended) = try readOthers() else { return nil }
    guard let base = kept.0 else {
      // Nothing to merge from: this state is written over it.
      needsSnapshot = true
      return nil
    }
    // Nothing here waits to be written: the other's patches are applied as
    // they are, at the cost of what they change rather than of the tree.
    if let appended, pending.isEmpty, pendingIsComplete, !needsSnapshot,
      applyAsTheyAre(appended)
    {
      fileState = there
      // Whether records were read, rather than the states compared: a walk of the whole state.
      return appended.joined().isEmpty ? nil : PersistenceMerge(path: file.path, conflicts: [])
    }
    let here: Patch.EncodedValue
    if pendingIsComplete, let folded = Self.folded(base, pending) {
      here = folded
    } else {
      do throws(PersistenceTree.BadValue) {
        here = try encodeState()
      } catch {
        restore()
        throw failure("\(error.path): \(error.reason)", reason: .valueDoesNotFit(at: error.path))
      }
    }
    // The paths of the changes made here name the places of conflicts.
    let paths = pending.joined().map(\.path)
    var resolve: StateMerge.Resolve?
    if let resolveConflict {
      resolve = { steps, base, here, there in
        let conflict = PersistenceMerge.Conflict(
          path: self.pathText(steps, alignedWith: paths), steps: steps, base: base, here: here,
          there: there, kept: here)
        return resolveConflict(conflict)
      }
    }
    let merge = StateMerge(base: base, here: here, there: there, resolve: resolve)
    if merge.merged != here {
      do throws(PersistenceTree.BadValue) {
        let loading = try tree.loading(merge.merged, below: store.root)
        isMerging = true
        defer { isMerging = false }
        try store.applyLoading(loading)
      } catch {
        restore()
        let path = error.path.components.isEmpty ? "its state" : "state.\(error.path)"
        throw failure(
          "another program changed it, and now \(path): \(error.reason); nothing was merged",
          reason: .valueDoesNotFit(at: error.path))
      }
    }
    fileState = there
    if merge.merged == there {
      // The file holds everything shown here already.
      pending.removeAll()
      pendingIsComplete = true
      needsSnapshot = false
    } else if needsSnapshot || !merge.conflicts.isEmpty
      || Self.folded(there, pending) != merge.merged
    {
      // Records made on the state before would not make the merged one: written whole.
      needsSnapshot = true
    }
    guard there != base else { return nil }
    return PersistenceMerge(
      path: file.path,
      conflicts: merge.conflicts.map { conflict in
        PersistenceMerge.Conflict(
          path: pathText(conflict.steps, alignedWith: paths), steps: conflict.steps,
          base: conflict.base, here: conflict.here, there: conflict.there, kept: conflict.kept)
      })
  }

  /// Applies the patches of another process's records to the tree, as one
  /// step of kind `merge`; `false`, with nothing changed, when one does not apply.
  private func applyAsTheyAre(_ records: [[JournalPatch]]) -> Bool {
    // A row another process added lacks what it left out: it is given their empty values, as
    // loading gives them. (A value changed whole, lacking them too, does not apply: the
    // merge below then loads it, keeping the tree's values.)
    let patches = records.joined().compactMap(leavingOut).map { patch in
      tree.fillingLeftOut(
        Patch(kind: patch.kind, path: patch.path, before: patch.before, after: patch.after),
        below: Root.self)
    }
    guard !patches.isEmpty else { return true }
    isMerging = true
    defer { isMerging = false }
    do throws(PatchConflict) {
      try store.apply(patches)
      return true
    } catch {
      return false
    }
  }

  /// Merges another process's changes as soon as the dispatch that found them has ended.
  func scheduleMerge() {
    guard !isMergeScheduled else { return }
    isMergeScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      isMergeScheduled = false
      if isAttached { flush(canMerge: true) }
    }
  }

  /// `state` with the patches of `records` applied, or `nil` when one does not apply.
  static func folded(_ state: Patch.EncodedValue, _ records: [[JournalPatch]])
    -> Patch.EncodedValue?
  {
    var state = state
    for patch in records.joined() {
      do throws(StateFolding.Refusal) {
        try StateFolding.apply(patch, to: &state)
      } catch {
        return nil
      }
    }
    return state
  }

  // MARK: - Paths

  /// The path of a place in a saved state as patches write it, read from
  /// the paths of this process's patches where they pass through it: a
  /// member is a property or a dictionary's key, which the state alone does
  /// not tell apart.
  private func pathText(_ steps: [StateMerge.Step], alignedWith paths: [TreePath]) -> String {
    var components: [TreePath.Component] = []
    for (index, step) in steps.enumerated() {
      let known = paths.lazy.compactMap { path -> TreePath.Component? in
        guard path.components.count > index,
          zip(path.components[...index], steps[...index]).allSatisfy(Self.names)
        else { return nil }
        return path.components[index]
      }.first
      if let known {
        components.append(known)
        continue
      }
      switch step {
      case let .member(name):
        let isIdentifier =
          name.first.map { $0.isLetter || $0 == "_" } == true
          && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        components.append(
          isIdentifier ? .property(name) : .subscript(tree.subscriptText(ofStringKey: name)))
      case let .position(offset):
        components.append(.subscript(String(offset)))
      }
    }
    return TreePath(components).description
  }

  /// Whether a path's component names the place `step` is.
  private static func names(_ component: TreePath.Component, _ step: StateMerge.Step) -> Bool {
    switch (component, step) {
    case let (.property(name), .member(member)): name == member
    case let (.subscript(text), .member(member)):
      text == member || PersistenceTree.stringKey(inSubscript: text) == member
    case let (.subscript(text), .position(offset)): text == String(offset)
    default: false
    }
  }
}
