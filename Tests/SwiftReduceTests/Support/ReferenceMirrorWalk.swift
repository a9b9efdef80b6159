import Distributed
import SwiftReduce

/// The routing rules written as plainly as possible: the reference a fast traversal must match.
///
/// A recursive walk from the root over what the runtime's reflection shows, with no caching and
/// no pruning:
/// 1. Pre-order: a model's own `reduce(action:)` runs first (rule 5: its
///    children are read afterwards), then its stored properties in
///    declaration order, superclass levels first, root-most class first.
/// 2. A value's stored properties are the truth. Only the standard library's
///    collections are iterated (``WalkedCollection``: a dictionary's element
///    is its key, then its value); every other value (optionals, tuples,
///    structs, enum payloads, indirect cases, property-wrapper storage,
///    existentials, user types conforming to `Collection`) is seen through its
///    stored properties, as the runtime reflects them, ignoring any
///    `CustomReflectable` mirror: a custom mirror is for display, not routing.
/// 3. An instance of a class that is not a model is opaque: never entered. An
///    actor (local or distributed) is never entered and never reduced, even
///    if it is a model: it is an isolation boundary.
/// 4. Each model is reduced at most once, at its first pre-order position, so
///    shared instances, back pointers and cycles end.
/// 6. Lazy properties are read through their storage, never created.
/// 7. An `@Untraversed` property is never entered.
///
/// `Mirror(reflecting:)` honours `customMirror`, so this walk calls the runtime
/// entry points `Mirror` itself is built on (`swift_reflectionMirror_count` and
/// `swift_reflectionMirror_subscript`), which read the stored properties
/// (weak and unowned references loaded as `Mirror` loads them) and never a
/// custom mirror.
@MainActor
struct ReferenceMirrorWalk {
  /// What a walk met besides models, for coverage.
  struct Summary {
    /// The types of the actor instances the walk reached and did not enter.
    var passedActorTypes: Set<ObjectIdentifier> = []
  }

  private let action: any Action
  private var visited = Set<ObjectIdentifier>()
  private var summary = Summary()

  /// Reduces `action` on every model reachable from `root`, in the reference order.
  @discardableResult
  static func dispatch(_ action: any Action, from root: any Reducer) -> Summary {
    var walk = ReferenceMirrorWalk(action: action)
    walk.visit(root)
    return walk.summary
  }

  private static let plainDataTypes: Set<ObjectIdentifier> = [
    ObjectIdentifier(String.self), ObjectIdentifier(Int.self), ObjectIdentifier(Bool.self),
    ObjectIdentifier(Double.self),
  ]

  private init(action: any Action) {
    self.action = action
  }

  private mutating func visit(_ value: Any) {
    // Strings and numbers hold no models: their stored properties are raw bits. Checked
    // first, as most values are these, to keep a thousand graphs quick.
    if Self.plainDataTypes.contains(ObjectIdentifier(type(of: value))) { return }
    // Rule 7.
    if value is any UntraversedStorage { return }
    if let object = type(of: value) as? AnyClass {
      // Rule 3: an actor is an isolation boundary.
      if value is any Actor || value is any DistributedActor {
        summary.passedActorTypes.insert(ObjectIdentifier(object))
        return
      }
      // Rule 3: a plain class instance is opaque.
      guard let model = value as? any Reducer else { return }
      // Rule 4.
      guard visited.insert(ObjectIdentifier(model)).inserted else { return }
      // Rules 1 and 5: own reduce, then the stored properties, superclass levels first.
      model.reduceIfHandled(action)
      var levels: [AnyClass] = []
      var level: AnyClass? = object
      while let current = level {
        levels.append(current)
        level = _getSuperclass(current)
      }
      for levelType in levels.reversed() { visitStoredProperties(of: model, as: levelType) }
      return
    }
    // Rule 2.
    if let collection = value as? any WalkedCollection {
      for element in collection.walkedElements { visit(element) }
      return
    }
    visitStoredProperties(of: value, as: type(of: value))
  }

  /// Visits the stored properties (for an enum: the payload) of `value` viewed as `type`, in order.
  ///
  /// For a class, `type` selects one level of the hierarchy, as it does for `Mirror`.
  private mutating func visitStoredProperties(of value: Any, as type: Any.Type) {
    for index in 0..<storedPropertyCount(value, type: type) {
      var name: UnsafePointer<CChar>?
      var release: NameRelease?
      let child = storedProperty(of: value, type: type, index: index, &name, &release)
      release?(name)
      visit(child)
    }
  }
}

// MARK: - Runtime reflection

/// Frees a field name the runtime returns.
private typealias NameRelease = @convention(c) (UnsafePointer<CChar>?) -> Void

/// The number of stored properties the runtime reflects for `value` viewed as `type`.
@_silgen_name("swift_reflectionMirror_count")
private func storedPropertyCount<T>(_ value: T, type: Any.Type) -> Int

/// The stored property at `index` of `value` viewed as `type`, existentials opened.
@_silgen_name("swift_reflectionMirror_subscript")
private func storedProperty<T>(
  of value: T,
  type: Any.Type,
  index: Int,
  _ outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  _ outFreeFunc: UnsafeMutablePointer<NameRelease?>
) -> Any

// MARK: - Standard library collections

/// The standard library's collections, the only values walked by iterating them.
protocol WalkedCollection {
  /// The elements in iteration order; a dictionary's element is its key, then its value.
  var walkedElements: [Any] { get }
}

extension Array: WalkedCollection {
  var walkedElements: [Any] { map { $0 } }
}

extension ContiguousArray: WalkedCollection {
  var walkedElements: [Any] { map { $0 } }
}

extension ArraySlice: WalkedCollection {
  var walkedElements: [Any] { map { $0 } }
}

extension Set: WalkedCollection {
  var walkedElements: [Any] { map { $0 } }
}

extension Dictionary: WalkedCollection {
  var walkedElements: [Any] { flatMap { [$0.key, $0.value] as [Any] } }
}

extension Dictionary.Keys: WalkedCollection {
  var walkedElements: [Any] { map { $0 } }
}

extension Dictionary.Values: WalkedCollection {
  var walkedElements: [Any] { map { $0 } }
}

// MARK: - Opting out and reducing

/// Marks `@Untraversed` storage, which the reference walk never enters.
protocol UntraversedStorage {}

extension Untraversed: UntraversedStorage {}

extension Reducer {
  /// Calls `reduce(action:)` when this model handles the action's type.
  func reduceIfHandled(_ action: any Action) {
    if let typed = action as? ReducedAction { reduce(action: typed) }
  }
}
