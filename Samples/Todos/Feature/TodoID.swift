import SwiftReduce

/// The id of a todo: a UUID, kept as its 128 bits, since this module imports no Foundation.
///
/// It prints as Foundation's `uuidString` does, `00000000-0000-0000-0000-000000000001`, and
/// `UUID(uuid: id.bytes)` makes Foundation's `UUID` of it where Foundation is at hand.
public struct TodoID: Hashable, Sendable, CustomStringConvertible {
  /// The first 8 bytes, most significant first.
  let high: UInt64
  /// The last 8 bytes, most significant first.
  let low: UInt64

  /// Creates the id whose bytes are `bytes`, as a `UUIDGenerator` makes them.
  ///
  /// - Parameter bytes: The UUID's 16 bytes, in the order Foundation's `uuid_t` holds them.
  public init(_ bytes: UUIDGenerator.Bytes) {
    let all = withUnsafeBytes(of: bytes) { Array($0) }
    high = all[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
    low = all[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The UUID's 16 bytes, in the order Foundation's `uuid_t` holds them.
  public var bytes: UUIDGenerator.Bytes {
    UUIDGenerator.bytes(high: high, low: low)
  }

  /// The UUID as Foundation's `uuidString` writes it.
  public var description: String {
    UUIDGenerator.text(of: bytes)
  }
}
