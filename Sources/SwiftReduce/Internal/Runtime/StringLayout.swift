/// A `String` as the standard library lays it out on 64-bit platforms: two
/// words, the second holding the string's storage object with its form in
/// the top four bits.
///
/// The top bit of the second word marks an immortal string, one whose copies
/// the runtime never retains or releases: a small string (its UTF-8 in the
/// two words themselves, up to 15 bytes) or a literal. A copy of one's bytes
/// is then a copy of the string, with nothing to retain or release (and
/// releasing one, as a `String`'s copy does, changes nothing).
/// Pinned by `stringsTopBitMarksTheStringsCopiedWithoutRetaining`.
enum StringLayout {
  /// Whether strings are laid out as this describes: two words, as on every
  /// 64-bit platform (a 32-bit platform's are twelve bytes, laid out otherwise).
  static let isTwoWords = MemoryLayout<String>.size == 16 && MemoryLayout<Int>.size == 8

  /// The bit of the second word that marks an immortal string.
  static let immortalBit: UInt64 = 1 << 63

  /// Whether the `String` at `string` is immortal: its bytes copied are a copy.
  @inline(__always)
  static func isImmortal(_ string: UnsafeRawPointer) -> Bool {
    string.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & immortalBit != 0
  }
}
