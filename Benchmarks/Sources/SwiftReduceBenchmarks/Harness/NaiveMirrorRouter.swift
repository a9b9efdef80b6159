/// The traversal the original SwiftReduce used, rebuilt on public API as the "naive" baseline.
///
/// It reflects every value it meets with `Mirror`, superclass levels first,
/// and recurses into every child: no caching, no pruning. A model is handed
/// the action through ``ErasedReceiver`` the first time it is met; other
/// class instances are not entered.
enum NaiveMirrorRouter {
  /// Delivers `action` to every model reachable from `root`, parents first.
  @inline(never)
  static func route(_ action: Any, from root: AnyObject) {
    var visited = Set<ObjectIdentifier>()
    visit(root, action, &visited)
  }

  private static func visit(_ value: Any, _ action: Any, _ visited: inout Set<ObjectIdentifier>) {
    if let model = value as? any ErasedReceiver {
      guard visited.insert(ObjectIdentifier(model)).inserted else { return }
      model.receive(action)
    } else if type(of: value) is AnyClass {
      return
    }
    var levels: [Mirror] = []
    var mirror: Mirror? = Mirror(reflecting: value)
    while let level = mirror {
      levels.append(level)
      mirror = level.superclassMirror
    }
    for level in levels.reversed() {
      for child in level.children { visit(child.value, action, &visited) }
    }
  }
}
