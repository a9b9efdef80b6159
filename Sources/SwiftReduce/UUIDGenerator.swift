/// Makes UUIDs: what ``DependencyValues/uuid`` gives, for ids a test can predict.
///
/// A UUID is its 16 bytes, in the order Foundation's `UUID(uuid:)` takes them,
/// since the core imports no Foundation:
///
/// ```swift
/// let uuid = UUIDGenerator.constant((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42))
/// print(UUIDGenerator.text(of: uuid()))
/// ```
///
/// prints
///
/// ```
/// 00000000-0000-0000-0000-00000000002A
/// ```
///
/// With Foundation, `UUID(uuid: uuid())` is the `UUID`.
public struct UUIDGenerator: Sendable {
  /// A UUID's 16 bytes, as Foundation's `uuid_t`.
  public typealias Bytes = (
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
  )

  private let make: @Sendable () -> Bytes

  /// Creates a generator that calls `make` for each UUID.
  ///
  /// - Parameter make: Makes the next UUID's bytes.
  public init(_ make: @escaping @Sendable () -> Bytes) {
    self.make = make
  }

  /// Makes a UUID.
  ///
  /// - Returns: Its 16 bytes.
  public func callAsFunction() -> Bytes {
    make()
  }

  /// Random version 4 UUIDs, from the system's random source: the live value.
  public static var random: UUIDGenerator {
    UUIDGenerator {
      var generator = SystemRandomNumberGenerator()
      let high = generator.next() as UInt64
      let low = generator.next() as UInt64
      var bytes = Self.bytes(high: high, low: low)
      bytes.6 = (bytes.6 & 0x0F) | 0x40  // version 4
      bytes.8 = (bytes.8 & 0x3F) | 0x80  // variant 1
      return bytes
    }
  }

  /// The same UUID each time.
  ///
  /// - Parameter bytes: The UUID.
  /// - Returns: A generator that always makes it.
  public static func constant(_ bytes: Bytes) -> UUIDGenerator {
    UUIDGenerator { bytes }
  }

  /// The UUID whose 128 bits are `high` then `low`, most significant byte first.
  ///
  /// - Parameters:
  ///   - high: The first 8 bytes.
  ///   - low: The last 8 bytes.
  /// - Returns: The bytes.
  public static func bytes(high: UInt64, low: UInt64) -> Bytes {
    func byte(_ word: UInt64, _ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (56 - 8 * index))
    }
    return (
      byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
      byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
      byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
      byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
    )
  }

  /// A UUID as Foundation's `uuidString` writes it: `00000000-0000-0000-0000-00000000002A`.
  ///
  /// - Parameter bytes: The UUID.
  /// - Returns: Its 32 hexadecimal digits, upper case, in groups of 8, 4, 4, 4 and 12.
  public static func text(of bytes: Bytes) -> String {
    let all = withUnsafeBytes(of: bytes) { Array($0) }
    var text = ""
    for (index, byte) in all.enumerated() {
      if [4, 6, 8, 10].contains(index) { text += "-" }
      let digits = String(byte, radix: 16, uppercase: true)
      text += digits.count == 1 ? "0" + digits : digits
    }
    return text
  }
}
