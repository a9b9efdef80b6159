/// One element produced by an ``ElementCursor``, before its type is looked at..
enum WalkedElement {
  case object(AnyObject)
  case value(Any)
}

/// Walks the elements of one collection value, one at a time.
///
/// The traversal keeps a cursor on its stack instead of pushing every element,
/// so a model holding an array of a million models needs no million-entry stack.
protocol ElementCursor: AnyObject {
  /// The next element in iteration order, or `nil` when the walk is over.
  func next() -> WalkedElement?
}

/// Makes cursors over values of one collection type.
protocol ElementWalker {
  /// A cursor over `value`'s elements, or `nil` if `value` is not of the walker's type.
  func cursor(over value: Any) -> (any ElementCursor)?
}

/// The walker for values of the collection type `Elements`.
struct CollectionWalker<Elements: Collection>: ElementWalker {
  /// Whether every element is a class instance, so it can be passed on as an object.
  let elementsAreObjects: Bool

  func cursor(over value: Any) -> (any ElementCursor)? {
    guard let elements = value as? Elements, !elements.isEmpty else { return nil }
    return CollectionCursor(elements, elementsAreObjects: elementsAreObjects)
  }
}

/// A position in one collection value.
final class CollectionCursor<Elements: Collection>: ElementCursor {
  private let elements: Elements
  private var position: Elements.Index
  private let elementsAreObjects: Bool

  init(_ elements: Elements, elementsAreObjects: Bool) {
    self.elements = elements
    self.position = elements.startIndex
    self.elementsAreObjects = elementsAreObjects
  }

  func next() -> WalkedElement? {
    guard position != elements.endIndex else { return nil }
    let element = elements[position]
    elements.formIndex(after: &position)
    if elementsAreObjects {
      return .object(unsafeBitCast(element, to: AnyObject.self))
    }
    return .value(element)
  }
}

/// Opens a collection metatype into a walker, given whether its elements are objects.
func makeWalker(
  for type: any Collection.Type,
  elementsAreObjects: (Any.Type) -> Bool
) -> (walker: any ElementWalker, elementType: Any.Type) {
  openWalker(type, elementsAreObjects: elementsAreObjects)
}

private func openWalker<Elements: Collection>(
  _ type: Elements.Type,
  elementsAreObjects: (Any.Type) -> Bool
) -> (walker: any ElementWalker, elementType: Any.Type) {
  let walker = CollectionWalker<Elements>(
    elementsAreObjects: elementsAreObjects(Elements.Element.self))
  return (walker, Elements.Element.self)
}
