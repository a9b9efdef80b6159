/// Finds where models sit in a tree, as paths from the root.
///
/// This is for messages and introspection, not for dispatch: it walks the
/// tree reflectively, by the routing rules (models entered, other objects and
/// actors never, `@Untraversed` never, only the standard library's
/// collections iterated), and names each model's first pre-order position the
/// way ``TreeSnapshot`` and ``TreeDifference`` name paths:
/// `groups[2].leaves[0]`, `byName["ada"]`, `pair.1`, `slot.one`, and `root`
/// for the root. Optionals and existentials add nothing to a path.
enum ModelPaths {
  /// The first path to each of `targets` reachable from `root`.
  static func paths(to targets: [AnyObject], from root: AnyObject, plans: PlanCache)
    -> [ObjectIdentifier: String]
  {
    var wanted = Set(targets.map(ObjectIdentifier.init))
    var found: [ObjectIdentifier: String] = [:]
    var visited: Set<ObjectIdentifier> = []
    // An explicit stack, so that deep chains do not grow the call stack.
    var stack: [(value: Any, path: String)] = [(root, "")]
    while let (value, path) = stack.popLast(), !wanted.isEmpty {
      var children: [(Any, String)] = []
      let plan = plans.plan(for: type(of: value))
      switch plan.shape {
      case .inert, .opaqueObject:
        continue
      case let .model(model):
        let object = value as AnyObject
        guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
        if wanted.remove(ObjectIdentifier(object)) != nil {
          found[ObjectIdentifier(object)] = path.isEmpty ? "root" : String(path.dropFirst())
        }
        for level in model.hierarchy {
          for index in 0..<Reflection.childCount(of: object, as: level) {
            let (name, child) = Reflection.labeledChild(of: object, as: level, at: index)
            children.append((child, path + (name.hasPrefix(".") ? name : "." + name)))
          }
        }
      case .elements:
        children = elements(of: value, path: path)
      case .fields where value is any StandardCollection:
        // An array of objects, which the walk reads from its storage.
        children = elements(of: value, path: path)
      case .optional, .deferred:
        children = labeledChildren(of: value, type: plan.type).map { ($0.1, path) }
      case .fields, .allChildren:
        // Unlabelled tuple elements come named `.0`, `.1`.
        children = labeledChildren(of: value, type: plan.type).map { name, child in
          (child, path + (name.hasPrefix(".") ? name : "." + name))
        }
      }
      stack += children.reversed()
    }
    return found
  }

  private static func labeledChildren(of value: Any, type: Any.Type) -> [(String, Any)] {
    (0..<Reflection.childCount(of: value, as: type)).map { index in
      Reflection.labeledChild(of: value, as: type, at: index)
    }
  }

  /// The elements of a standard library collection, labelled by position or, in a dictionary, key.
  private static func elements(of value: Any, path: String) -> [(Any, String)] {
    guard let collection = value as? any Collection else { return [] }
    func list<Elements: Collection>(_ elements: Elements) -> [Any] { elements.map { $0 } }
    let isDictionary = value is any DictionaryElements
    return list(collection).enumerated().flatMap { index, element -> [(Any, String)] in
      guard isDictionary else { return [(element, path + "[\(index)]")] }
      let entry = labeledChildren(of: element, type: type(of: element))
      guard entry.count == 2 else { return [(element, path + "[\(index)]")] }
      // A key can be a model too: keys are named by position, values by key.
      return [
        (entry[0].1, path + ".keys[\(index)]"),
        (entry[1].1, path + "[\(String(reflecting: entry[0].1))]"),
      ]
    }
  }
}

/// Marks dictionaries, whose elements are labelled by key.
private protocol DictionaryElements {}

extension Dictionary: DictionaryElements {}
