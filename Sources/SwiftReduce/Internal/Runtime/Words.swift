/// Words of memory read, written, copied and compared as 64-bit integers:
/// the history's copies of a model's plain properties and of the span of
/// words that holds them (see `RecordedLayout`), a word and a string at a time.
///
/// A word at an offset a multiple of eight from an address aligned to a word
/// is read aligned (``load(_:at:)``); a property's copy may not be, and is
/// read with ``loadAnyAligned(_:at:)``. Debug builds assert each alignment.
enum Words {
  /// The word `offset` bytes from `address`, which is aligned to a word.
  @inline(__always)
  static func load(_ address: UnsafeRawPointer, at offset: Int = 0) -> UInt64 {
    assert(
      (Int(bitPattern: address) &+ offset) & 7 == 0,
      "a word at \(address) + \(offset) is not aligned")
    return address.load(fromByteOffset: offset, as: UInt64.self)
  }

  /// The word `offset` bytes from `address`, at any alignment.
  @inline(__always)
  static func loadAnyAligned(_ address: UnsafeRawPointer, at offset: Int = 0) -> UInt64 {
    address.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  /// Writes `word` `offset` bytes from `address`, at any alignment.
  @inline(__always)
  static func store(_ word: UInt64, to address: UnsafeMutableRawPointer, at offset: Int = 0) {
    address.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
  }

  /// Whether the two words from `first` and from `second` are the same, at any alignment.
  @inline(__always)
  static func sameTwo(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer) -> Bool {
    loadAnyAligned(first) == loadAnyAligned(second)
      && loadAnyAligned(first, at: 8) == loadAnyAligned(second, at: 8)
  }

  /// Copies `count` words from `source` to `destination`, both aligned to a word.
  @inline(__always)
  static func copy(
    _ count: Int, to destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer
  ) {
    assert(count >= 0, "cannot copy \(count) words")
    @inline(__always)
    func copy(_ word: Int) {
      store(load(source, at: word &* 8), to: destination, at: word &* 8)
    }
    // The common spans without a loop, as in ``changed(_:_:count:)``.
    switch count {
    case 4:
      copy(3)
      fallthrough
    case 3:
      copy(2)
      fallthrough
    case 2:
      copy(1)
      fallthrough
    case 1: copy(0)
    default: for word in 0..<count { copy(word) }
    }
  }

  /// Copies the words from `source` to `destination` that `marked` marks, a
  /// bit each (the first word the lowest bit); both are aligned to a word.
  @inline(__always)
  static func copy(
    marked: UInt64, to destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer
  ) {
    var left = marked
    while left != 0 {
      let word = left.trailingZeroBitCount &* 8
      left &= left &- 1
      store(load(source, at: word), to: destination, at: word)
    }
  }

  /// Whether any of the `count` words from `first` differs from those from
  /// `second`, both aligned to a word: the differences folded together,
  /// with one branch at the end.
  @inline(__always)
  static func differ(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
    @inline(__always)
    func difference(_ word: Int) -> UInt64 {
      load(first, at: word &* 8) ^ load(second, at: word &* 8)
    }
    // The common spans without a loop: a model of a few properties.
    switch count {
    case 1: return difference(0) != 0
    case 2: return difference(0) | difference(1) != 0
    case 3: return difference(0) | difference(1) | difference(2) != 0
    case 4: return difference(0) | difference(1) | difference(2) | difference(3) != 0
    case 5:
      return difference(0) | difference(1) | difference(2) | difference(3) | difference(4) != 0
    default:
      var all: UInt64 = 0
      for word in 0..<count { all |= difference(word) }
      return all != 0
    }
  }

  /// The words of the `count` (at most 64) from `first` that differ from
  /// those from `second`, a bit each; both are aligned to a word.
  @inline(__always)
  static func changed(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> UInt64 {
    assert(count >= 0 && count <= 64, "\(count) words do not fit in a mask of 64 bits")
    @inline(__always)
    func changed(_ word: Int) -> UInt64 {
      load(first, at: word &* 8) != load(second, at: word &* 8)
        ? 1 &<< UInt64(truncatingIfNeeded: word) : 0
    }
    // The common spans without a loop: a model of a few properties.
    switch count {
    case 1: return changed(0)
    case 2: return changed(0) | changed(1)
    case 3: return changed(0) | changed(1) | changed(2)
    case 4: return changed(0) | changed(1) | changed(2) | changed(3)
    default:
      var all: UInt64 = 0
      for word in 0..<count { all |= changed(word) }
      return all
    }
  }
}
