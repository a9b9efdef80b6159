/// The set of model instances already reduced during one dispatch.
///
/// Membership is a sparse bitmap over the heap: one bit for each 16-byte
/// aligned address, in blocks that cover 64 KiB of address space each and
/// exist only where visited objects live. A tree of a million models takes
/// well under a megabyte of bits, and objects allocated together share a
/// block, so a walk touches the bits almost in order.
///
/// The set also keeps every inserted object alive until the dispatch ends,
/// so an instance released by a `reduce` cannot free its address for a new
/// model that would then be mistaken for a visited one. Those references are
/// kept in fixed-size chunks, so the set never copies what it already holds.
struct IdentitySet: ~Copyable {
  /// log2 of the bytes of address space one block covers.
  private static let blockShift = 16
  /// Heap objects are 16-byte aligned: one bit per 16 bytes.
  private static let bitShift = 4
  private static let wordsPerBlock = (1 << (blockShift - bitShift)) / 64
  private static let objectsPerChunk = 1 << 14

  /// Block number → index of its first word in `bits`, by open addressing.
  private var blockKeys: [UInt]
  private var blockStarts: [Int]
  private var blockCount = 0
  private var bits: [UInt64] = []

  /// The block found last: consecutive objects are usually in the same one.
  private var lastBlock: (key: UInt, start: Int) = (UInt.max, 0)

  private var retained: [ContiguousArray<AnyObject>] = []

  /// Creates an empty set.
  init() {
    blockKeys = Array(repeating: UInt.max, count: 64)
    blockStarts = Array(repeating: 0, count: 64)
  }

  /// Inserts `object`; returns `false` if it was already in the set.
  mutating func insert(_ object: AnyObject) -> Bool {
    let address = UInt(bitPattern: ObjectIdentifier(object))
    let key = address >> Self.blockShift
    let start = key == lastBlock.key ? lastBlock.start : blockStart(for: key)
    let bit = Int(truncatingIfNeeded: (address >> Self.bitShift) & 0x0FFF)
    let mask: UInt64 = 1 << UInt64(bit & 63)
    let word = start + bit >> 6
    if bits[word] & mask != 0 { return false }
    bits[word] |= mask
    keepAlive(object)
    return true
  }

  // MARK: - Blocks

  private mutating func blockStart(for key: UInt) -> Int {
    var slot = Self.slot(for: key, in: blockKeys.count)
    while blockKeys[slot] != UInt.max {
      if blockKeys[slot] == key {
        lastBlock = (key, blockStarts[slot])
        return blockStarts[slot]
      }
      slot = (slot + 1) & (blockKeys.count - 1)
    }
    let start = bits.count
    bits.append(contentsOf: repeatElement(0, count: Self.wordsPerBlock))
    blockKeys[slot] = key
    blockStarts[slot] = start
    blockCount += 1
    if blockCount * 2 > blockKeys.count { growBlockTable() }
    lastBlock = (key, start)
    return start
  }

  private mutating func growBlockTable() {
    let oldKeys = blockKeys
    let oldStarts = blockStarts
    blockKeys = Array(repeating: UInt.max, count: oldKeys.count * 2)
    blockStarts = Array(repeating: 0, count: oldKeys.count * 2)
    for index in oldKeys.indices where oldKeys[index] != UInt.max {
      var slot = Self.slot(for: oldKeys[index], in: blockKeys.count)
      while blockKeys[slot] != UInt.max { slot = (slot + 1) & (blockKeys.count - 1) }
      blockKeys[slot] = oldKeys[index]
      blockStarts[slot] = oldStarts[index]
    }
  }

  private static func slot(for key: UInt, in capacity: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & (capacity - 1)
  }

  // MARK: - Keeping objects alive

  private mutating func keepAlive(_ object: AnyObject) {
    if retained.isEmpty || retained[retained.count - 1].count == Self.objectsPerChunk {
      var chunk = ContiguousArray<AnyObject>()
      chunk.reserveCapacity(Self.objectsPerChunk)
      retained.append(chunk)
    }
    retained[retained.count - 1].append(object)
  }
}
