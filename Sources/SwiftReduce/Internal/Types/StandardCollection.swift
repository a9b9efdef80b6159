/// The standard library's collections: the walk enters them by iterating, and
/// snapshots and copies treat them element by element.
///
/// Their elements live in storage objects the walk cannot otherwise see into,
/// and iterating one yields exactly what it holds. Every other type, including
/// a user's struct or enum that conforms to `Collection`, is walked through
/// its stored properties, which are the truth about what it holds.
protocol StandardCollection {
  static var elementType: Any.Type { get }

  /// How a snapshot labels and orders the elements.
  static var order: CollectionOrder { get }

  /// A cursor over `value`'s elements, or `nil` if it is empty or not of this type.
  static func makeCursor(over value: Any) -> (any ElementCursor)?

  /// The elements of `value` in iteration order; for a dictionary, its values.
  static func elements(of value: Any) -> [Any]

  /// The keys of `value` in iteration order, matching ``elements(of:)``, for a dictionary.
  static func keys(of value: Any) -> [Any]

  /// `value` with each element (each value, for a dictionary) replaced by
  /// `transform` of it, in place where the type allows, keeping indices.
  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any
}

/// How a collection's elements are labelled and ordered in a snapshot.
enum CollectionOrder {
  /// By position: `[0]`, `[1]`, … (arrays, slices, a dictionary's keys or values).
  case positions
  /// By key, in the order of the keys' text (dictionaries).
  case keys(Any.Type)
  /// In the order of the elements' text, since iteration order means nothing (sets).
  case unordered
}

extension StandardCollection where Self: Collection {
  static var elementType: Any.Type { Element.self }
  static var order: CollectionOrder { .positions }

  static func makeCursor(over value: Any) -> (any ElementCursor)? {
    guard let elements = value as? Self, !elements.isEmpty else { return nil }
    return CollectionCursor(elements)
  }

  static func elements(of value: Any) -> [Any] {
    guard let elements = value as? Self else { return [] }
    return elements.map { $0 }
  }

  static func keys(of value: Any) -> [Any] { [] }
}

extension StandardCollection where Self: MutableCollection {
  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard var elements = value as? Self else { return value }
    var position = elements.startIndex
    while position != elements.endIndex {
      if let element = transform(elements[position]) as? Element {
        elements[position] = element
      }
      elements.formIndex(after: &position)
    }
    return elements
  }
}

extension Array: StandardCollection {}
extension ContiguousArray: StandardCollection {}
extension ArraySlice: StandardCollection {}
extension Dictionary.Values: StandardCollection {}

extension Dictionary.Keys: StandardCollection {
  /// Keys are hashed by value, so they are kept as they are.
  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any { value }
}

extension Dictionary: StandardCollection {
  static var order: CollectionOrder { .keys(Key.self) }

  static func elements(of value: Any) -> [Any] {
    guard let dictionary = value as? Self else { return [] }
    return dictionary.values.map { $0 }
  }

  static func keys(of value: Any) -> [Any] {
    guard let dictionary = value as? Self else { return [] }
    return dictionary.keys.map { $0 }
  }

  /// Keys are kept: a key is hashed by value, so it cannot be replaced by a copy.
  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard let dictionary = value as? Self else { return value }
    return dictionary.mapValues { transform($0) as? Value ?? $0 }
  }
}

extension Set: StandardCollection {
  static var order: CollectionOrder { .unordered }

  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard let set = value as? Self else { return value }
    return Set(set.map { transform($0) as? Element ?? $0 })
  }
}
