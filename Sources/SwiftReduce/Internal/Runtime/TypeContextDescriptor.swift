/// The runtime's context descriptor of a nominal type (class, struct or enum),
/// read through the fields SwiftReduce uses.
///
/// The layout is the stable Swift 5 ABI (`TargetTypeContextDescriptor`): 32-bit
/// flags, then relative pointers to the parent, the name, the access function
/// and the field descriptor; an enum's descriptor goes on with its case counts.
struct TypeContextDescriptor {
  let address: UnsafeRawPointer

  /// The fields read here.
  private enum Layout {
    static let flags = TypedOffset<UInt32>(at: 0)
    static let name = TypedOffset<RelativePointer>(at: 8)
    static let fields = TypedOffset<RelativePointer>(at: 16)
    static let payloadCasesAndPayloadSizeOffset = TypedOffset<UInt32>(at: 20)
  }

  /// The descriptor of `type`, or `nil` when it is not a nominal type.
  init?(of type: Any.Type) {
    guard let address = RuntimeFunctions.typeContextDescriptor(of: type) else { return nil }
    self.address = address
  }

  /// The descriptor's 32-bit flags.
  var flags: UInt32 { Layout.flags.load(from: address) }

  /// Whether a class's descriptor marks it as an actor, distributed actors included: the flags'
  /// kind-specific bit 7 (bit 23).
  ///
  /// Pinned by `actorIsNeverEnteredEvenWhenItIsAModel`, `distributedActorIsNeverEntered` and
  /// `actorClassesAreToldFromTheirDescriptor`.
  var isActor: Bool { flags & (1 << (16 + 7)) != 0 }

  /// The type's own name, without its module or generic arguments, from the
  /// relative pointer at byte 8 to a C string.
  ///
  /// Pinned by `typeContextDescriptorNamesTheType`.
  var name: String? {
    Layout.name.target(in: address).map {
      String(cString: $0.assumingMemoryBound(to: CChar.self))
    }
  }

  /// The type's field descriptor, from the relative pointer at byte 16; `nil` when the type has
  /// none.
  ///
  /// Pinned by `fieldRecordsTellAVarFromALet`.
  var fieldDescriptor: FieldDescriptor? {
    Layout.fields.target(in: address).map(FieldDescriptor.init)
  }

  /// The number of an enum's cases with a payload: the low 24 bits of its descriptor's 32-bit field
  /// at byte 20.
  ///
  /// Pinned by `enumDescriptorCountsPayloadCases`.
  var enumPayloadCaseCount: Int {
    Int(Layout.payloadCasesAndPayloadSizeOffset.load(from: address) & 0x00FF_FFFF)
  }
}
