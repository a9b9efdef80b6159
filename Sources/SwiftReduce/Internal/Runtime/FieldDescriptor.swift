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

  private enum Layout {
    static let recordSize = TypedOffset<UInt16>(at: 10)
    static let count = TypedOffset<UInt32>(at: 12)
    static let records = 16
  }

  /// The size of each record in bytes.
  var recordSize: Int { Int(Layout.recordSize.load(from: address)) }

  /// The number of records.
  var count: Int { Int(Layout.count.load(from: address)) }

  /// The records, or `nil` when their size is smaller than the fields read from them.
  var records: [FieldRecord]? {
    let (size, count) = (recordSize, count)
    guard size >= FieldRecord.minimumSize || count == 0 else { return nil }
    return (0..<count).map { FieldRecord(address: address + Layout.records + $0 * size) }
  }
}

/// One record of a ``FieldDescriptor``: a stored property, or an enum case.
///
/// Pinned by `fieldRecordsTellAVarFromALet`, `fieldRecordsTellReferenceOwnership`
/// and `payloadCasesAreFoundAmongEmptyCases`.
struct FieldRecord {
  let address: UnsafeRawPointer

  private enum Layout {
    static let flags = TypedOffset<UInt32>(at: 0)
    static let mangledTypeName = TypedOffset<RelativePointer>(at: 4)
  }

  /// The bytes read here: the flags and the mangled type name's pointer.
  static let minimumSize = 12

  private var flags: UInt32 { Layout.flags.load(from: address) }

  /// Whether a stored property is a `var` (flag bit 1).
  var isVar: Bool { flags & 0x2 != 0 }

  /// Whether an enum case is `indirect` (flag bit 0).
  var isIndirectCase: Bool { flags & 0x1 != 0 }

  /// The mangled name of the property's type or the case's payload; `nil`
  /// for an enum case without a payload.
  var mangledTypeName: MangledName? {
    Layout.mangledTypeName.target(in: address).map(MangledName.init)
  }
}
