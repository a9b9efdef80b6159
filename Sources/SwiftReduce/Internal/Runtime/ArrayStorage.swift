/// The storage object of an `Array` or `ContiguousArray`, read through its fields.
///
/// An array is one reference to this heap object, which holds, after the
/// two-word object header, the element count and the capacity (one word
/// each), then the elements. A storage object whose array is not uniquely
/// referenced is never changed in place. Pinned by
/// `arrayStorageHoldsTheCountThenTheElements`, `modelsAreReachedThroughArraysInOrder`
/// and `modelsRemovedByAnEarlierSiblingBeforeTheWalkReachedThemAreNotReduced`.
struct ArrayStorage {
  let address: UnsafeRawPointer

  private enum Offset {
    static let count = 2 * MemoryLayout<Int>.size
    static let elements = 4 * MemoryLayout<Int>.size
  }

  @inline(__always)
  init(_ address: UnsafeRawPointer) { self.address = address }

  /// The storage of the array stored at `array`: an array is one reference to it.
  @inline(__always)
  init(ofArrayAt array: UnsafeRawPointer) { address = array.load(as: UnsafeRawPointer.self) }

  /// The number of elements.
  @inline(__always)
  var count: Int { address.load(fromByteOffset: Offset.count, as: Int.self) }

  /// The address of the first element.
  @inline(__always)
  var elements: UnsafeRawPointer { address + Offset.elements }
}

/// An array type whose storage is an ``ArrayStorage`` that can be read directly.
protocol ContiguousStorageArray {
  /// The type of the elements in the storage; the same requirement as
  /// ``MutableElements/storedElementType``, which these arrays also meet.
  static var storedElementType: Any.Type { get }

  /// Whether the storage is read directly here: not where the paths of
  /// Apple platforms are taken (``Portability``) for an `Array`.
  static var isReadAsStorage: Bool { get }
}

#if !_runtime(_ObjC)
  // Where Objective-C interop exists, an `Array` may be backed by an
  // `NSArray`, so its storage is read only where it cannot be.
  extension Array: ContiguousStorageArray {
    static var storedElementType: Any.Type { Element.self }
    static var isReadAsStorage: Bool { !Portability.takesApplePaths }
  }
#endif

// `ContiguousArray` always has native storage.
extension ContiguousArray: ContiguousStorageArray {
  static var storedElementType: Any.Type { Element.self }
  static var isReadAsStorage: Bool { true }
}

/// An `Array` read through its own API rather than its storage.
///
/// With Objective-C interop an `Array` may be backed by an `NSArray`, or hold
/// storage flagged for a deferred type check, so its storage is read directly
/// only where neither can happen. There, the key-path reader asks the array
/// itself for its count and copies the element it follows. The portable paths (`Portability`)
/// take this path on Linux too, which is how it is tested here.
protocol ArrayThroughItsAPI {
  /// The number of elements of the array stored at `array`.
  static func count(ofArrayAt array: UnsafeRawPointer) -> Int

  /// A copy of the element at `index`, which must be a valid position, of the
  /// array stored at `array`, in memory ``destroyCopy(_:)`` frees.
  static func copyElement(at index: Int, ofArrayAt array: UnsafeRawPointer)
    -> UnsafeMutableRawPointer

  /// Destroys and frees a copy made by ``copyElement(at:ofArrayAt:)``.
  static func destroyCopy(_ copy: UnsafeMutableRawPointer)
}

extension Array: ArrayThroughItsAPI {
  static func count(ofArrayAt array: UnsafeRawPointer) -> Int {
    array.assumingMemoryBound(to: Self.self).pointee.count
  }

  static func copyElement(at index: Int, ofArrayAt array: UnsafeRawPointer)
    -> UnsafeMutableRawPointer
  {
    let copy = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    copy.initialize(to: array.assumingMemoryBound(to: Self.self).pointee[index])
    return UnsafeMutableRawPointer(copy)
  }

  static func destroyCopy(_ copy: UnsafeMutableRawPointer) {
    let element = copy.assumingMemoryBound(to: Element.self)
    element.deinitialize(count: 1)
    element.deallocate()
  }
}
