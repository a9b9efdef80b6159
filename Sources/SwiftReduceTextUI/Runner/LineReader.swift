/// Splits a stream of bytes into lines, never holding more than one line's
/// worth of bytes past ``limit``.
struct LineReader {
  /// The longest line accepted, in bytes; longer lines are read and dropped.
  static let limit = 4096

  private let nextChunk: () -> [UInt8]?
  private var buffer: [UInt8] = []

  /// Creates a reader that asks `nextChunk` for more bytes, `nil` at the end.
  init(nextChunk: @escaping () -> [UInt8]?) {
    self.nextChunk = nextChunk
  }

  /// The next line, or `nil` at the end of the input.
  ///
  /// A line ends at `\n`; a `\r` before it is dropped. The last line need not
  /// end in `\n`.
  mutating func nextLine() -> InputLine? {
    var dropped = 0
    var searchFrom = 0
    while true {
      if let end = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[..<end])
        buffer.removeSubrange(...end)
        return make(line, dropped: dropped)
      }
      if buffer.count > Self.limit {
        dropped += buffer.count
        buffer.removeAll(keepingCapacity: true)
      }
      searchFrom = buffer.count
      guard let chunk = nextChunk() else {
        if buffer.isEmpty && dropped == 0 { return nil }
        let line = buffer
        buffer = []
        return make(line, dropped: dropped)
      }
      buffer += chunk
    }
  }

  private func make(_ line: [UInt8], dropped: Int) -> InputLine {
    var line = line
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    let count = dropped + line.count
    return count > Self.limit ? .tooLong(byteCount: count) : .bytes(line)
  }
}
