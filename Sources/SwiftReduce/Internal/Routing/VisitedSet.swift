/// The set of model instances already reduced during one dispatch.
///
/// Membership is a sparse bitmap over the heap: one bit for each 16-byte
/// aligned address, in blocks that cover 64 KiB of address space each and
/// exist only where visited objects live. A tree of a million models takes
/// well under a megabyte of bits, and objects allocated together share a
/// block, so a walk touches the bits almost in order.
///
/// The set holds addresses, not references: ``Walk`` keeps every model it
/// reaches alive until the dispatch ends, so no address in the set can be
/// freed and reused by a new model during the dispatch.
struct VisitedSet {
  /// log2 of the bytes of address space one block covers.
  private static let blockShift = 16
  /// Heap objects are 16-byte aligned: one bit per 16 bytes.
  private static let bitShift = 4
  private static let wordsPerBlock = (1 << (blockShift - bitShift)) / 64
  private static let emptyKey = UInt.max

  /// Block number → index of its first word in `bits`, by open addressing.
  private var blockKeys: UnsafeStack<UInt>
  private var blockStarts: UnsafeStack<Int>
  private var blockCount = 0
  /// The slots of `blockKeys` in use, so that emptying the set touches only them.
  private var usedSlots = UnsafeStack<Int>(capacity: 16)
  private var bits = UnsafeStack<UInt64>(capacity: 256)

  /// The block found last, and its first word.
  ///
  /// Consecutive objects are usually in the same block. The words move when
  /// `bits` grows, which only ``blockStart(for:)`` does, and it sets them again.
  private var lastKey = emptyKey
  private var lastWords: UnsafeMutablePointer<UInt64>?

  init() {
    blockKeys = UnsafeStack(capacity: 64)
    blockKeys.append(repeating: Self.emptyKey, count: 64)
    blockStarts = UnsafeStack(capacity: 64)
    blockStarts.append(repeating: 0, count: 64)
  }

  /// Inserts the object at `address`; returns `false` if it was already in the set.
  @inline(__always)
  mutating func insert(_ address: UnsafeRawPointer) -> Bool {
    let address = UInt(bitPattern: address)
    assert(address & (1 << Self.bitShift - 1) == 0, "objects are 16-byte aligned")
    let key = address >> Self.blockShift
    let words: UnsafeMutablePointer<UInt64>
    if _fastPath(key == lastKey), let last = lastWords {
      words = last
    } else {
      // Found first: finding a new block may move the words.
      let start = blockStart(for: key)
      words = bits.pointer(to: start)
    }
    let bit = Int(truncatingIfNeeded: (address >> Self.bitShift) & 0x0FFF)
    let mask: UInt64 = 1 << UInt64(bit & 63)
    let word = words + bit >> 6
    let old = word.pointee
    if old & mask != 0 { return false }
    word.pointee = old | mask
    return true
  }

  /// Empties the set for the next dispatch, keeping its memory.
  mutating func removeAll() {
    guard blockCount > 0 else { return }
    for index in 0..<usedSlots.count { blockKeys[usedSlots[index]] = Self.emptyKey }
    usedSlots.removeAll()
    bits.removeAll()
    blockCount = 0
    lastKey = Self.emptyKey
    lastWords = nil
  }

  // MARK: - Blocks

  @inline(never)
  private mutating func blockStart(for key: UInt) -> Int {
    var slot = Self.slot(for: key, in: blockKeys.count)
    while blockKeys[slot] != Self.emptyKey {
      if blockKeys[slot] == key {
        lastKey = key
        lastWords = bits.pointer(to: blockStarts[slot])
        return blockStarts[slot]
      }
      slot = (slot + 1) & (blockKeys.count - 1)
    }
    let start = bits.count
    bits.append(repeating: 0, count: Self.wordsPerBlock)
    blockKeys[slot] = key
    blockStarts[slot] = start
    usedSlots.append(slot)
    blockCount += 1
    if blockCount * 2 > blockKeys.count { growBlockTable() }
    lastKey = key
    lastWords = bits.pointer(to: start)
    return start
  }

  private mutating func growBlockTable() {
    let oldKeys = blockKeys
    let oldStarts = blockStarts
    let capacity = oldKeys.count * 2
    blockKeys = UnsafeStack(capacity: capacity)
    blockKeys.append(repeating: Self.emptyKey, count: capacity)
    blockStarts = UnsafeStack(capacity: capacity)
    blockStarts.append(repeating: 0, count: capacity)
    usedSlots.removeAll()
    for index in 0..<oldKeys.count where oldKeys[index] != Self.emptyKey {
      var slot = Self.slot(for: oldKeys[index], in: capacity)
      while blockKeys[slot] != Self.emptyKey { slot = (slot + 1) & (capacity - 1) }
      blockKeys[slot] = oldKeys[index]
      blockStarts[slot] = oldStarts[index]
      usedSlots.append(slot)
    }
    oldKeys.free()
    oldStarts.free()
  }

  private static func slot(for key: UInt, in capacity: Int) -> Int {
    // Fibonacci hashing: the multiplication wraps on purpose.
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & (capacity - 1)
  }
}
