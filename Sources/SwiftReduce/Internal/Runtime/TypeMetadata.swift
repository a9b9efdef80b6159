/// The runtime's metadata record of a type, read through the fields SwiftReduce uses.
///
/// A metatype (`Any.Type`) is the address of this record: one word of kind
/// (for a class, its isa pointer), then fields that depend on the kind. The
/// word before the record points to the type's value witness table. The
/// layouts are the stable Swift 5 ABI.
struct TypeMetadata {
  let address: UnsafeRawPointer

  private static let word = MemoryLayout<Int>.size

  /// The metadata of `type`.
  @inline(__always)
  init(_ type: Any.Type) {
    // A metatype is one word: the address of the type's metadata.
    address = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The type's value witness table, from the word before the record.
  ///
  /// Pinned by `enumTagProjectionAndInjectionRoundTrip`.
  var valueWitnesses: ValueWitnessTable {
    ValueWitnessTable(address: (address - Self.word).load(as: UnsafeRawPointer.self))
  }

  /// The generic arguments of a struct or enum, which follow the kind and the descriptor pointer:
  /// where a mangled name in its descriptor finds them.
  ///
  /// Pinned by `payloadCaseOfAGenericEnumIsItsArgument`.
  var genericArguments: UnsafeRawPointer { address + 2 * Self.word }

  // MARK: - Existentials

  /// Whether an existential type only holds class instances: its metadata stores 32 bits of flags
  /// after the kind, whose top bit is clear when it is class-bound.
  ///
  /// Pinned by `classBoundExistentialsAreStoredAsOneReference`.
  var isClassBoundExistential: Bool {
    address.load(fromByteOffset: Self.word, as: UInt32.self) & 0x8000_0000 == 0
  }

  // MARK: - Classes

  /// Words of Objective-C cache and class-data pointers in class metadata
  /// between the superclass and the Swift-specific fields.
  #if _runtime(_ObjC)
    private static let objectiveCClassWords = 3
  #else
    private static let objectiveCClassWords = 0
  #endif

  /// Where a class's instance size (32 bits) is, followed by its alignment
  /// mask (16 bits): two words and 8 bytes in, after the Objective-C words
  /// where that interop exists (the kind or isa, the superclass, then the
  /// class flags and the address point, 4 bytes each).
  private static let instanceSizeOffset = (2 + objectiveCClassWords) * word + 8

  /// The byte size of an instance of a class, header included.
  ///
  /// Pinned by `instanceSizeAndAlignmentComeFromClassMetadata`.
  var instanceSize: Int {
    Int(address.load(fromByteOffset: Self.instanceSizeOffset, as: UInt32.self))
  }

  /// The alignment mask of an instance of a class.
  ///
  /// Pinned by `instanceSizeAndAlignmentComeFromClassMetadata`.
  var instanceAlignmentMask: Int {
    Int(address.load(fromByteOffset: Self.instanceSizeOffset + 4, as: UInt16.self))
  }
}
