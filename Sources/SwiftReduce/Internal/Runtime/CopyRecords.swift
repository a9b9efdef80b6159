/// A history's copies of its models, one record per model in the order they
/// are compared, in one run of bytes: a look reads this stream and the
/// models, and no index beside them.
///
/// A record is a header of two words, then the model's block of copies. The
/// header holds where the block mirrors the model: the address of the span
/// of `words` words in the model (which the owner holds, so that it does not
/// move), then those words and the record's size in bytes, each in 32 bits,
/// read without unpacking. The block is right behind the header,
/// `blockWords` words long (the span's, and any its owner keeps after them).
/// A block that mirrors no span (`words` is `-1`) is aligned as its owner
/// asks, and read through the offset its owner keeps. Each header starts at
/// the first word after the block before it, so a cursor steps from one
/// record to the next by the size in the header, or from the block's size.
///
/// A handle, as ``ByteArena``, which holds the bytes: an `assert` (debug
/// only) on every step, no checks in release builds, freed by its owner.
struct CopyRecords {
  /// The bytes of a header: the span's address, its words, the record's size.
  static let headerSize = 16
  /// Where a header holds the span's words, and the record's size, 32 bits each.
  private static let wordsOffset = 8
  private static let sizeOffset = 12

  private var arena: ByteArena
  /// How many records were appended.
  private(set) var count = 0

  init(capacity: Int = 0) {
    arena = ByteArena(capacity: capacity)
  }

  func free() {
    arena.free()
  }

  /// The bytes taken, headers, blocks and padding.
  var used: Int { arena.used }

  /// Appends the record of a model whose block of `blockWords` words
  /// mirrors the `words` words (at most 64) of the model at `span`, right
  /// behind the header; returns the block's offset, its bytes uninitialised.
  mutating func append(span: UnsafeRawPointer, words: Int, blockWords: Int) -> Int {
    assert(words >= 0 && words <= 64, "a span of \(words) words")
    assert(blockWords >= words && blockWords <= 1 << 24, "a block of \(blockWords) words")
    return append(
      span, words: words, recordSize: Self.headerSize &+ blockWords &* 8, size: blockWords &* 8,
      alignment: 8)
  }

  /// Appends the record of the model at `object` whose block of `size`
  /// bytes at `alignment` mirrors no span; returns the block's offset, its
  /// bytes uninitialised.
  mutating func append(object: UnsafeRawPointer, size: Int, alignment: Int) -> Int {
    // Stepped past from the block's size: no size in the header.
    append(object, words: -1, recordSize: 0, size: size, alignment: alignment)
  }

  private mutating func append(
    _ span: UnsafeRawPointer, words: Int, recordSize: Int, size: Int, alignment: Int
  ) -> Int {
    let header = arena.reserve(Self.headerSize, alignment: 8)
    let block = arena.reserve(size, alignment: alignment)
    let address = arena.address(header)
    Words.store(UInt64(UInt(bitPattern: span)), to: address)
    address.storeBytes(
      of: Int32(truncatingIfNeeded: words), toByteOffset: Self.wordsOffset, as: Int32.self)
    address.storeBytes(
      of: Int32(truncatingIfNeeded: recordSize), toByteOffset: Self.sizeOffset, as: Int32.self)
    count &+= 1
    return block
  }

  /// The address of the block at `offset`.
  @inline(__always)
  func block(at offset: Int) -> UnsafeMutableRawPointer {
    arena.address(offset)
  }

  /// A cursor at the first record, or `nil` when there is none.
  @inline(__always)
  func first() -> RecordCursor? {
    guard count > 0 else { return nil }
    // The end rounded up to a word, where a step past the last block lands.
    let end = (Int(bitPattern: arena.address(arena.used)) &+ 7) & ~7
    return RecordCursor(
      address: arena.address(0), end: UnsafeRawPointer(bitPattern: end).unsafelyUnwrapped)
  }

  /// The place of one record, which steps to the next; borrowed: valid until
  /// the next append.
  struct RecordCursor {
    // Unsafe: the header of a record appended, read without a check in release builds.
    private var address: UnsafeMutableRawPointer
    /// The end of the records, for the debug checks.
    private let end: UnsafeRawPointer

    fileprivate init(address: UnsafeMutableRawPointer, end: UnsafeRawPointer) {
      self.address = address
      self.end = end
    }

    /// The address of the span the block mirrors, in the model.
    @inline(__always)
    var span: UnsafeRawPointer {
      assert(UnsafeRawPointer(address) + CopyRecords.headerSize <= end, "past the last record")
      return UnsafeRawPointer(bitPattern: UInt(Words.load(address))).unsafelyUnwrapped
    }

    /// The span's words, `-1` for a block that mirrors none.
    @inline(__always)
    var words: Int {
      assert(UnsafeRawPointer(address) + CopyRecords.headerSize <= end, "past the last record")
      return Int(address.load(fromByteOffset: CopyRecords.wordsOffset, as: Int32.self))
    }

    /// The block of a record whose block mirrors a span: right behind the header.
    @inline(__always)
    var spanBlock: UnsafeMutableRawPointer {
      address + CopyRecords.headerSize
    }

    /// Steps to the next record, past a block that mirrors a span.
    @inline(__always)
    mutating func advance() {
      let size = Int(address.load(fromByteOffset: CopyRecords.sizeOffset, as: Int32.self))
      assert(size >= CopyRecords.headerSize, "a record that mirrors no span, of no size")
      address += size
      assert(UnsafeRawPointer(address) <= end, "stepped past the records' end")
    }

    /// Steps to the next record, past a block of `size` bytes at `block`.
    @inline(__always)
    mutating func advance(pastBlockAt block: UnsafeRawPointer, size: Int) {
      assert(
        block >= UnsafeRawPointer(address) + CopyRecords.headerSize, "a block before its header")
      // The next header is at the first word after the block.
      let next = (Int(bitPattern: block) &+ size &+ 7) & ~7
      address = UnsafeMutableRawPointer(bitPattern: next).unsafelyUnwrapped
      assert(UnsafeRawPointer(address) <= end, "stepped past the records' end")
    }
  }
}
