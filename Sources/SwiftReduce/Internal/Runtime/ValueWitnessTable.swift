/// A type's value witness table: the functions and sizes the runtime uses to
/// copy, move and destroy values of the type, read through the fields
/// SwiftReduce uses.
///
/// The layout is the stable Swift 5 ABI on 64-bit platforms: eight functions,
/// then the size, the stride, 32-bit flags at byte 80 and the count of extra
/// inhabitants; an enum's table (flag `hasEnumWitnesses`, bit 21) goes on with
/// three functions at bytes 88, 96 and 104. Pinned by
/// `enumTagProjectionAndInjectionRoundTrip`.
struct ValueWitnessTable {
  let address: UnsafeRawPointer

  private enum Layout {
    static let flags = TypedOffset<UInt32>(at: 80)
    static let getEnumTag = TypedOffset<UnsafeRawPointer>(at: 88)
    static let destructiveProjectEnumData = TypedOffset<UnsafeRawPointer>(at: 96)
    static let destructiveInjectEnumTag = TypedOffset<UnsafeRawPointer>(at: 104)
  }

  private static let hasEnumWitnesses: UInt32 = 1 << 21

  /// Whether the offsets here are those of this platform: 64-bit words.
  static var isReadable: Bool { MemoryLayout<Int>.size == 8 }

  /// The table's flags.
  var flags: UInt32 { Layout.flags.load(from: address) }

  /// Whether the table ends with the enum functions.
  var hasEnumWitnesses: Bool { flags & Self.hasEnumWitnesses != 0 }

  /// `getEnumTag(value, metadata) -> UInt32`.
  var getEnumTag: UnsafeRawPointer { Layout.getEnumTag.load(from: address) }

  /// `destructiveProjectEnumData(value, metadata)`.
  var destructiveProjectEnumData: UnsafeRawPointer {
    Layout.destructiveProjectEnumData.load(from: address)
  }

  /// `destructiveInjectEnumTag(value, tag, metadata)`.
  var destructiveInjectEnumTag: UnsafeRawPointer {
    Layout.destructiveInjectEnumTag.load(from: address)
  }
}
