/// A native Swift heap object (a class instance or a box), read through the
/// fields SwiftReduce uses.
///
/// Its header is two words: the object's metadata (its isa), then its
/// reference counts; the stored properties follow. Native objects are
/// 16-byte aligned, which the walk's visited set relies on, keeping one bit
/// per 16 bytes of heap (pinned by `sharedInstanceIsReducedOnceAtItsFirstPosition`).
struct HeapObject {
  let address: UnsafeRawPointer

  @inline(__always)
  init(_ address: UnsafeRawPointer) { self.address = address }

  /// The object's metadata: its first word.
  ///
  /// Read only without Objective-C interop, where an object's first word can be a non-pointer isa.
  /// Pinned by `classKeyIsTheObjectsMetadata`.
  @inline(__always)
  var metadata: UnsafeRawPointer { address.load(as: UnsafeRawPointer.self) }

  /// A key for the object's class, equal for instances of one class.
  ///
  /// Without Objective-C interop this is the object's first word, its class
  /// metadata, which skips the runtime's general dynamic-type lookup.
  /// Pinned by `classKeyIsTheObjectsMetadata`.
  @inline(__always)
  var classKey: UInt {
    Portability.takesApplePaths
      ? UInt(bitPattern: ObjectIdentifier(classType)) : UInt(bitPattern: metadata)
  }

  /// The object's class, from the runtime's dynamic-type lookup.
  var classType: AnyClass {
    // Unmanaged: the caller keeps the object alive; this only asks its type.
    Unmanaged<AnyObject>.fromOpaque(address)._withUnsafeGuaranteedRef { type(of: $0) }
  }

  // MARK: - Allocating

  /// A new heap object of the heap metadata at `metadata`, `size` bytes in all, retained once, its
  /// contents after the header uninitialised; `nil` where the runtime's allocator cannot be found.
  ///
  /// Pinned by `allocatedInstanceRunsItsDeinit`.
  static func allocate(
    metadata: UnsafeRawPointer, size: Int, alignmentMask: Int
  ) -> UnsafeMutableRawPointer? {
    RuntimeFunctions.allocateObject?(metadata, size, alignmentMask)
  }

  /// A new instance of `type` whose stored properties are not initialised,
  /// or `nil` when the runtime's allocator cannot be found.
  ///
  /// No initialiser runs. The caller must initialise every stored property
  /// before the instance is released, since its deinitialiser destroys them.
  static func allocateUninitializedInstance(of type: AnyClass) -> AnyObject? {
    let metadata = TypeMetadata(type)
    guard
      let instance = allocate(
        metadata: metadata.address, size: metadata.instanceSize,
        alignmentMask: metadata.instanceAlignmentMask)
    else { return nil }
    // The runtime returns the instance retained once; the caller now owns it.
    return Unmanaged<AnyObject>.fromOpaque(instance).takeRetainedValue()
  }

  // MARK: - Boxes

  /// The address of the value inside this box (an `indirect` enum case's), or `nil` where the
  /// runtime's `swift_projectBox` cannot be found.
  ///
  /// The value sits at the same offset in every box of the box's metadata. Pinned by
  /// `indirectPayloadsAreCopiedIntoNewBoxes`.
  var boxedValue: UnsafeMutableRawPointer? { RuntimeFunctions.projectBox?(address) }
}
