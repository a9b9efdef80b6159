import SwiftReduce

/// The routing rules written as plainly as possible: the reference a fast traversal must match.
///
/// A recursive `Mirror` walk from the root, with no caching and no pruning:
/// 1. Pre-order: a model's own `reduce(action:)` runs first (rule 5: its
///    children are read afterwards), then its stored properties in
///    declaration order, superclass levels first, root-most class first.
/// 2. Values are seen through at any depth: collections by iterating their
///    elements (a dictionary's element is a key-value pair: key, then value),
///    everything else (optionals, tuples, structs, enum payloads, indirect
///    cases, property-wrapper storage, existentials) by its `Mirror` children.
/// 3. An instance of a class that is not a model is opaque: never entered.
/// 4. Each model is reduced at most once, at its first pre-order position, so
///    shared instances, back pointers and cycles end.
/// 6. Lazy properties are read through their storage, never created.
/// 7. An `@Untraversed` property is never entered.
@MainActor
struct ReferenceMirrorWalk {
  private let action: any Action
  private var visited = Set<ObjectIdentifier>()

  /// Reduces `action` on every model reachable from `root`, in the reference order.
  static func dispatch(_ action: any Action, from root: any Reducer) {
    var walk = ReferenceMirrorWalk(action: action)
    walk.visit(root)
  }

  private init(action: any Action) {
    self.action = action
  }

  private mutating func visit(_ value: Any) {
    // Rule 7.
    if value is any UntraversedStorage { return }
    if type(of: value) is AnyClass {
      // Rule 3: a plain class instance is opaque.
      guard let model = value as? any Reducer else { return }
      // Rule 4.
      guard visited.insert(ObjectIdentifier(model)).inserted else { return }
      // Rules 1 and 5: own reduce, then the stored properties, superclass levels first.
      model.reduceIfHandled(action)
      var levels: [Mirror] = []
      var level: Mirror? = Mirror(reflecting: model)
      while let current = level {
        levels.append(current)
        level = current.superclassMirror
      }
      for mirror in levels.reversed() {
        for child in mirror.children { visit(child.value) }
      }
      return
    }
    // Strings are collections of characters, which hold no models.
    if value is String { return }
    // Rule 2: collections element by element, other values by their Mirror children.
    if let collection = value as? any Collection {
      for element in Self.elements(of: collection) { visit(element) }
      return
    }
    for child in Mirror(reflecting: value).children { visit(child.value) }
  }

  private static func elements(of collection: some Collection) -> [Any] {
    collection.map { $0 as Any }
  }
}

/// Marks `@Untraversed` storage, which the reference walk never enters.
protocol UntraversedStorage {}

extension Untraversed: UntraversedStorage {}

extension Reducer {
  /// Calls `reduce(action:)` when this model handles the action's type.
  func reduceIfHandled(_ action: any Action) {
    if let typed = action as? ReducedAction { reduce(action: typed) }
  }
}
