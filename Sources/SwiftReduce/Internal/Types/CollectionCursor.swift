/// A position in one collection value whose elements the walk visits one at a time.
///
/// The walk keeps a cursor on its stack instead of pushing every element, so
/// a model holding a dictionary of a million models needs no million-entry stack.
protocol ElementCursor: AnyObject {
  /// The next element in iteration order, or `nil` when the walk is over.
  func next() -> Any?

  /// The type of the collection, for reports of value models found in it.
  var collectionType: Any.Type { get }
}

/// The cursor over one value of the collection type `Elements`.
final class CollectionCursor<Elements: Collection>: ElementCursor {
  private let elements: Elements
  private var position: Elements.Index

  init(_ elements: Elements) {
    self.elements = elements
    self.position = elements.startIndex
  }

  var collectionType: Any.Type { Elements.self }

  func next() -> Any? {
    guard position != elements.endIndex else { return nil }
    let element = elements[position]
    elements.formIndex(after: &position)
    return element
  }
}
