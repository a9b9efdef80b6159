/// One line of input as read, before it is decoded.
enum InputLine: Equatable, Sendable {
  /// The bytes of the line, without its line break.
  case bytes([UInt8])
  /// A line longer than ``LineReader/limit``, dropped as it was read.
  case tooLong(byteCount: Int)
}
