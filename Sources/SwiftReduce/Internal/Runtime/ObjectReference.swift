/// A stored reference to a class instance: a field or element of a class
/// type, a class-bound existential, or an optional of either.
///
/// Whatever its declared type, the reference keeps the instance (or, for
/// `weak` storage, its side-table entry) in its first word, and an
/// existential's witness tables after it; an optional of any of these is
/// `nil` exactly when that first word is zero. A strong or `unowned(unsafe)`
/// reference is the instance's address; `weak` and `unowned` storage have
/// the layout of the one-field structs below, so reading through them makes
/// the compiler emit the same runtime calls as reading the field. Pinned by
/// `weakExistentialFieldKeepsItsWitnessTable`,
/// `classBoundExistentialsAreStoredAsOneReference` and every routing test.
struct ObjectReference {
  /// Where the reference is stored.
  let address: UnsafeRawPointer

  @inline(__always)
  init(_ address: UnsafeRawPointer) { self.address = address }

  /// The object a strong or `unowned(unsafe)` reference points to,
  /// unretained, or `nil`.
  @inline(__always)
  var objectAddress: UnsafeRawPointer? { address.load(as: UnsafeRawPointer?.self) }

  /// The object a strong reference that is never `nil` points to, unretained.
  @inline(__always)
  var strongObject: AnyObject {
    Unmanaged<AnyObject>.fromOpaque(address.load(as: UnsafeRawPointer.self))
      .takeUnretainedValue()
  }

  /// The object the reference, stored with `ownership`, refers to, if any.
  func object(_ ownership: ReferenceOwnership) -> AnyObject? {
    switch ownership {
    case .weak:
      return address.assumingMemoryBound(to: WeakStorage.self).pointee.object
    case .unowned:
      return address.assumingMemoryBound(to: UnownedStorage.self).pointee.object
    case .strong, .unmanaged:
      guard let object = objectAddress else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    }
  }

  /// `value`, a class instance or an optional of one, as the object it refers to.
  @inline(__always)
  static func object<Value>(in value: Value) -> AnyObject? {
    assert(MemoryLayout<Value>.size == MemoryLayout<AnyObject?>.size)
    return unsafeBitCast(value, to: AnyObject?.self)
  }

  /// Whether `type` is stored as one reference to a class instance, or to
  /// nothing: a class, a class-bound existential, or an optional of either.
  static func isStored(as type: Any.Type) -> Bool {
    switch Reflection.kind(of: type) {
    case .class:
      return true
    case .existential:
      return TypeMetadata(type).isClassBoundExistential
    case .optional:
      guard let optional = type as? any OptionalStorage.Type else { return false }
      let wrapped = optional.wrappedType
      switch Reflection.kind(of: wrapped) {
      case .class: return true
      case .existential: return TypeMetadata(wrapped).isClassBoundExistential
      default: return false
      }
    default:
      return false
    }
  }

  // MARK: - Writing

  /// Initialises the reference at `destination`, of `size` bytes and
  /// `ownership`, to `object`, copying any witness tables from `source`.
  static func initialize(
    at destination: UnsafeMutableRawPointer, copying source: UnsafeRawPointer, size: Int,
    ownership: ReferenceOwnership, to object: AnyObject?
  ) {
    switch ownership {
    case .weak:
      destination.bindMemory(to: WeakStorage.self, capacity: 1)
        .initialize(to: WeakStorage(object: object))
    case .unowned:
      destination.bindMemory(to: UnownedStorage.self, capacity: 1)
        .initialize(to: UnownedStorage(object: object))
    case .strong:
      // Balanced by the deinitialiser of the instance that holds the field.
      let pointer = object.map { Unmanaged.passRetained($0).toOpaque() }
      destination.storeBytes(of: UnsafeRawPointer(pointer), as: UnsafeRawPointer?.self)
    case .unmanaged:
      let pointer = object.map { Unmanaged.passUnretained($0).toOpaque() }
      destination.storeBytes(of: UnsafeRawPointer(pointer), as: UnsafeRawPointer?.self)
    }
    let word = MemoryLayout<Int>.size
    if size > word {
      (destination + word).copyMemory(from: source + word, byteCount: size - word)
    }
  }

  /// Initialises the strong reference at `destination` to `object`, which it
  /// then holds one retain of, given back by whoever destroys the reference.
  @inline(__always)
  static func initializeStrong(at destination: UnsafeMutableRawPointer, to object: AnyObject) {
    let pointer = Unmanaged.passRetained(object).toOpaque()
    destination.storeBytes(of: UnsafeRawPointer(pointer), as: UnsafeRawPointer.self)
  }

  /// Calls `body` with the address of a strong reference to `object`, or of
  /// `nil`, borrowed for the call: read from it as a value of any type
  /// stored as one reference (``isStored(as:)``) without witness tables.
  static func withReference<Result>(
    to object: AnyObject?, _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    // Unretained: `object` is held by the caller for the call.
    let pointer = object.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
    return withUnsafeBytes(of: pointer) { body($0.baseAddress.unsafelyUnwrapped) }
  }

  /// Initialises a `weak` reference at `destination` to `object`: a
  /// history's note of the object a non-strong property referred to, which
  /// keeps nothing alive.
  static func initializeWeak(at destination: UnsafeMutableRawPointer, to object: AnyObject?) {
    destination.bindMemory(to: WeakStorage.self, capacity: 1)
      .initialize(to: WeakStorage(object: object))
  }

  /// The object the `weak` reference at `address` refers to, if it is still alive.
  static func weakObject(at address: UnsafeRawPointer) -> AnyObject? {
    address.assumingMemoryBound(to: WeakStorage.self).pointee.object
  }

  /// Destroys the `weak` reference at `address`, made by ``initializeWeak(at:to:)``.
  static func destroyWeak(at address: UnsafeMutableRawPointer) {
    address.assumingMemoryBound(to: WeakStorage.self).deinitialize(count: 1)
  }

  /// Replaces the object held by the initialised reference at `address`,
  /// stored with `ownership`, keeping its witness tables.
  static func replace(
    at address: UnsafeMutableRawPointer, ownership: ReferenceOwnership, with object: AnyObject?
  ) {
    switch ownership {
    case .weak:
      address.assumingMemoryBound(to: WeakStorage.self).pointee.object = object
    case .unowned:
      address.assumingMemoryBound(to: UnownedStorage.self).pointee.object = object
    case .strong:
      let old = address.load(as: UnsafeRawPointer?.self)
      // The field owns one retain of its object: take one for the new
      // object and give back the old one.
      let new = object.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) }
      address.storeBytes(of: new, as: UnsafeRawPointer?.self)
      if let old { Unmanaged<AnyObject>.fromOpaque(old).release() }
    case .unmanaged:
      let new = object.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
      address.storeBytes(of: new, as: UnsafeRawPointer?.self)
    }
  }
}

/// The storage of a `weak` reference field.
private struct WeakStorage {
  weak var object: AnyObject?
}

/// The storage of an `unowned` reference field.
private struct UnownedStorage {
  unowned(safe) var object: AnyObject?
}
