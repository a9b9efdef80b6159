/// The collections whose elements the walk changes in place: `Array`,
/// `ContiguousArray`, `ArraySlice` and a `Dictionary`'s values.
protocol MutableElements {
  /// The type of the values stored at the collection's positions: an
  /// array's `Element`, a dictionary's `Value` (not the `(key:, value:)`
  /// pair iteration yields).
  static var storedElementType: Any.Type { get }

  /// Whether values are an `Array` or `ContiguousArray`: one reference to a
  /// storage object holding the count and the elements.
  static var isArray: Bool { get }

  /// Whether the elements are the value itself (`InlineArray`), with no
  /// storage reference in its words to tell a replaced collection by.
  static var isInline: Bool { get }

  /// Where the elements of the collection stored at `address` live, after
  /// making its storage unique to that collection; `nil` if it is empty.
  ///
  /// Storage shared with another owner is copied first, exactly as Swift
  /// does before any change, so the other owner never sees the walk's
  /// changes. The addresses stay valid while ``ElementAddresses/storage`` is held
  /// and the collection is not changed through its owner.
  static func elementAddresses(at address: UnsafeMutableRawPointer) -> ElementAddresses?
}

extension MutableElements {
  static var isInline: Bool { false }
}

extension MutableElements where Self: MutableCollection {
  static var storedElementType: Any.Type { Element.self }
  static var isArray: Bool { true }

  static func elementAddresses(at address: UnsafeMutableRawPointer) -> ElementAddresses? {
    let array = address.assumingMemoryBound(to: Self.self)
    // The buffer is made unique before the copy that holds it is taken. Its
    // address stays valid after the call: a native array's elements are
    // stored in its buffer, which only a change through the array replaces.
    guard !array.pointee.isEmpty,
      let first = array.pointee.withContiguousMutableStorageIfAvailable({
        UnsafeMutableRawPointer($0.baseAddress.unsafelyUnwrapped)
      })
    else { return nil }
    return ElementAddresses(
      storage: array.pointee, first: first, stride: MemoryLayout<Element>.stride,
      count: array.pointee.count, list: [])
  }
}

extension Array: MutableElements {}

extension ContiguousArray: MutableElements {}

extension ArraySlice: MutableElements {
  // A slice's elements are in its owner's buffer from its start index: the
  // generic path finds them, made unique first.
  static var isArray: Bool { false }
}

extension Dictionary: MutableElements {
  static var storedElementType: Any.Type { Value.self }
  static var isArray: Bool { false }

  static func elementAddresses(at address: UnsafeMutableRawPointer) -> ElementAddresses? {
    let dictionary = address.assumingMemoryBound(to: Self.self)
    guard !dictionary.pointee.isEmpty else { return nil }
    // Changing a value through `values` makes the storage unique and native
    // first, then yields the value's own slot in the storage, which stays
    // where it is until the dictionary itself changes.
    var list: [UnsafeMutableRawPointer] = []
    list.reserveCapacity(dictionary.pointee.count)
    var index = dictionary.pointee.values.startIndex
    while index != dictionary.pointee.values.endIndex {
      list.append(
        withUnsafeMutablePointer(to: &dictionary.pointee.values[index]) {
          UnsafeMutableRawPointer($0)
        })
      dictionary.pointee.values.formIndex(after: &index)
    }
    return ElementAddresses(
      storage: dictionary.pointee, first: nil, stride: 0, count: list.count, list: list)
  }
}
