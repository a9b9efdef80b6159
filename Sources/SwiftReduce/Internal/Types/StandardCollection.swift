/// The standard library's collections, which the walk enters by iterating.
///
/// Their elements live in storage objects the walk cannot otherwise see into,
/// and iterating one yields exactly what it holds. Every other type, including
/// a user's struct or enum that conforms to `Collection`, is walked through
/// its stored properties, which are the truth about what it holds.
protocol StandardCollection {
  static var elementType: Any.Type { get }

  /// A cursor over `value`'s elements, or `nil` if it is empty or not of this type.
  static func makeCursor(over value: Any) -> (any ElementCursor)?
}

extension StandardCollection where Self: Collection {
  static var elementType: Any.Type { Element.self }

  static func makeCursor(over value: Any) -> (any ElementCursor)? {
    guard let elements = value as? Self, !elements.isEmpty else { return nil }
    return CollectionCursor(elements)
  }
}

extension Array: StandardCollection {}
extension ContiguousArray: StandardCollection {}
extension ArraySlice: StandardCollection {}
extension Dictionary: StandardCollection {}
extension Dictionary.Keys: StandardCollection {}
extension Dictionary.Values: StandardCollection {}
extension Set: StandardCollection {}
