// Paths: where the models kept sat when the shadow last held the tree, read
// from the copies, so that a step's paths are fixed before the tree moves.

extension TreeShadow {
  /// The labels of the path to each of `wanted` reachable from `root` as
  /// the copies hold the tree (at the last look), each model's first place
  /// in a snapshot's order: stored properties in declaration order,
  /// elements by position, dictionary entries by the text of their keys.
  ///
  /// Models not found (outside the tree then) are left out: their paths are
  /// found when read. Only `strong` references are followed, as snapshots
  /// show a model first where it is held.
  @MainActor
  func pathLabels(to wanted: Set<ObjectIdentifier>, from root: AnyObject)
    -> [ObjectIdentifier: [String]]
  {
    guard !wanted.isEmpty else { return [:] }
    var found: [ObjectIdentifier: [String]] = [:]
    visitHeldModels(from: root) { identity, labels in
      if wanted.contains(identity) { found[identity] = labels }
      return found.count < wanted.count
    }
    return found
  }

  /// The models `root` holds, itself included, through `strong` references
  /// only, as the copies hold the tree: a subtree, without the models its
  /// `weak` and `unowned` links lead back to.
  @MainActor
  func heldModels(from root: AnyObject) -> Set<ObjectIdentifier> {
    var held = Set<ObjectIdentifier>()
    visitHeldModels(from: root) { identity, _ in
      held.insert(identity)
      return true
    }
    return held
  }

  /// Calls `body` with each model kept that `root` holds through `strong`
  /// references, itself first, depth first in a snapshot's order, and the
  /// labels of its path from `root`, until `body` returns `false`.
  @MainActor
  private func visitHeldModels(
    from root: AnyObject, _ body: (ObjectIdentifier, [String]) -> Bool
  ) {
    // The entries' positions, read as far as needed: they are in the walk's
    // order, so the models near the root, the most changed, come first.
    var positions: [ObjectIdentifier: Int] = [:]
    var scanned = 0
    func position(of identity: ObjectIdentifier) -> Int? {
      if let known = positions[identity] { return known }
      while scanned < detachedStart {
        let next = ObjectIdentifier(entries[scanned].object.takeUnretainedValue())
        positions[next] = scanned
        scanned += 1
        if next == identity { return scanned - 1 }
      }
      return nil
    }
    var visited: Set<ObjectIdentifier> = []
    // Depth first, each model's properties in order: a stack of models to
    // enter and the labels of their paths, pushed in reverse.
    var stack: [(object: AnyObject, labels: [String])] = [(root, [])]
    while let (object, labels) = stack.popLast() {
      let identity = ObjectIdentifier(object)
      guard visited.insert(identity).inserted, let index = position(of: identity) else { continue }
      guard body(identity, labels) else { return }
      let entry = entries[index]
      let block = copies.block(at: entry.start)
      var children: [(AnyObject, [String])] = []
      for slot in entry.slots where slot.mayHoldModels && slot.copying != .reference {
        let field = slot.field.takeUnretainedValue()
        let value = field.plan.access.load(from: block + slot.blockOffset)
        models(in: value, field.plan, labels: labels + [field.name]) { children.append(($0, $1)) }
      }
      stack.append(contentsOf: children.reversed())
    }
  }

  /// Calls `body` with each model `value` holds, outside other models, and
  /// the labels of its place, in a snapshot's order.
  @MainActor
  private func models(
    in value: Any, _ plan: TypePlan, labels: [String], _ body: (AnyObject, [String]) -> Void
  ) {
    guard plan.mayHoldModels else { return }
    switch plans.form(of: plan) {
    case .model:
      body(value as AnyObject, labels)
    case let .optional(optionalType):
      guard let wrapped = optionalType.unwrap(value) else { return }
      models(in: wrapped, plans.plan(for: optionalType.wrappedType), labels: labels, body)
    case .fields:
      guard let fields = plans.fields(of: plan) else { return }
      plan.access.withBytes(of: value) { base in
        for field in fields where field.ownership == .strong {
          let fieldPlan = plans.plan(for: field.type)
          models(
            in: fieldPlan.access.load(from: base + field.offset), fieldPlan,
            labels: labels + [field.name], body)
        }
      }
    case let .collection(collectionType):
      let stored = (collectionType as? any EditableCollection.Type)?.storedElementType
      let element = plans.plan(for: stored ?? collectionType.elementType)
      let elements = collectionType.elements(of: value)
      switch collectionType.order {
      case .positions:
        for (offset, item) in elements.enumerated() {
          models(in: item, element, labels: labels + ["[\(offset)]"], body)
        }
      case let .keys(keyType):
        let keyPlan = plans.plan(for: keyType)
        let text = SnapshotBuilder()
        let entries = zip(collectionType.keys(of: value), elements)
          .map { (text.oneLineText(of: $0, keyPlan), $1) }
          .sorted { $0.0 < $1.0 }
        for (key, item) in entries {
          models(in: item, element, labels: labels + ["[" + key + "]"], body)
        }
      case .unordered:
        let text = SnapshotBuilder()
        for item in elements.sorted(by: {
          text.oneLineText(of: $0, element) < text.oneLineText(of: $1, element)
        }) {
          models(
            in: item, element, labels: labels + ["[" + text.oneLineText(of: item, element) + "]"],
            body)
        }
      }
    default:
      return
    }
  }
}
