/// The set of model instances already reduced during one dispatch.
///
/// An open-addressing hash table keyed by object identity. It holds strong
/// references, so an instance released during the dispatch cannot free its
/// address for a new model that would then be mistaken for a visited one.
struct IdentitySet: ~Copyable {
  private var slots: UnsafeMutablePointer<AnyObject?>
  private var capacity: Int
  private(set) var count = 0

  /// Creates an empty set sized for about `expectedCount` objects.
  init(expectedCount: Int) {
    var capacity = 16
    while capacity < expectedCount * 4 / 3 + 1 { capacity *= 2 }
    self.capacity = capacity
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
  }

  deinit {
    slots.deinitialize(count: capacity)
    slots.deallocate()
  }

  /// Inserts `object`; returns `false` if it was already in the set.
  mutating func insert(_ object: AnyObject) -> Bool {
    if (count + 1) * 4 > capacity * 3 { grow() }
    var index = Self.hash(object) & (capacity - 1)
    while let occupant = slots[index] {
      if occupant === object { return false }
      index = (index + 1) & (capacity - 1)
    }
    slots[index] = object
    count += 1
    return true
  }

  private static func hash(_ object: AnyObject) -> Int {
    // Fibonacci hashing of the address; the low bits of heap addresses are
    // always zero, and the multiplication spreads the high ones down.
    let address = UInt(bitPattern: ObjectIdentifier(object))
    return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 32)
  }

  private mutating func grow() {
    let oldSlots = slots
    let oldCapacity = capacity
    capacity *= 2
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    for index in 0..<oldCapacity {
      guard let object = oldSlots[index] else { continue }
      var slot = Self.hash(object) & (capacity - 1)
      while slots[slot] != nil { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = object
    }
    oldSlots.deinitialize(count: oldCapacity)
    oldSlots.deallocate()
  }
}
