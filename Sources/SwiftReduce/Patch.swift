/// One change a dispatch made to the tree: where, what kind, and the value
/// before and after.
///
/// Patches are at the grain of the standard collections' elements (an
/// element of an `Array` or `ContiguousArray` inserted, removed or changed, a
/// `Dictionary` key added, removed or its value changed, a `Set` member
/// inserted or removed) and of stored properties everywhere else, down
/// through structs, tuples, optionals and value models. A model held in a
/// property is compared by identity: its own properties have patches of their
/// own when they change.
///
/// ```swift
/// let store = Store(Person())
/// let history = History(store)
/// store.dispatch(UpdateMovies.setInput("Heat"))
/// store.dispatch(UpdateMovies.submit)
/// for patch in history.steps[1].patches { print(patch) }
/// ```
///
/// prints
///
/// ```
/// favoriteMovies.input: "Heat" → ""
/// favoriteMovies.movies["Heat"]: inserted 1
/// ```
public struct Patch: CustomStringConvertible {
  /// What a patch did at its path.
  public enum Kind: Equatable, Sendable {
    /// The value at the path was replaced.
    case changed
    /// An element was inserted into a collection, or a key added to a dictionary.
    case inserted
    /// An element was removed from a collection, or a key from a dictionary.
    case removed
  }

  /// What the patch did.
  public let kind: Kind

  /// Where, from the root: `favoriteMovies.movies["Heat"]`, `counters[1].count`.
  ///
  /// The path of the model whose property changed is where that model is
  /// when the step is read; a model no longer in the tree is named by its type.
  public let path: TreePath

  /// The value before; `nil` for an insertion.
  public let before: Any?

  /// The value after; `nil` for a removal.
  public let after: Any?

  /// The patch on one line: `path: before → after`, `path: inserted value`,
  /// `path: removed value`.
  public let description: String

  /// A patch made by hand, printed as a recorded one is.
  ///
  /// ```swift
  /// let patch = Patch(kind: .changed, path: "name", before: "", after: "Ada")
  /// print(patch)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// name: "" → "Ada"
  /// ```
  ///
  /// - Parameters:
  ///   - kind: What the patch did.
  ///   - path: Where, from the root.
  ///   - before: The value before; `nil` for an insertion.
  ///   - after: The value after; `nil` for a removal.
  @MainActor
  public init(kind: Kind, path: TreePath, before: Any?, after: Any?) {
    (self.kind, self.path, self.before, self.after) = (kind, path, before, after)
    let text = { (value: Any?) in
      value.map { Self.text($0, PlanCache.shared.plan(for: type(of: $0))) } ?? "nil"
    }
    switch kind {
    case .changed: description = "\(path): \(text(before)) → \(text(after))"
    case .inserted: description = "\(path): inserted \(text(after))"
    case .removed: description = "\(path): removed \(text(before))"
    }
  }

  /// The patches of `changes`, each model's path where it is now in the
  /// tree below `root`, or its type for one no longer there.
  @MainActor
  static func patches(of changes: [Change], in root: AnyObject) -> [Patch] {
    let paths = ModelPaths.paths(to: changes.map(\.model), from: root)
    return changes.map { change in
      Patch(
        change,
        modelPath: paths[ObjectIdentifier(change.model)] ?? HistoryStep.typeName(change.model))
    }
  }

  @MainActor
  init(_ change: Change, modelPath: TreePath) {
    path = Self.path(of: change, steps: change.steps.count, modelPath: modelPath, position: true)
    switch change.edit {
    case let .changed(before, after):
      (kind, self.before, self.after) = (.changed, before, after)
      let plan = change.valuePlan(in: .shared)
      description = "\(path): \(Self.text(before, plan)) → \(Self.text(after, plan))"
    case let .inserted(_, element, collection):
      (kind, before, after) = (.inserted, nil, element)
      description = "\(path): inserted \(Self.text(element: element, of: collection))"
    case let .removed(_, element, collection):
      (kind, before, after) = (.removed, element, nil)
      description = "\(path): removed \(Self.text(element: element, of: collection))"
    }
  }

  // MARK: - Text

  /// The path of `change` down to its first `steps` steps, and the position
  /// of its edit when `position` is set and the steps are all there.
  @MainActor
  static func path(of change: Change, steps: Int, modelPath: TreePath, position: Bool) -> TreePath {
    var labels = [change.property.name]
    let keyText = { (key: Any) in
      text(key, PlanCache.shared.plan(for: type(of: key)))
    }
    for step in change.steps.prefix(steps) {
      switch step {
      case let .field(field): labels.append(field.name)
      case .wrapped: continue
      case let .element(element, collection):
        labels.append(collection.label(of: element, keyText: keyText))
        if let value = collection.valueLabel { labels.append(value) }
      }
    }
    if position, steps == change.steps.count {
      switch change.edit {
      case .changed: break
      case let .inserted(element, _, collection), let .removed(element, _, collection):
        labels.append(collection.label(of: element, keyText: keyText))
        if let value = collection.valueLabel { labels.append(value) }
      }
    }
    return TreePath(modelPath, labels: labels)
  }

  /// A value on one line, as snapshots show it.
  @MainActor
  static func text(_ value: Any, _ plan: TypePlan) -> String {
    // A value stored as `Any` shows as its own type does.
    let plan = plan.type == Any.self ? PlanCache.shared.plan(for: type(of: value)) : plan
    return SnapshotBuilder().oneLineText(of: value, plan)
  }

  /// An element of a collection of type `collection` on one line.
  @MainActor
  private static func text(element: Any, of collection: any EditableCollection.Type) -> String {
    text(element, PlanCache.shared.plan(for: collection.storedElementType))
  }
}
