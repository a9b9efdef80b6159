/// Finds where models sit in a tree, for messages and introspection.
///
/// A path is the one ``TreeSnapshot`` and ``TreeDifference`` show for the
/// model's first position: `groups[2].leaves[0]`, `byName["ada"]`,
/// `favoriteMovies`, and `root` for the root. Recording the tree is what a
/// snapshot costs, so this is for the rare message and for introspection,
/// never for dispatch.
enum ModelPaths {
  /// The path to each of `models` reachable from `root`, by identity.
  @MainActor
  static func paths(to models: [AnyObject], from root: AnyObject) -> [ObjectIdentifier: TreePath] {
    var builder = SnapshotBuilder()
    builder.record(root: root)
    var paths: [ObjectIdentifier: TreePath] = [:]
    for model in models {
      paths[ObjectIdentifier(model)] = builder.path(to: model)
    }
    return paths
  }

  /// Every model a snapshot of the tree below `root` shows, in the order of their first lines.
  @MainActor
  static func shownModels(from root: AnyObject) -> [AnyObject] {
    var builder = SnapshotBuilder()
    builder.record(root: root)
    return builder.models
  }

  /// The path to a value model a collecting walk found, given the path to
  /// the class model that holds it and the walk's steps.
  @MainActor
  static func path(
    to value: ReachedValue, steps: [(parent: Int, step: PathStep)], ownerPath: TreePath
  ) -> TreePath {
    var labels: [String] = []
    var index = value.path
    while index >= 0 {
      labels.append(contentsOf: self.labels(of: steps[index].step).reversed())
      index = steps[index].parent
    }
    return TreePath(ownerPath, labels: labels.reversed())
  }

  /// The path to a value model the walk reached through `steps` from the
  /// class model that holds it, given the path to that class model.
  @MainActor
  static func path(through steps: [PathStep], ownerPath: TreePath) -> TreePath {
    TreePath(ownerPath, labels: steps.flatMap(labels(of:)))
  }

  /// The labels a snapshot gives the values one step leads through.
  @MainActor
  private static func labels(of step: PathStep) -> [String] {
    switch step {
    case let .index(position):
      return ["[\(position)]"]
    case let .key(key):
      let text = SnapshotBuilder().oneLineText(of: key, PlanCache.shared.plan(for: type(of: key)))
      return ["[" + text + "]"]
    case let .field(type, offset):
      return fieldLabels(in: type, offset: offset)
    }
  }

  /// The name of the stored property at `offset` in `type`, through the
  /// inline structs and tuples whose reads the walk looks through.
  @MainActor
  private static func fieldLabels(in type: Any.Type, offset: Int) -> [String] {
    let plans = PlanCache.shared
    guard let fields = plans.fields(of: plans.plan(for: type)),
      let field = fields.last(where: { $0.offset == offset && $0.size > 0 })
        ?? fields.last(where: { $0.offset <= offset && offset < $0.offset + $0.size })
        ?? fields.last(where: { $0.offset == offset })
    else { return ["?"] }
    guard case .fields = field.plan.shape else { return [field.name] }
    return [field.name] + fieldLabels(in: field.type, offset: offset - field.offset)
  }
}
