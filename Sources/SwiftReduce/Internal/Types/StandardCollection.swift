/// The standard library's collections: the walk enters them by iterating, and
/// snapshots and copies treat them element by element.
///
/// Their elements live in storage objects the walk cannot otherwise see into,
/// and iterating one yields exactly what it holds. Every other type, including
/// a user's struct or enum that conforms to `Collection`, is walked through
/// its stored properties, which are the truth about what it holds.
protocol StandardCollection {
  /// The type iteration yields, Swift's `Element`: for a dictionary, a
  /// `(key:, value:)` pair. The type stored at each position (a dictionary's
  /// `Value`) is ``MutableElements/storedElementType``.
  static var elementType: Any.Type { get }

  /// How a snapshot labels and orders the elements.
  static var order: CollectionOrder { get }

  /// A cursor over `value`'s elements, or `nil` if it is empty or not of this type.
  static func makeCursor(over value: Any) -> (any ElementCursor)?

  /// The elements of `value` in iteration order; for a dictionary, its values.
  static func elements(of value: Any) -> [Any]

  /// The keys of `value` in iteration order, matching ``elements(of:)``, for a dictionary.
  static func keys(of value: Any) -> [Any]

  /// The elements of `value` as iteration yields them: for a dictionary, `(key:, value:)` pairs.
  static func entries(of value: Any) -> [Any]

  /// `value` with each element (each value, for a dictionary) replaced by
  /// `transform` of it, in place where the type allows, keeping indices.
  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any

  /// Initialises `destination` with the collection at `source`, each element
  /// an object replaced by `transform` of it, and returns `true`; returns
  /// `false`, initialising nothing, unless the elements are class instances.
  ///
  /// The elements are never boxed: copies of arrays of models take this path.
  static func initializeMappingObjects(
    at destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer,
    _ transform: (AnyObject) -> AnyObject
  ) -> Bool

  /// A collection of this type holding `elements` (a dictionary: at
  /// `keys`), or `nil` when one is not of its type or this type cannot be
  /// made from elements (a slice, a view, an `InlineArray`).
  static func make(keys: [Any]?, elements: [Any]) -> Any?
}

extension StandardCollection {
  static func make(keys: [Any]?, elements: [Any]) -> Any? { nil }

  static func initializeMappingObjects(
    at destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer,
    _ transform: (AnyObject) -> AnyObject
  ) -> Bool {
    false
  }
}

/// How a collection's elements are labelled and ordered in a snapshot.
enum CollectionOrder {
  /// By position: `[0]`, `[1]`, … (arrays and slices).
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

  static func entries(of value: Any) -> [Any] {
    guard let elements = value as? Self else { return [] }
    return elements.map { $0 }
  }
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

/// Arrays and contiguous arrays: the collections whose elements sit in one
/// storage object, which a copy of an array of models maps in one pass.
extension StandardCollection where Self: MutableElements & RangeReplaceableCollection {
  static func initializeMappingObjects(
    at destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer,
    _ transform: (AnyObject) -> AnyObject
  ) -> Bool {
    // A slice keeps its indices, which a new contiguous array would not.
    guard isArray, elementsAreObjects,
      let mapped = source.assumingMemoryBound(to: Self.self).pointee
        .withContiguousStorageIfAvailable({ mappingObjects($0, transform) })
    else { return false }
    // An array or contiguous array made from a contiguous array takes over its storage.
    destination.bindMemory(to: Self.self, capacity: 1).initialize(to: Self(mapped))
    return true
  }
}

extension StandardCollection where Self: RangeReplaceableCollection {
  static func make(keys: [Any]?, elements: [Any]) -> Any? {
    let typed = elements.compactMap { $0 as? Element }
    return typed.count == elements.count ? Self(typed) : nil
  }
}

extension Array: StandardCollection {}

extension ContiguousArray: StandardCollection {}

extension Collection {
  /// Whether each element is one class instance, stored as one reference.
  fileprivate static var elementsAreObjects: Bool {
    Element.self is AnyClass && MemoryLayout<Element>.size == MemoryLayout<AnyObject>.size
  }
}

/// The objects of `elements`, each replaced by `transform` of it; the new
/// storage owns one retain of each.
///
/// Elements that are class instances are one reference each, so they are
/// read and written as object pointers, with no generic copy of an element.
private func mappingObjects<Element>(
  _ elements: UnsafeBufferPointer<Element>, _ transform: (AnyObject) -> AnyObject
) -> ContiguousArray<Element> {
  ContiguousArray(unsafeUninitializedCapacity: elements.count) { buffer, initialized in
    guard let source = UnsafeRawPointer(elements.baseAddress),
      let destination = UnsafeMutableRawPointer(buffer.baseAddress)
    else { return }
    let stride = MemoryLayout<AnyObject>.stride
    for index in 0..<elements.count {
      let original = ObjectReference(source + index * stride).strongObject
      ObjectReference.initializeStrong(at: destination + index * stride, to: transform(original))
      initialized += 1
    }
  }
}
extension ArraySlice: StandardCollection {}
extension Dictionary.Values: StandardCollection {
  /// A dictionary's order is no order: the values are shown as a set's elements are.
  static var order: CollectionOrder { .unordered }
}

extension Dictionary.Keys: StandardCollection {
  static var order: CollectionOrder { .unordered }

  /// The keys of the viewed dictionary with its keys and values transformed.
  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard let keys = value as? Self, let dictionary = CollectionLayout.dictionary(viewedBy: keys),
      let mapped = Dictionary.mapElements(of: dictionary, transform) as? [Key: Value]
    else { return value }
    return mapped.keys
  }
}

extension Dictionary: StandardCollection {
  static var order: CollectionOrder { .keys(Key.self) }

  /// Of keys made equal, the last is kept.
  static func make(keys: [Any]?, elements: [Any]) -> Any? {
    guard let keys else { return nil }
    let entries = zip(keys, elements).compactMap { key, value in
      (key as? Key).flatMap { key in (value as? Value).map { (key, $0) } }
    }
    guard entries.count == elements.count, keys.count == elements.count else { return nil }
    return Dictionary(entries, uniquingKeysWith: { _, last in last })
  }

  static func elements(of value: Any) -> [Any] {
    guard let dictionary = value as? Self else { return [] }
    return dictionary.values.map { $0 }
  }

  static func keys(of value: Any) -> [Any] {
    guard let dictionary = value as? Self else { return [] }
    return dictionary.keys.map { $0 }
  }

  /// Keys are transformed too, since the walk reaches the models in them; of
  /// keys made equal, the first is kept.
  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard let dictionary = value as? Self else { return value }
    let entries = dictionary.map { entry in
      (transform(entry.key) as? Key ?? entry.key, transform(entry.value) as? Value ?? entry.value)
    }
    return Dictionary(entries, uniquingKeysWith: { first, _ in first })
  }
}

extension Set: StandardCollection {
  static var order: CollectionOrder { .unordered }

  static func make(keys: [Any]?, elements: [Any]) -> Any? {
    let typed = elements.compactMap { $0 as? Element }
    return typed.count == elements.count ? Set(typed) : nil
  }

  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard let set = value as? Self else { return value }
    return Set(set.map { transform($0) as? Element ?? $0 })
  }
}
