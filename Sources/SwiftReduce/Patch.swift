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
  /// The path of the model whose property changed is where that model was
  /// when the step ended (for a listener of patches, when it is told): a
  /// model moved or removed since is still named where it was. A model that
  /// was not in the tree then is named by its type.
  public let path: TreePath

  /// The value before; `nil` for an insertion.
  ///
  /// A model is the instance itself, so that undo brings back the same
  /// object; what it held when the change was made is what the patch prints
  /// and encodes. In a decoded patch, a ``EncodedValue``.
  public let before: Any?

  /// The value after; `nil` for a removal.
  ///
  /// As ``before``, a model is the instance itself.
  public let after: Any?

  /// The patch on one line: `path: before → after`, `path: inserted value`,
  /// `path: removed value`, with the values of when the change was made.
  public let description: String

  /// The values as they were when the change was made (copies, for values
  /// that hold models), and the plan of their type when it is known: what
  /// is encoded, and what is applied to another tree.
  let recorded: Recorded

  struct Recorded {
    let before: Any?
    let after: Any?
    /// The plan of both values' declared type; `nil` when each is described by its own type.
    let plan: TypePlan?
    /// Whether the value after holds a model the tree held before the change
    /// (a model moved, or held a second time): one whose identity matters,
    /// which a copy in another tree cannot have.
    var afterHoldsTreeModels = false
  }

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
    self.init(
      kind: kind, path: path, before: before, after: after,
      recorded: Recorded(before: before, after: after, plan: nil))
  }

  @MainActor
  init(kind: Kind, path: TreePath, before: Any?, after: Any?, recorded: Recorded) {
    (self.kind, self.path, self.before, self.after) = (kind, path, before, after)
    self.recorded = recorded
    let text = { (value: Any?) in
      value.map { value in
        Self.text(value, recorded.plan ?? PlanCache.shared.plan(for: type(of: value)))
      } ?? "nil"
    }
    switch kind {
    case .changed:
      description = "\(path): \(text(recorded.before)) → \(text(recorded.after))"
    case .inserted: description = "\(path): inserted \(text(recorded.after))"
    case .removed: description = "\(path): removed \(text(recorded.before))"
    }
  }

  /// The patch that takes this one back: at the same path, the values
  /// swapped, an insertion a removal.
  @MainActor
  var inverse: Patch {
    let kind: Kind =
      switch self.kind {
      case .changed: .changed
      case .inserted: .removed
      case .removed: .inserted
      }
    return Patch(
      kind: kind, path: path, before: after, after: before,
      recorded: Recorded(
        before: recorded.after, after: recorded.before, plan: recorded.plan,
        afterHoldsTreeModels: recorded.afterHoldsTreeModels))
  }

  /// The patches of `changes`, each model's path as `fixed` gives it, or
  /// where it is now in the tree below `root`, or its type for one in neither.
  @MainActor
  static func patches(
    of changes: [Change], in root: AnyObject, fixed: [ObjectIdentifier: [String]] = [:]
  ) -> [Patch] {
    let unfixed = changes.map(\.model).filter { fixed[ObjectIdentifier($0)] == nil }
    let paths = unfixed.isEmpty ? [:] : ModelPaths.paths(to: unfixed, from: root)
    return changes.map { change in
      let model = ObjectIdentifier(change.model)
      return Patch(
        change,
        modelPath: fixed[model].map { TreePath(labels: $0) } ?? paths[model]
          ?? HistoryStep.typeName(change.model))
    }
  }

  @MainActor
  init(_ change: Change, modelPath: TreePath) {
    let path = Self.path(
      of: change, steps: change.steps.count, modelPath: modelPath, position: true)
    let plan = change.editedPlan(in: .shared)
    let (kind, before, after): (Kind, Any?, Any?) =
      switch change.edit {
      case let .changed(before, after): (.changed, before, after)
      case let .inserted(_, element, _): (.inserted, nil, element)
      case let .removed(_, element, _): (.removed, element, nil)
      }
    self.init(
      kind: kind, path: path, before: before, after: after,
      recorded: Recorded(
        before: change.copies.map(\.before) ?? before, after: change.copies.map(\.after) ?? after,
        plan: plan, afterHoldsTreeModels: change.afterHoldsKeptModels))
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
    if let encoded = value as? EncodedValue { return encoded.description }
    // A value stored as `Any` shows as its own type does.
    let plans = PlanCache.shared
    let plan = plan.type == Any.self ? plans.plan(for: type(of: value)) : plan
    // A model shows what it holds, as a struct does: `Listener(name: "Ada")`.
    guard case .model = plans.form(of: plan), let fields = plans.fields(of: plan) else {
      return SnapshotBuilder().oneLineText(of: value, plan)
    }
    let address = UnsafeRawPointer(Unmanaged.passUnretained(value as AnyObject).toOpaque())
    let parts = fields.compactMap { field -> String? in
      let fieldPlan = plans.plan(for: field.type)
      switch plans.form(of: fieldPlan) {
      case .registrar, .untraversed, .noncopyable: return nil
      default:
        guard field.ownership == .strong else { return nil }
        let text = SnapshotBuilder().oneLineText(
          of: fieldPlan.access.load(from: address + field.offset), fieldPlan)
        return field.name + ": " + text
      }
    }
    return plan.name + "(" + parts.joined(separator: ", ") + ")"
  }
}
