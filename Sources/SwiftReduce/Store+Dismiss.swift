extension Store {
  /// Notes that the model being reduced asked to be dismissed, for
  /// ``settleModelRequests(after:)`` once the walk is over.
  func dismissReducingModel() {
    guard case .model = effectOrigin else {
      report(
        "SwiftReduce: Effect.dismiss() was called during a dispatch outside any model's "
          + "reduce(action:), by a middleware or a subscriber: there is no model to dismiss, "
          + "and nothing changed (reported in debug builds)")
      return
    }
    lifetime.ownership.add(.dismiss(.current, place: Delivery.placeOfValueModel()))
  }

  /// Dispatches the ``DismissAction`` of the model that started `effect`,
  /// named by where it is now.
  func dismissModel(of effect: RunningEffect) {
    guard case .model(_, let model) = effect.origin else {
      report(
        "SwiftReduce: send.dismiss() was called by an effect no model started (a middleware's, "
          + "a subscriber's or store.run's): there is no model to dismiss, and nothing changed "
          + "(reported in debug builds)")
      return
    }
    let rows = ModelRows(root: root)
    guard let line = line(of: effect, model, in: rows) else {
      report(
        "SwiftReduce: send.dismiss() from the effect \(description(of: effect)) dismissed "
          + "nothing: its model is no longer in the tree (reported in debug builds)")
      return
    }
    lifetime.ownership.queueDismissal()
    dispatch(DismissAction(path: rows.path(toLine: line), effectKey: effect.key))
  }

  /// Removes the model that started `effect` from where it is now.
  func dismissModel(startedBy effect: RunningEffect, rows: ModelRows) -> Bool {
    guard case .model(_, let model) = effect.origin else { return false }
    let path = line(of: effect, model, in: rows).map { rows.path(toLine: $0) }
    return dismissModel(
      at: path, isAmong: ModelRows.isAmong(effect.valuePlace), by: "send.dismiss()")
  }

  /// The line of the model that started `effect`, where it is now; `nil`
  /// when it is no longer in the tree.
  ///
  /// A value model in a row that is a value is found through its row, by
  /// the row's identity, then by the path from the row that it had.
  func line(
    of effect: RunningEffect, _ model: RunningEffect.ReducingModel, in rows: ModelRows
  ) -> Int? {
    guard model.isValueModel, let row = effect.row, case .element(let collection, _) = row
    else {
      guard let inside = effect.pathFromOwner else {
        return rows.line(of: model, place: effect.valuePlace)
      }
      guard let owner = model.object, let line = rows.line(ofModel: owner) else { return nil }
      return rows.line(below: line, following: inside).flatMap {
        rows.isValue(atLine: $0) ? $0 : nil
      }
    }
    guard model.object != nil, let element = rows.line(ofElement: row) else { return nil }
    guard let path = effect.modelPath, path.components.count > collection.components.count + 1
    else { return element }
    let inside = TreePath(Array(path.components.dropFirst(collection.components.count + 1)))
    return rows.line(below: element, following: inside).flatMap {
      rows.isValue(atLine: $0) ? $0 : nil
    }
  }

  /// Removes the model at `path` from the optional, array or dictionary
  /// holding it, as a change of the dispatch in progress; refuses, with a
  /// message in debug builds, anything else.
  ///
  /// - Parameters:
  ///   - path: Where the model is; `nil` when it is not in the tree.
  ///   - isAmong: Whether it is a value model that reduced in one loop with
  ///     others of its array, which cannot be told apart.
  ///   - caller: How the request is named in messages.
  /// - Returns: Whether the model was removed.
  func dismissModel(at path: TreePath?, isAmong: Bool, by caller: String) -> Bool {
    let refuse = { (reason: String) -> Bool in
      self.report(
        "SwiftReduce: \(caller) dismissed nothing: \(reason); nothing changed (reported in "
          + "debug builds)")
      return false
    }
    guard let path else { return refuse("the model is no longer in the tree") }
    guard !isAmong else {
      return refuse(
        "the value model is one of those of \(path) that reduced in one loop, which cannot be "
          + "told apart")
    }
    let patch: Patch
    switch path.last {
    case nil:
      return refuse("the root is held by the store, not by an optional, an array or a dictionary")
    case .subscript:
      patch = Patch(kind: .removed, path: path, before: nil, after: nil)
    case .property:
      guard let optional = Self.valueType(at: path, below: root) as? any OptionalType.Type else {
        return refuse(
          "\(path) is held by a stored property that is not optional, which cannot be left "
            + "empty; hold it in an optional, an array or a dictionary")
      }
      patch = Patch(kind: .changed, path: path, before: nil, after: optional.none)
    case .enumCase:
      return refuse("\(path) is an enum's payload, which cannot be left empty")
    }
    do {
      _ = try PatchResolution(plans: .shared).apply([patch], below: root)
      return true
    } catch {
      return refuse("\(path) cannot be removed: \(error.reason)")
    }
  }

  /// The type of the value at `path` below `root`, as it is stored there
  /// (an optional's type, for an optional), read with `Mirror`.
  private static func valueType(at path: TreePath, below root: AnyObject) -> Any.Type? {
    var value: Any = root
    for component in path.components {
      guard let next = child(of: value, component) else { return nil }
      value = next
    }
    return type(of: value)
  }

  /// The value that one step of a path leads to from `value`, looking
  /// through the optional `value` may be.
  private static func child(of value: Any, _ component: TreePath.Component) -> Any? {
    var mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return nil }
      mirror = Mirror(reflecting: wrapped)
    }
    switch component {
    case .property(let name):
      var current: Mirror? = mirror
      while let level = current {
        if let found = level.children.first(where: { $0.label == name || $0.label == "_" + name }) {
          return found.value
        }
        current = level.superclassMirror
      }
      return nil
    case .subscript(let text):
      switch mirror.displayStyle {
      case .collection:
        guard let position = Int(text) else { return nil }
        let elements = Array(mirror.children)
        return elements.indices.contains(position) ? elements[position].value : nil
      case .dictionary:
        for entry in mirror.children {
          let pair = Array(Mirror(reflecting: entry.value).children)
          guard pair.count == 2 else { continue }
          let key = pair[0].value
          if Patch.text(key, PlanCache.shared.plan(for: type(of: key))) == text {
            return pair[1].value
          }
        }
        return nil
      default:
        return nil
      }
    case .enumCase:
      return nil
    }
  }
}
