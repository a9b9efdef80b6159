/// `InlineArray` is a collection like `Array`: its elements are reduced in
/// order, shown as `[0]`, `[1]`, …, compared, copied and patched one by one.
///
/// It is no `Collection`, so it is read through its own subscript; its
/// storage, a `Builtin.FixedArray`, is never described (``TypeKind/fixedArray``).
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
extension InlineArray: StandardCollection where Element: Copyable {
  static var elementType: Any.Type { Element.self }
  static var order: CollectionOrder { .positions }

  static func makeCursor(over value: Any) -> (any ElementCursor)? {
    guard let elements = value as? Self, !elements.isEmpty else { return nil }
    return InlineArrayCursor(elements)
  }

  static func elements(of value: Any) -> [Any] {
    guard let elements = value as? Self else { return [] }
    return elements.indices.map { elements[$0] }
  }

  static func keys(of value: Any) -> [Any] { [] }

  static func entries(of value: Any) -> [Any] { elements(of: value) }

  static func mapElements(of value: Any, _ transform: (Any) -> Any) -> Any {
    guard var elements = value as? Self else { return value }
    for index in elements.indices {
      if let element = transform(elements[index]) as? Element { elements[index] = element }
    }
    return elements
  }
}

/// A cursor over the elements of one `InlineArray`, in order.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
final class InlineArrayCursor<let count: Int, Element>: ElementCursor {
  private let elements: InlineArray<count, Element>
  private var position = 0

  init(_ elements: InlineArray<count, Element>) {
    self.elements = elements
  }

  var collectionType: Any.Type { InlineArray<count, Element>.self }

  func next() -> Any? {
    guard position < count else { return nil }
    defer { position += 1 }
    return elements[position]
  }
}
