/// Finds the models of a tree and delivers one action to those that handle it.
@MainActor
final class Router {
  func route(_ action: any Action, from root: AnyObject) {
    var visited = Set<ObjectIdentifier>()
    var stack: [Any] = [root]
    while let value = stack.popLast() {
      if let model = value as? any Reducer {
        guard visited.insert(ObjectIdentifier(model)).inserted else { continue }
        _ = model.receive(action)
      } else if type(of: value) is AnyClass {
        continue
      }
      let start = stack.count
      var mirror: Mirror? = Mirror(reflecting: value)
      var levels: [Mirror] = []
      while let level = mirror {
        levels.append(level)
        mirror = level.superclassMirror
      }
      for level in levels.reversed() {
        for child in level.children { stack.append(child.value) }
      }
      stack[start...].reverse()
    }
  }
}

extension Reducer {
  /// Reduces `action` if this model handles its type.
  func receive(_ action: any Action) -> Bool {
    guard let typed = action as? ReducedAction else { return false }
    reduce(action: typed)
    return true
  }
}
