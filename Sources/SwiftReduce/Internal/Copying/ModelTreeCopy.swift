/// A deep copy of a tree of models, for tests that compare a tree with what was expected.
///
/// The copy keeps alive every model it made, including those only `weak`
/// references point at, for as long as it exists.
@MainActor
package struct ModelTreeCopy<Root: AnyObject> {
  /// The copy of the root model.
  package let root: Root

  /// Every model copied, held so that weakly referenced copies stay alive.
  private let models: [AnyObject]

  /// Copies the tree below `original`.
  ///
  /// - Throws: ``ModelTreeCopyError`` naming the model types whose stored
  ///   properties the runtime cannot describe; such models cannot be copied.
  package init(copying original: Root) throws(ModelTreeCopyError) {
    let copier = ModelCopier()
    let copy = copier.copyTree(original)
    guard copier.uncopyableTypes.isEmpty, copier.refusedModels.isEmpty else {
      // Each refused model by the path a snapshot shows it at.
      var snapshot = SnapshotBuilder()
      snapshot.record(root: original)
      throw ModelTreeCopyError(
        typeNames: copier.uncopyableTypes,
        refusals: copier.refusedModels.map { model, reason in
          "the model at \(snapshot.path(to: model) ?? "?"), so changes are not checked: "
            + reason
        })
    }
    // The copy of a model has the model's own class.
    root = unsafeDowncast(copy, to: Root.self)
    models = copier.allCopies
  }
}

/// Models whose stored properties cannot be read, so a tree holding them cannot be copied.
package struct ModelTreeCopyError: Error, Equatable {
  /// The names of the model types whose stored properties the runtime cannot describe.
  package let typeNames: [String]

  /// Each model that is not copied, by its path, and why (``ModelCopier/refusedModels``).
  package var refusals: [String] = []

  /// What a test tool says of the failed copy.
  package var message: String {
    var parts = refusals.map { "cannot copy \($0)" }
    if !typeNames.isEmpty {
      parts.append(
        "cannot copy \(typeNames.joined(separator: ", ")): the runtime does not describe the "
          + "stored properties of these models, so changes are not checked.")
    }
    return parts.joined(separator: " It ")
  }
}
