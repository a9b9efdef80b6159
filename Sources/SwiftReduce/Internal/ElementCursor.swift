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

/// A position in the storage of an `Array` or `ContiguousArray` of object references.
///
/// It reads the element pointers straight from the array's storage object,
/// which it keeps alive, instead of going through generic `Collection` code.
struct ObjectArrayCursor {
  private let storage: AnyObject
  private let count: Int
  private var index = 0

  /// A cursor over the array stored at `address`, or `nil` if it is empty.
  init?(arrayAt address: UnsafeRawPointer) {
    guard let storagePointer = address.load(as: UnsafeRawPointer?.self) else { return nil }
    let count = storagePointer.load(fromByteOffset: 2 * MemoryLayout<Int>.size, as: Int.self)
    guard count > 0 else { return nil }
    self.storage = Unmanaged<AnyObject>.fromOpaque(storagePointer).takeUnretainedValue()
    self.count = count
  }

  /// The next element, `nil` entries skipped, or `nil` at the end.
  mutating func next() -> AnyObject? {
    let elements =
      UnsafeRawPointer(Unmanaged.passUnretained(storage).toOpaque())
      + 4 * MemoryLayout<Int>.size
    while index < count {
      let element = elements.load(
        fromByteOffset: index * MemoryLayout<Int>.size, as: UnsafeRawPointer?.self)
      index += 1
      if let element {
        return Unmanaged<AnyObject>.fromOpaque(element).takeUnretainedValue()
      }
    }
    return nil
  }

  /// Whether elements remain after the last one returned.
  var isFinished: Bool { index >= count }
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
