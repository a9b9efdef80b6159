/// A map from object addresses to values, for snapshots (a model's first
/// line) and copies (a model's copy).
///
/// Open addressing with a multiplicative hash: both tools look every model
/// up at least once, and hashing identities with the standard `Hasher` cost
/// 40% of a copy. The caller keeps the objects alive, so no address is
/// reused while the table exists.
struct AddressTable<Value> {
  private var keys: [UInt]
  private var values: [Value?]
  private var count = 0

  /// A table for about `expected` objects before it grows.
  init(expected: Int = 32) {
    var capacity = 64
    while capacity < 2 * expected { capacity *= 2 }
    keys = Array(repeating: 0, count: capacity)
    values = Array(repeating: nil, count: capacity)
  }

  /// The value for `object`, if there is one.
  subscript(object: AnyObject) -> Value? {
    get { self[Self.address(of: object)] }
    set { self[Self.address(of: object)] = newValue }
  }

  /// The value for the object at `address`, if there is one; a value once set is never removed.
  subscript(address: UInt) -> Value? {
    get {
      var slot = Self.slot(for: address, capacity: keys.count)
      while keys[slot] != 0 {
        if keys[slot] == address { return values[slot] }
        slot = (slot + 1) & (keys.count - 1)
      }
      return nil
    }
    set {
      assert(address != 0, "an object's address is never zero")
      assert(newValue != nil, "values are never removed from an address table")
      if 2 * (count + 1) > keys.count { grow() }
      var slot = Self.slot(for: address, capacity: keys.count)
      while keys[slot] != 0, keys[slot] != address {
        slot = (slot + 1) & (keys.count - 1)
      }
      if keys[slot] == 0 { count += 1 }
      keys[slot] = address
      values[slot] = newValue
    }
  }

  /// The address of `object`, the key it is kept under.
  static func address(of object: AnyObject) -> UInt {
    UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = Array(repeating: 0, count: oldKeys.count * 2)
    values = Array(repeating: nil, count: oldKeys.count * 2)
    count = 0
    for index in oldKeys.indices where oldKeys[index] != 0 {
      self[oldKeys[index]] = oldValues[index]
    }
  }

  private static func slot(for address: UInt, capacity: Int) -> Int {
    // Fibonacci hashing of the address without its alignment bits: the
    // multiplication wraps on purpose.
    Int(truncatingIfNeeded: ((address >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (capacity - 1)
  }
}
