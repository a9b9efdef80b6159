/// Where the models that start effects sit, read from one snapshot of the
/// tree: a model's line and path, the row it is in, and whether it is still
/// in the tree.
///
/// A snapshot costs what recording the tree costs, so one is made only when
/// a model other than the root starts or cancels an effect or dismisses
/// itself, or while a value model's effect runs, and only once for all of
/// them.
@MainActor
struct ModelRows {
  private var builder = SnapshotBuilder()

  init(root: AnyObject) {
    builder.recordsPlacesOnly = true
    builder.record(root: root)
  }

  /// The class model whose first position is `line`, if one is.
  ///
  /// The builder lists the models in the order of their first lines: found
  /// by halving, with no table made for the few lines ever asked about.
  private func model(atLine line: Int) -> AnyObject? {
    let lines = builder.modelLines
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if lines[middle] < line { low = middle + 1 } else { high = middle }
    }
    return low < lines.count && lines[low] == line ? builder.models[low] : nil
  }

  /// The line of the model that reduced: a class model, or the value model at `place`.
  ///
  /// For value models that reduced in one loop over their array, it is the
  /// array's line. `nil` when the model is not in the tree.
  func line(of model: RunningEffect.ReducingModel, place: ValueModelPlace?) -> Int? {
    guard let object = model.object, let line = builder.firstLine(of: object) else { return nil }
    guard model.isValueModel else { return line }
    guard let steps = place?.steps,
      let found = self.line(
        below: line, following: ModelPaths.path(through: steps, ownerPath: .root))
    else { return nil }
    return isValue(atLine: found) ? found : nil
  }

  /// The line of the class model `model`, where it first shows; `nil` when it is not in the tree.
  func line(ofModel model: AnyObject) -> Int? {
    builder.firstLine(of: model)
  }

  /// Whether `line` shows a value model or the array of them, rather than
  /// an optional that holds none any more, which shows as a `nil` leaf.
  func isValue(atLine line: Int) -> Bool {
    builder.lines[line].kind != .leaf
  }

  /// The line that `path` leads to from the root, if there is one.
  func line(at path: TreePath) -> Int? {
    line(below: 0, following: path)
  }

  /// The path of the value on `line`.
  func path(toLine line: Int) -> TreePath {
    builder.path(toLine: line)
  }

  /// Whether the value model at `place` reduced in one loop with others,
  /// which the walk cannot tell apart.
  static func isAmong(_ place: ValueModelPlace?) -> Bool {
    (place?.among ?? 1) > 1
  }

  /// The row holding the value on `line`: the element of an array or a
  /// dictionary nearest it, itself included; `nil` outside any.
  func row(ofLine line: Int) -> EffectRow? {
    let lines = builder.lines
    var current = line
    while current > 0 {
      let parent = lines[current].parent
      guard parent >= 0 else { return nil }
      if lines[parent].kind == .collection {
        if let model = model(atLine: current) { return .object(ObjectIdentifier(model)) }
        return .element(collection: path(toLine: parent), identity: identity(ofLine: current))
      }
      current = parent
    }
    return nil
  }

  /// The line of the element `row` names, where it is now.
  func line(ofElement row: EffectRow) -> Int? {
    switch row {
    case .object(let identifier):
      guard let model = builder.models.first(where: { ObjectIdentifier($0) == identifier })
      else { return nil }
      return builder.firstLine(of: model)
    case .element(let collection, let identity):
      guard let line = line(at: collection) else { return nil }
      return children(of: line).first { self.identity(ofLine: $0) == identity }
    }
  }

  /// The text of an `id` as ``identity(ofLine:)`` compares it: on one line,
  /// as snapshots write a value there, whatever its type (`7`, `"a"`,
  /// `RowID(raw: 1)`).
  static func idText(_ id: Any) -> String {
    SnapshotBuilder().oneLineText(of: id, PlanCache.shared.plan(for: type(of: id)))
  }

  /// What tells an element apart in its collection: the text of its `id`,
  /// or its key or position.
  private func identity(ofLine line: Int) -> String {
    let lines = builder.lines
    if let id = children(of: line).first(where: { lines[$0].label == "id" }) {
      return "id " + lines[id].text
    }
    return lines[line].label
  }

  /// The lines of the values `line` holds directly.
  private func children(of line: Int) -> [Int] {
    let lines = builder.lines
    var found: [Int] = []
    var child = line + 1
    while child < lines[line].end {
      found.append(child)
      child = max(lines[child].end, child + 1)
    }
    return found
  }

  /// The line `path` leads to from `start`, looking through lines without a
  /// label, which add no step to a path.
  func line(below start: Int, following path: TreePath) -> Int? {
    var current = start
    for component in path.components {
      guard let next = child(of: current, matching: component) else { return nil }
      current = next
    }
    return current
  }

  /// The nearest class model above `line`, and the path from it to `line`.
  func owner(ofLine line: Int) -> (model: AnyObject, path: TreePath)? {
    let lines = builder.lines
    var current = lines[line].parent
    while current >= 0 {
      if let model = model(atLine: current) {
        let from = path(toLine: current).components.count
        return (model, TreePath(Array(path(toLine: line).components.dropFirst(from))))
      }
      current = lines[current].parent
    }
    return nil
  }

  private func child(of line: Int, matching component: TreePath.Component) -> Int? {
    let lines = builder.lines
    // An `[id: 42]` step, as a targeted action's path has one: the element whose `id` prints so.
    if case .subscript(let text) = component, text.hasPrefix("id: "),
      lines[line].kind == .collection
    {
      let identity = "id " + text.dropFirst(4)
      return children(of: line).first { self.identity(ofLine: $0) == identity }
    }
    for child in children(of: line) {
      let label = lines[child].label
      if label.isEmpty {
        if let found = self.child(of: child, matching: component) { return found }
      } else if TreePath(labels: [label]) == TreePath([component]) {
        return child
      }
    }
    return nil
  }
}
