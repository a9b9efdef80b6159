@_spi(Reflection) import Swift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Every reliance of SwiftReduce on the Swift runtime's ABI lives in this folder
// (`Runtime/`), most of it in this file: the runtime entry points it calls and
// the memory layouts it reads; enum value witnesses and boxes are in
// `EnumPayload.swift`, dictionary views in `CollectionLayout.swift`. Each
// fact below is the stable Swift 5 ABI, and each is pinned by a named test in
// Tests/SwiftReduceTests (RoutingTests, RoutingShapesTests, ShapeFamilyTests)
// that fails if the fact stops holding; the differential test guards the
// shapes around them.
//
// - Runtime entry points: `swift_reflectionMirror_count` and
//   `swift_reflectionMirror_subscript` (what `Mirror` calls, minus custom
//   mirrors), `swift_getTypeContextDescriptor`, `swift_getMetadataKind`, and
//   the `_forEachField` SPI. Pinned by every routing test.
// - Field descriptors: a type context descriptor holds a relative pointer to
//   its field descriptor at byte 16; records of `recordSize` bytes start at
//   byte 16, with a relative pointer to the mangled type name at byte 4; the
//   names of `weak`, `unowned` and `unowned(unsafe)` storage end in `Xw`,
//   `Xo`, `Xu`. Pinned by `weakBackPointerToTheParentDoesNotReduceItTwice`,
//   `unownedBackPointerToTheOwnerDoesNotReduceItTwice` and
//   `unmanagedUnownedAndWeakExistentialReferencesAreFollowed`.
// - Context descriptor flags: bit 23 of a class descriptor's flags (kind-
//   specific bit 7) marks an actor, distributed actors included. Pinned by
//   `actorIsNeverEnteredEvenWhenItIsAModel` and
//   `distributedActorIsNeverEntered`.
// - Existential metadata: 32 bits of flags after the kind; the top bit is
//   clear when the existential is class-bound, which is then stored as the
//   instance pointer followed by witness tables. Pinned by
//   `modelsAreReachedThroughArraysOfClassBoundExistentials` and
//   `dispatchReachesModelsInArraysOfEveryExistentialInDeclarationOrder`.
// - Enum metadata: the word after the kind points to the nominal type
//   descriptor, whose 32-bit field at byte 20 counts payload cases in its low
//   24 bits. Pinned by `modelsAreReachedThroughEnumPayloadsIncludingIndirectOnes`.
// - Heap objects: the first word of a native Swift object is its class
//   metadata, read only without Objective-C interop (an Objective-C object's
//   first word can be a non-pointer isa); pinned by every routing test.
//   Objects are 16-byte aligned, so the visited set keeps one bit per 16
//   bytes of heap; pinned by `sharedInstanceIsReducedOnceAtItsFirstPosition`.
// - Array storage: an `Array` or `ContiguousArray` is one reference to its
//   storage object, which holds the element count at byte 16 and the elements
//   from byte 32; a storage object whose array is not uniquely referenced is
//   never changed in place. `Array` storage is read only without Objective-C
//   interop, where an `Array` cannot be a bridged `NSArray`. Pinned by
//   `modelsAreReachedThroughArraysInOrder` and
//   `modelRemovedFromAnArrayByAnEarlierSiblingIsStillReduced`.
// - Key path objects: their components, in `KeyPathLayout.swift`. Checked at
//   run time against key paths formed there before any is read, and pinned by
//   `keyPathsAreReadByOffsetExactlyWhereRawLayoutsAreRead` and `RemovedRowReadTests`.
//
// Building with `-D SWIFTREDUCE_PORTABLE_TRAVERSAL` takes the paths Apple
// platforms take (no isa, `Array` storage or key path reads) on any platform, so CI
// tests them on Linux.

// The runtime entry points behind `Mirror`. The walk calls them directly
// so that reading one stored property neither builds every sibling's label
// string nor allocates a `Mirror`, and custom mirrors are never consulted.

typealias FieldNameRelease = @convention(c) (UnsafePointer<CChar>?) -> Void

@_silgen_name("swift_getTypeContextDescriptor")
private func runtimeTypeContextDescriptor(_ type: Any.Type) -> UnsafeRawPointer?

@_silgen_name("swift_getMetadataKind")
private func runtimeMetadataKind(_ type: Any.Type) -> UInt

@_silgen_name("swift_reflectionMirror_count")
private func runtimeChildCount<T>(_ value: T, type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_subscript")
private func runtimeChild<T>(
  of value: T,
  type: Any.Type,
  index: Int,
  outName: UnsafeMutablePointer<UnsafePointer<CChar>?>,
  outFreeFunc: UnsafeMutablePointer<FieldNameRelease?>
) -> Any

/// The runtime's view of types and values: stored fields, metadata kinds and raw layouts.
enum Reflection {
  /// The number of children `Mirror` would show for `value` viewed as `type`.
  ///
  /// For a class, `type` selects one level of the hierarchy.
  static func childCount<T>(of value: T, as type: Any.Type) -> Int {
    runtimeChildCount(value, type: type)
  }

  /// The child at `index` of `value` viewed as `type`, with existentials opened.
  static func child<T>(of value: T, as type: Any.Type, at index: Int) -> Any {
    var name: UnsafePointer<CChar>?
    var release: FieldNameRelease?
    let child = runtimeChild(
      of: value, type: type, index: index, outName: &name, outFreeFunc: &release)
    release?(name)
    return child
  }

  /// The child at `index` of `value` viewed as `type`, with its name: a
  /// property's name, or an enum case's for its payload.
  static func namedChild<T>(of value: T, as type: Any.Type, at index: Int) -> (
    name: String, value: Any
  ) {
    var name: UnsafePointer<CChar>?
    var release: FieldNameRelease?
    let child = runtimeChild(
      of: value, type: type, index: index, outName: &name, outFreeFunc: &release)
    let text = name.map { String(cString: $0) } ?? ""
    release?(name)
    return (text, child)
  }

  /// The stored properties of a struct, tuple or class, in declaration order.
  ///
  /// For a class, properties of every superclass come first. Returns `nil`
  /// when the runtime cannot describe the fields, or their reference
  /// ownership cannot be read; callers then fall back to ``child(of:as:at:)``.
  static func storedFields(of type: Any.Type) -> [StoredField]? {
    var offsetsAndTypes: [(offset: Int, type: Any.Type)] = []
    // `_EachFieldOptions.classType` is a mutable static, which strict
    // concurrency rejects; its raw value is part of the stable SPI.
    let isClass = type is AnyClass
    let options = _EachFieldOptions(rawValue: isClass ? 1 << 0 : 0)
    let complete = _forEachField(of: type, options: options) { _, offset, fieldType, _ in
      offsetsAndTypes.append((offset, fieldType))
      return true
    }
    guard complete else { return nil }

    var records: [FieldRecord] = []
    if let classType = type as? AnyClass {
      for level in classHierarchy(of: classType) {
        guard let levelRecords = fieldRecords(of: level) else { return nil }
        records += levelRecords
      }
    } else if kind(of: type) == .tuple {
      // A tuple's elements are as mutable as the tuple.
      records = Array(
        repeating: FieldRecord(ownership: .strong, isVar: true), count: offsetsAndTypes.count)
    } else {
      guard let structRecords = fieldRecords(of: type) else { return nil }
      records = structRecords
    }
    guard records.count == offsetsAndTypes.count else { return nil }
    return zip(offsetsAndTypes, records).map {
      StoredField(offset: $0.offset, type: $0.type, ownership: $1.ownership, isVar: $1.isVar)
    }
  }

  /// What a field descriptor records of one stored property.
  private struct FieldRecord {
    let ownership: ReferenceOwnership
    let isVar: Bool
  }

  /// The reference ownership and mutability of each stored property declared
  /// by `type` itself (not its superclasses), read from its field descriptor.
  ///
  /// The descriptor layouts read here are the Swift 5 ABI: a type context
  /// descriptor holds a relative pointer to its field descriptor at byte 16;
  /// a field descriptor has a 16-byte header (record size at byte 10, count
  /// at byte 12) followed by records that start with 32-bit flags (bit 1: a
  /// `var`) and hold the mangled type name as a relative pointer at byte 4.
  /// `weak`, `unowned` and `unowned(unsafe)` storage end the mangled name
  /// with `Xw`, `Xo` and `Xu`.
  private static func fieldRecords(of type: Any.Type) -> [FieldRecord]? {
    guard let descriptor = runtimeTypeContextDescriptor(type),
      let fields = relativeTarget(descriptor + 16)
    else { return [] }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12 || count == 0 else { return nil }
    var records: [FieldRecord] = []
    for index in 0..<count {
      let record = fields + 16 + index * recordSize
      guard let mangledName = relativeTarget(record + 4) else { return nil }
      let flags = record.load(as: UInt32.self)
      records.append(
        FieldRecord(ownership: ownership(ofMangledTypeName: mangledName), isVar: flags & 0x2 != 0))
    }
    return records
  }

  /// The payload type of the case with `tag` of the enum `type`, and whether
  /// the case is `indirect`; `nil` for an empty case or an unreadable layout.
  ///
  /// Field records are 12 bytes or more: 32-bit flags (bit 0: indirect case),
  /// then the relative pointer to the mangled type name, absent for an empty
  /// case. Payload cases take tags in the order they are declared, so the
  /// case with tag `n` is the `n`th record with a type.
  static func enumPayloadCase(of type: Any.Type, tag: UInt32) -> (
    type: Any.Type, isIndirect: Bool
  )? {
    guard let descriptor = runtimeTypeContextDescriptor(type),
      let fields = relativeTarget(descriptor + 16)
    else { return nil }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard recordSize >= 12 else { return nil }
    var payloadIndex: UInt32 = 0
    for index in 0..<count {
      let record = fields + 16 + index * recordSize
      guard let mangledName = relativeTarget(record + 4) else { continue }
      defer { payloadIndex += 1 }
      guard payloadIndex == tag else { continue }
      let isIndirect = record.load(as: UInt32.self) & 1 != 0
      // Generic arguments follow the kind and the descriptor in enum metadata.
      let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      guard
        let payloadType = _getTypeByMangledNameInContext(
          mangledName.assumingMemoryBound(to: UInt8.self),
          UInt(mangledNameLength(mangledName)), genericContext: descriptor,
          genericArguments: metadata + 2 * MemoryLayout<Int>.size)
      else { return nil }
      return (payloadType, isIndirect)
    }
    return nil
  }

  /// The length of a mangled name in bytes, symbolic references included.
  private static func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
    var index = 0
    while true {
      switch name.load(fromByteOffset: index, as: UInt8.self) {
      case 0: return index
      case 0x01...0x17: index += 1 + 4
      case 0x18...0x1F: index += 1 + MemoryLayout<Int>.size
      default: index += 1
      }
    }
  }

  /// The address a 32-bit self-relative pointer at `address` points to.
  private static func relativeTarget(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = Int(address.loadUnaligned(as: Int32.self))
    return offset == 0 ? nil : address + offset
  }

  /// Reads the reference-storage suffix of a mangled type name.
  ///
  /// Bytes 0x01–0x17 start a symbolic reference with a 4-byte payload and
  /// 0x18–0x1F one with a pointer-sized payload; payload bytes are skipped so
  /// they are never mistaken for the suffix.
  private static func ownership(ofMangledTypeName name: UnsafeRawPointer) -> ReferenceOwnership {
    var index = 0
    var previous: UInt8 = 0
    var last: UInt8 = 0
    while true {
      let byte = name.load(fromByteOffset: index, as: UInt8.self)
      switch byte {
      case 0:
        guard previous == UInt8(ascii: "X") else { return .strong }
        switch last {
        case UInt8(ascii: "w"): return .weak
        case UInt8(ascii: "o"): return .unowned
        case UInt8(ascii: "u"): return .unmanaged
        default: return .strong
        }
      case 0x01...0x17:
        index += 1 + 4
        (previous, last) = (0, 0)
      case 0x18...0x1F:
        index += 1 + MemoryLayout<Int>.size
        (previous, last) = (0, 0)
      default:
        index += 1
        (previous, last) = (last, byte)
      }
    }
  }

  /// Loads the object a reference field at `address` refers to, if any.
  ///
  /// A `weak` or `unowned` field has the layout of the one-field structs
  /// below, whatever its declared class or class-bound protocol (the witness
  /// tables of an existential follow the reference), so reading through them
  /// makes the compiler emit the same runtime loads as reading the field.
  static func loadObject(at address: UnsafeRawPointer, _ ownership: ReferenceOwnership)
    -> AnyObject?
  {
    switch ownership {
    case .weak:
      return address.assumingMemoryBound(to: WeakStorage.self).pointee.object
    case .unowned:
      return address.assumingMemoryBound(to: UnownedStorage.self).pointee.object
    case .strong, .unmanaged:
      guard let object = address.load(as: UnsafeRawPointer?.self) else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    }
  }

  /// Whether `type` is stored as one pointer to a class instance, or to
  /// nothing: a class, a class-bound existential, or an optional of either.
  ///
  /// A class-bound existential stores the instance first and its witness
  /// tables after it, and the optional of any of these is `nil` exactly when
  /// that first word is zero.
  static func isObjectReference(_ type: Any.Type) -> Bool {
    switch kind(of: type) {
    case .class:
      return true
    case .existential:
      return isClassBoundExistential(type)
    case .optional:
      guard let optional = type as? any OptionalType.Type else { return false }
      let wrapped = optional.wrappedType
      return kind(of: wrapped) == .class
        || (kind(of: wrapped) == .existential && isClassBoundExistential(wrapped))
    default:
      return false
    }
  }

  /// Whether an existential type only holds class instances.
  ///
  /// Existential type metadata stores 32 bits of flags after the kind; the
  /// top bit is clear when the existential is class-bound.
  private static func isClassBoundExistential(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let flags = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UInt32.self)
    return flags & 0x8000_0000 == 0
  }

  /// What kind of type `type` is, from its metadata kind.
  static func kind(of type: Any.Type) -> TypeKind {
    switch _MetadataKind(rawValue: runtimeMetadataKind(type)) ?? .unknown {
    case .class: .class
    case .struct: .struct
    case .enum: .enum
    case .optional: .optional
    case .tuple: .tuple
    case .existential: .existential
    case .function, .metatype, .existentialMetatype, .opaque: .plainData
    case .foreignClass, .objcClassWrapper: .foreignObject
    default: .unknown
    }
  }

  /// Whether an enum has no case with a payload, so its values hold nothing.
  ///
  /// Reads the enum's nominal type descriptor: the word after the kind in
  /// enum metadata points to it, and its sixth 32-bit field counts the
  /// payload cases in its low 24 bits (the stable Swift 5 ABI layout).
  static func enumHasNoPayloadCases(_ type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard
      let descriptor = metadata.load(
        fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer?.self)
    else { return false }
    let payloadCasesAndSizeOffset = descriptor.load(fromByteOffset: 20, as: UInt32.self)
    return payloadCasesAndSizeOffset & 0x00FF_FFFF == 0
  }

  // MARK: - Raw layouts

  /// A key for the class of the object at `object`, equal for instances of one class.
  ///
  /// Without Objective-C interop this is the object's first word, its class
  /// metadata, which skips the runtime's general dynamic-type lookup.
  @inline(__always)
  static func classKey(of object: UnsafeRawPointer) -> UInt {
    #if _runtime(_ObjC) || SWIFTREDUCE_PORTABLE_TRAVERSAL
      return UInt(bitPattern: ObjectIdentifier(classType(of: object)))
    #else
      return object.load(as: UInt.self)
    #endif
  }

  /// The class of the object at `object`.
  static func classType(of object: UnsafeRawPointer) -> AnyClass {
    // Unmanaged: the caller keeps the object alive; this only asks its type.
    Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { type(of: $0) }
  }

  /// The object a strong or `unowned(unsafe)` reference at `address` points
  /// to, unretained, or `nil`: such a reference (to a class or a class-bound
  /// existential, or an optional of either) is the object's address in its first word.
  @inline(__always)
  static func objectAddress(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
    address.load(as: UnsafeRawPointer?.self)
  }

  /// The storage object of the `Array` or `ContiguousArray` at `address`: an
  /// array is one reference to it.
  @inline(__always)
  static func arrayStorage(at address: UnsafeRawPointer) -> UnsafeRawPointer {
    address.load(as: UnsafeRawPointer.self)
  }

  /// The element count of the `Array` or `ContiguousArray` storage object at `storage`.
  @inline(__always)
  static func arrayCount(storage: UnsafeRawPointer) -> Int {
    storage.load(fromByteOffset: 2 * MemoryLayout<Int>.size, as: Int.self)
  }

  /// The address of the first element in the array storage object at `storage`.
  @inline(__always)
  static func arrayElements(storage: UnsafeRawPointer) -> UnsafeRawPointer {
    storage + 4 * MemoryLayout<Int>.size
  }

  /// Whether `type` is an actor class (distributed actors included).
  static func isActor(_ type: Any.Type) -> Bool {
    guard let descriptor = runtimeTypeContextDescriptor(type) else { return false }
    let flags = descriptor.load(as: UInt32.self)
    return flags & (1 << (16 + 7)) != 0
  }

  /// The chain of classes from the root-most superclass down to `type`.
  static func classHierarchy(of type: AnyClass) -> [AnyClass] {
    var chain: [AnyClass] = [type]
    while let superclass = _getSuperclass(chain[chain.count - 1]) {
      chain.append(superclass)
    }
    return chain.reversed()
  }
}

// MARK: - Printing and copying model trees

// `TreeSnapshot` and `ModelTreeCopy` rely on these facts, each pinned by a
// test in `ReflectionTests`:
// - field names come from the same runtime walk as `storedFields(of:)`, in
//   the same order (`namedFieldsFollowStoredFieldOrder`);
// - class metadata holds the instance size (UInt32) and alignment mask
//   (UInt16) two words and 8 bytes past its start, after three more words of
//   Objective-C cache and data pointers where that interop exists
//   (`instanceSizeAndAlignmentComeFromClassMetadata`);
// - `swift_allocObject` returns a retained instance with its header set and
//   its stored properties uninitialised (`allocatedInstanceRunsItsDeinit`);
// - an object reference, strong or `weak`/`unowned` storage, class-bound
//   existential or not, keeps the instance (or its weak side-table entry) in
//   its first word and only witness tables after it
//   (`weakExistentialFieldKeepsItsWitnessTable`).

/// The runtime's `swift_allocObject(metadata, size, alignmentMask)`.
///
/// It is looked up at run time because the compiler reserves the name, so it
/// cannot be declared with `@_silgen_name`; `nil` where the runtime does not
/// export it (a statically linked standard library).
private let runtimeAllocObject:
  (@convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer)? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_allocObject") else { return nil }
    return unsafeBitCast(
      symbol,
      to: (@convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer).self)
  }()

/// The runtime's `swift_projectBox(box)`, looked up like `swift_allocObject`.
private let runtimeProjectBox: (@convention(c) (UnsafeRawPointer) -> UnsafeMutableRawPointer)? = {
  guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_projectBox") else { return nil }
  return unsafeBitCast(
    symbol, to: (@convention(c) (UnsafeRawPointer) -> UnsafeMutableRawPointer).self)
}()

extension Reflection {
  /// Words of Objective-C cache and class-data pointers in class metadata
  /// between the superclass and the Swift-specific fields.
  #if _runtime(_ObjC)
    private static let objectiveCClassMetadataWords = 3
  #else
    private static let objectiveCClassMetadataWords = 0
  #endif

  /// The runtime's metadata kind of `type`, for the printing and copying
  /// layouts, which tell apart more kinds than the walk does.
  static func metadataKind(of type: Any.Type) -> _MetadataKind {
    _MetadataKind(rawValue: runtimeMetadataKind(type)) ?? .unknown
  }

  /// The names of the stored properties of a struct, tuple or class, in the
  /// order of ``storedFields(of:)``, or `nil` when the runtime cannot list them.
  static func storedFieldNames(of type: Any.Type) -> [String]? {
    var names: [String] = []
    let options = _EachFieldOptions(rawValue: type is AnyClass ? 1 << 0 : 0)
    let complete = _forEachField(of: type, options: options) { name, _, _, _ in
      names.append(String(cString: name))
      return true
    }
    return complete ? names : nil
  }

  /// The byte size and alignment mask of an instance of `type`, header included.
  static func instanceSizeAndAlignmentMask(of type: AnyClass) -> (size: Int, alignmentMask: Int) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let offset = (2 + objectiveCClassMetadataWords) * MemoryLayout<Int>.size + 8
    let size = metadata.load(fromByteOffset: offset, as: UInt32.self)
    let mask = metadata.load(fromByteOffset: offset + 4, as: UInt16.self)
    return (Int(size), Int(mask))
  }

  /// A new instance of `type` whose stored properties are not initialised,
  /// or `nil` when the runtime's allocator cannot be found.
  ///
  /// No initialiser runs. The caller must initialise every stored property
  /// before the instance is released, since its deinitialiser destroys them.
  /// A new heap object of the heap metadata at `metadata`, `size` bytes in
  /// all, retained once, its contents uninitialised; `nil` where the
  /// runtime's allocator cannot be found.
  static func allocateObject(
    metadata: UnsafeRawPointer, size: Int, alignmentMask: Int
  ) -> UnsafeMutableRawPointer? {
    runtimeAllocObject?(metadata, size, alignmentMask)
  }

  /// The address of the value inside a box of an `indirect` enum case, or
  /// `nil` where the runtime's `swift_projectBox` cannot be found.
  static func projectBox(_ box: UnsafeRawPointer) -> UnsafeMutableRawPointer? {
    runtimeProjectBox?(box)
  }

  static func allocateUninitializedInstance(of type: AnyClass) -> AnyObject? {
    guard let runtimeAllocObject else { return nil }
    let (size, alignmentMask) = instanceSizeAndAlignmentMask(of: type)
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // The runtime returns the instance retained once; the caller now owns it.
    let instance = runtimeAllocObject(metadata, size, alignmentMask)
    return Unmanaged<AnyObject>.fromOpaque(instance).takeRetainedValue()
  }

  /// Initialises the reference field at `destination`, of `size` bytes and
  /// `ownership`, to `object`, copying any witness tables from `source`.
  static func initializeReference(
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

  /// Replaces the object held by the initialised reference field at `address`
  /// (a class, a class-bound existential or an optional of either, stored
  /// with `ownership`), keeping its witness tables.
  static func replaceReference(
    at address: UnsafeMutableRawPointer, ownership: ReferenceOwnership, with object: AnyObject
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
      let new = Unmanaged.passRetained(object).toOpaque()
      address.storeBytes(of: UnsafeRawPointer(new), as: UnsafeRawPointer?.self)
      if let old { Unmanaged<AnyObject>.fromOpaque(old).release() }
    case .unmanaged:
      let new = Unmanaged.passUnretained(object).toOpaque()
      address.storeBytes(of: UnsafeRawPointer(new), as: UnsafeRawPointer?.self)
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

/// Lets the plan builder recognise arrays whose storage it can walk directly.
protocol ContiguousStorageArray {
  static var storedElementType: Any.Type { get }
}

#if !_runtime(_ObjC) && !SWIFTREDUCE_PORTABLE_TRAVERSAL
  // Where Objective-C interop exists, an `Array` may be backed by an
  // `NSArray`, so its storage is walked only where it cannot be.
  extension Array: ContiguousStorageArray {
    static var storedElementType: Any.Type { Element.self }
  }
#endif

// `ContiguousArray` always has native storage.
extension ContiguousArray: ContiguousStorageArray {
  static var storedElementType: Any.Type { Element.self }
}

/// The kinds of type the plan builder tells apart.
enum TypeKind {
  case `class`
  case `struct`
  case `enum`
  case optional
  case tuple
  case existential
  /// Functions, metatypes and opaque builtins: they hold no models.
  case plainData
  /// Foreign and Objective-C classes: never models.
  case foreignObject
  /// A kind this code does not know.
  case unknown
}
