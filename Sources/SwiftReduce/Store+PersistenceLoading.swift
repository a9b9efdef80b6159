extension Store {
  /// Loads a saved state into the tree in place, as one change that
  /// observers, subscribers and listeners of patches are told of, or none.
  ///
  /// Each stored property `loading` replaces is decoded first, as
  /// ``apply(_:)`` decodes a patch's value (models made anew, with no
  /// initialiser run); then they are written and its patches applied, in
  /// order. A ``History`` of this store keeps the change as a step of kind
  /// ``HistoryStep/Kind/merge``, which undo passes over. The values are
  /// decoded once; the patches' descriptions are not written for them, which
  /// for a whole saved list is most of what loading it would otherwise cost.
  ///
  /// - Throws: ``PersistenceTree/BadValue`` naming the first value that does
  ///   not fit, with nothing changed.
  package func applyLoading(_ loading: PersistenceTree.Loading) throws(PersistenceTree.BadValue) {
    typealias BadValue = PersistenceTree.BadValue
    guard !isChanging else {
      throw BadValue(path: .root, reason: "a dispatch is in progress; load after it")
    }
    guard !loading.isEmpty else { return }
    let plans = PlanCache.shared
    let coding = PatchValueCoding(plans: plans)
    let difference = ValueDifference(plans: plans)
    var changes: [Change] = []
    for replacement in loading.replacements {
      let plan = replacement.field.plan
      let decoded = coding.decode(replacement.saved, plan)
      guard case let .success(value) = decoded, plan.access.holds(value),
        let property = difference.recordedFields(
          of: plans.plan(for: type(of: replacement.model)))?.first(where: {
            $0.offset == replacement.field.offset
          })
      else {
        // Checked part by part, to name the value inside it that does not fit.
        try PersistenceTree().check(replacement.saved, plan, replacement.path)
        var reason = "it cannot be loaded"
        if case let .failure(refusal) = decoded { reason = refusal.reason }
        throw BadValue(path: replacement.path, reason: reason)
      }
      let address = UnsafeRawPointer(Unmanaged.passUnretained(replacement.model).toOpaque())
      let current = plan.access.load(from: address + replacement.field.offset)
      changes.append(
        Change(
          model: replacement.model, property: property, steps: [],
          edit: .changed(before: current, after: value)))
    }
    if let recording = historyRecording, recording.isWanted {
      recording.lookBeforeChanging(under: nil)
    }
    let applied = AppliedPatches()
    try change(applied) { () throws(BadValue) in
      let application = ChangeApplication(plans: plans)
      do throws(ChangeConflict) {
        try application.apply(changes)
      } catch {
        throw BadValue(path: .root, reason: "the tree changed while it was loaded")
      }
      do throws(PatchResolution.Failure) {
        applied.changes =
          changes + (try PatchResolution(plans: plans).apply(loading.patches, below: root))
      } catch {
        application.takeBack(changes)
        throw BadValue(path: loading.patches[error.index].path, reason: error.reason)
      }
      if let recording = historyRecording, recording.isWanted {
        recording.lookAfterApplying(applied.changes)
      }
    }
  }
}
