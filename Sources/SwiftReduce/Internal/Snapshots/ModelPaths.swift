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
  static func paths(to models: [AnyObject], from root: AnyObject) -> [ObjectIdentifier: String] {
    var builder = SnapshotBuilder()
    builder.record(root: root)
    var paths: [ObjectIdentifier: String] = [:]
    for model in models {
      paths[ObjectIdentifier(model)] = builder.path(to: model)
    }
    return paths
  }
}
