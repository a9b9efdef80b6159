/// A growable run of raw bytes that its owner fills with values of its own,
/// each at an offset it reserved: the history's copies of the models about
/// to reduce, and a log's bytes before and after.
///
/// Like swift-collections' `_UnsafeDequeHandle`, it is a handle with no
/// checks in release builds and an `assert` (debug only) on every offset it
/// takes and every address it gives: an address is always that of a byte
/// reserved, or of the end of them. Its start is aligned for any value (the
/// widest SIMD types), so an offset aligned in it is an address so aligned.
///
/// Growing moves the bytes, as Swift values move: an address is borrowed
/// until the next reservation, and an offset is what is kept. Its memory is
/// not freed on its own: the owner calls ``free()`` in its `deinit`.
struct ByteArena {
  // Unsafe: `nil` until the first reservation, for an owner that may never
  // make one (a log of no plain changes).
  private var base: UnsafeMutableRawPointer?
  private(set) var capacity: Int
  /// The bytes reserved, from the start.
  private(set) var used = 0

  /// The alignment of the start, which a reservation may ask for at most.
  static let alignment = 64

  /// An arena with room for `capacity` bytes, allocated only if it is above zero.
  init(capacity: Int = 0) {
    assert(capacity >= 0, "ByteArena capacity \(capacity) is negative")
    self.capacity = capacity
    base = capacity > 0 ? .allocate(byteCount: capacity, alignment: Self.alignment) : nil
  }

  func free() {
    base?.deallocate()
  }

  /// The address of the byte at `offset`, reserved, or of the end of those reserved.
  @inline(__always)
  func address(_ offset: Int) -> UnsafeMutableRawPointer {
    assert(offset >= 0 && offset <= used, "ByteArena offset \(offset) out of 0...\(used)")
    assert(base != nil, "ByteArena address before any reservation")
    return base.unsafelyUnwrapped + offset
  }

  /// The first offset at or after the bytes reserved that is a multiple of `alignment`.
  @inline(__always)
  func nextOffset(alignedTo alignment: Int) -> Int {
    assert(
      alignment > 0 && alignment <= Self.alignment && alignment & (alignment &- 1) == 0,
      "ByteArena alignment \(alignment) is not a power of two up to \(Self.alignment)")
    // Wrapping: offsets in memory that was allocated cannot come near overflow.
    return (used &+ alignment &- 1) & ~(alignment &- 1)
  }

  /// Reserves `size` bytes at `alignment` after those reserved, growing if
  /// they do not fit; returns their offset.
  @inline(__always)
  mutating func reserve(_ size: Int, alignment: Int) -> Int {
    assert(size >= 0, "ByteArena cannot reserve \(size) bytes")
    let offset = nextOffset(alignedTo: alignment)
    let end = offset &+ size
    if _slowPath(end > capacity) { grow(to: end) }
    used = end
    return offset
  }

  /// Makes room for at least `size` bytes in all, keeping those reserved.
  @inline(never)
  mutating func grow(to size: Int) {
    let larger = max(size, capacity * 2, 256)
    let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: Self.alignment)
    if let base {
      // The bytes move as they are: Swift values move by their bytes.
      moved.copyMemory(from: base, byteCount: used)
      base.deallocate()
    }
    base = moved
    capacity = larger
  }

  /// Forgets the bytes reserved, keeping the memory; their values must have
  /// been destroyed or be plain data.
  mutating func removeAll() {
    used = 0
  }
}
