/// The runtime's context descriptor of a nominal type (class, struct or enum),
/// read through the fields SwiftReduce uses.
///
/// The layout is the stable Swift 5 ABI (`TargetTypeContextDescriptor`): 32-bit
/// flags, then relative pointers to the parent, the name, the access function
/// and the field descriptor; an enum's descriptor goes on with its case counts.
struct TypeContextDescriptor {
  let address: UnsafeRawPointer

  /// Byte offsets of the fields read here.
  private enum Offset {
    static let flags = 0
    static let fields = 16
    static let payloadCasesAndPayloadSizeOffset = 20
  }

  /// The descriptor of `type`, or `nil` when it is not a nominal type.
  init?(of type: Any.Type) {
    guard let address = RuntimeFunctions.typeContextDescriptor(of: type) else { return nil }
    self.address = address
  }

  /// The descriptor's 32-bit flags.
  var flags: UInt32 { address.load(fromByteOffset: Offset.flags, as: UInt32.self) }

  /// Whether a class's descriptor marks it as an actor, distributed actors included: the flags'
  /// kind-specific bit 7 (bit 23).
  ///
  /// Pinned by `actorIsNeverEnteredEvenWhenItIsAModel`, `distributedActorIsNeverEntered` and
  /// `actorClassesAreToldFromTheirDescriptor`.
  var isActor: Bool { flags & (1 << (16 + 7)) != 0 }

  /// The type's field descriptor, from the relative pointer at byte 16; `nil` when the type has
  /// none.
  ///
  /// Pinned by `fieldRecordsTellAVarFromALet`.
  var fieldDescriptor: FieldDescriptor? {
    RelativePointer(address: address + Offset.fields).target.map(FieldDescriptor.init)
  }

  /// The number of an enum's cases with a payload: the low 24 bits of its descriptor's 32-bit field
  /// at byte 20.
  ///
  /// Pinned by `enumDescriptorCountsPayloadCases`.
  var enumPayloadCaseCount: Int {
    let field = address.load(
      fromByteOffset: Offset.payloadCasesAndPayloadSizeOffset, as: UInt32.self)
    return Int(field & 0x00FF_FFFF)
  }
}
