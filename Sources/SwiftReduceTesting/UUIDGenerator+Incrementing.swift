import SwiftReduce

extension UUIDGenerator {
  /// UUIDs counting up from zero, a fresh count for each generator: the test
  /// value to give a test store's `DependencyValues.uuid`.
  ///
  /// ```swift
  /// let uuid = UUIDGenerator.incrementing
  /// print(UUIDGenerator.text(of: uuid()))
  /// print(UUIDGenerator.text(of: uuid()))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// 00000000-0000-0000-0000-000000000000
  /// 00000000-0000-0000-0000-000000000001
  /// ```
  public static var incrementing: UUIDGenerator {
    let next = Locked<UInt64>(0)
    return UUIDGenerator {
      let count = next.withLock { count in
        defer { count &+= 1 }
        return count
      }
      return UUIDGenerator.bytes(high: 0, low: count)
    }
  }
}
