/// The runtime's field descriptor of a nominal type: one record per stored
/// property of a struct or class (its own, not its superclasses'), or per case
/// of an enum, in declaration order.
///
/// The layout is the stable Swift 5 ABI (`FieldDescriptor`): a 16-byte header,
/// with the size of a record (16 bits) at byte 10 and the number of records
/// (32 bits) at byte 12, then the records. Pinned by `fieldRecordsTellAVarFromALet`
/// and `payloadCasesAreFoundAmongEmptyCases`.
struct FieldDescriptor {
  let address: UnsafeRawPointer

  private enum Offset {
    static let recordSize = 10
    static let count = 12
    static let records = 16
  }

  /// The size of each record in bytes.
  var recordSize: Int { Int(address.load(fromByteOffset: Offset.recordSize, as: UInt16.self)) }

  /// The number of records.
  var count: Int { Int(address.load(fromByteOffset: Offset.count, as: UInt32.self)) }

  /// The records, or `nil` when their size is smaller than the fields read from them.
  var records: [FieldRecord]? {
    let (size, count) = (recordSize, count)
    guard size >= FieldRecord.minimumSize || count == 0 else { return nil }
    return (0..<count).map { FieldRecord(address: address + Offset.records + $0 * size) }
  }
}

/// One record of a ``FieldDescriptor``: a stored property, or an enum case.
///
/// Pinned by `fieldRecordsTellAVarFromALet`, `fieldRecordsTellReferenceOwnership`
/// and `payloadCasesAreFoundAmongEmptyCases`.
struct FieldRecord {
  let address: UnsafeRawPointer

  private enum Offset {
    static let flags = 0
    static let mangledTypeName = 4
  }

  /// The bytes read here: the flags and the mangled type name's pointer.
  static let minimumSize = 12

  private var flags: UInt32 { address.load(fromByteOffset: Offset.flags, as: UInt32.self) }

  /// Whether a stored property is a `var` (flag bit 1).
  var isVar: Bool { flags & 0x2 != 0 }

  /// Whether an enum case is `indirect` (flag bit 0).
  var isIndirectCase: Bool { flags & 0x1 != 0 }

  /// The mangled name of the property's type or the case's payload; `nil`
  /// for an enum case without a payload.
  var mangledTypeName: MangledName? {
    RelativePointer(address: address + Offset.mangledTypeName).target.map(MangledName.init)
  }
}
