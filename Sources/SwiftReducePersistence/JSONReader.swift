import SwiftReduce

/// Reads JSON text into a ``Patch/EncodedValue``, or says where it is not JSON.
///
/// Whole numbers are read as `Int64`, then `UInt64`, as a patch's values are
/// encoded; a number with a fraction or an exponent as a `Double`. Nesting is
/// limited, so that no file can exhaust the stack.
struct JSONReader {
  /// Where and why the text is not JSON.
  struct Failure: Error, Equatable {
    let line: Int
    let column: Int
    let reason: String

    /// The failure in words: `line 3, column 7: expected a value`.
    var description: String { "line \(line), column \(column): \(reason)" }
  }

  /// How deep objects and arrays may nest.
  static let maximumDepth = 512

  /// The bytes read, borrowed for the read: every string read is copied out of them.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  /// The number of members of the last object read at each depth: the
  /// objects of a list are most often alike, and a dictionary made large
  /// enough at once is not grown twice for three members.
  private var memberCounts: [Int] = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The one value `bytes` holds, with nothing but white space around it.
  static func value(of bytes: [UInt8]) throws(Failure) -> Patch.EncodedValue {
    // Read from the array's buffer: a snapshot of 100,000 models is 9 MB, read byte by byte.
    let read = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(Failure) in
        var reader = JSONReader(buffer)
        reader.skipSpace()
        let value = try reader.readValue()
        reader.skipSpace()
        guard reader.index == buffer.count else {
          throw reader.failure("expected the end of the text")
        }
        return value
      }
    }
    return try read.get()
  }

  /// Why the text is not JSON, at `position`, or where the reader stands.
  private func failure(_ reason: String, at position: Int? = nil) -> Failure {
    let position = position ?? index
    var line = 1
    var lineStart = 0
    for offset in 0..<min(position, bytes.count) where bytes[offset] == UInt8(ascii: "\n") {
      line += 1
      lineStart = offset + 1
    }
    return Failure(line: line, column: position - lineStart + 1, reason: reason)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default: return
      }
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func take(word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      return false
    }
    index += count
    return true
  }

  private mutating func readValue() throws(Failure) -> Patch.EncodedValue {
    guard index < bytes.count else { throw failure("expected a value, found the end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try readObject()
    case UInt8(ascii: "["): return try readArray()
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "t"):
      if take(word: "true") { return .bool(true) }
    case UInt8(ascii: "f"):
      if take(word: "false") { return .bool(false) }
    case UInt8(ascii: "n"):
      if take(word: "null") { return .null }
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try readNumber()
    default: break
    }
    throw failure("expected a value")
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("nested more than \(Self.maximumDepth) levels deep")
    }
  }

  private mutating func readObject() throws(Failure) -> Patch.EncodedValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    skipSpace()
    if take(UInt8(ascii: "}")) { return .object([:]) }
    while memberCounts.count < depth { memberCounts.append(0) }
    var members = [String: Patch.EncodedValue](minimumCapacity: memberCounts[depth - 1])
    repeat {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a member name in quotes")
      }
      let nameStart = index
      let name = try readString()
      // Through the entry's slot: the name is hashed once.
      try readMember(name, into: &members[name], nameStart: nameStart)
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { throw failure("expected \",\" or \"}\"") }
    memberCounts[depth - 1] = members.count
    return .object(members)
  }

  /// Reads what follows a member's name into `slot`, its entry in the object being read.
  private mutating func readMember(
    _ name: String, into slot: inout Patch.EncodedValue?, nameStart: Int
  ) throws(Failure) {
    guard slot == nil else {
      throw failure("the member \"\(name)\" is there twice", at: nameStart)
    }
    skipSpace()
    guard take(UInt8(ascii: ":")) else { throw failure("expected \":\" after a member name") }
    skipSpace()
    slot = try readValue()
  }

  private mutating func readArray() throws(Failure) -> Patch.EncodedValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [Patch.EncodedValue] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return .array(elements) }
    repeat {
      skipSpace()
      elements.append(try readValue())
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "]")) else { throw failure("expected \",\" or \"]\"") }
    return .array(elements)
  }

  private mutating func readString() throws(Failure) -> String {
    index += 1
    let start = index
    // Most strings have no escape: their bytes are taken as they are.
    var highBits: UInt8 = 0
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
      bytes[index] != UInt8(ascii: "\\"),
      bytes[index] >= 0x20
    {
      highBits |= bytes[index]
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      let plain = try text(start..<index, isASCII: highBits < 0x80)
      index += 1
      return plain
    }
    var text = try self.text(start..<index, isASCII: highBits < 0x80)
    var run = index
    while true {
      guard index < bytes.count else { throw failure("a string is not closed") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
        text += try self.text(run..<index, isASCII: false)
      }
      if byte == UInt8(ascii: "\"") {
        index += 1
        return text
      }
      guard byte >= 0x20 else { throw failure("a control character in a string is not escaped") }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { throw failure("a string is not closed") }
      switch bytes[index] {
      case UInt8(ascii: "\""): text.append("\"")
      case UInt8(ascii: "\\"): text.append("\\")
      case UInt8(ascii: "/"): text.append("/")
      case UInt8(ascii: "b"): text.append("\u{8}")
      case UInt8(ascii: "f"): text.append("\u{c}")
      case UInt8(ascii: "n"): text.append("\n")
      case UInt8(ascii: "r"): text.append("\r")
      case UInt8(ascii: "t"): text.append("\t")
      case UInt8(ascii: "u"):
        index += 1
        var code = try readHex()
        if (0xD800..<0xDC00).contains(code) {
          guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else {
            throw failure("a surrogate is not followed by its pair")
          }
          let low = try readHex()
          guard (0xDC00..<0xE000).contains(low) else {
            throw failure("a surrogate is not followed by its pair")
          }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else {
          throw failure("\\u\(String(code, radix: 16)) is not a character")
        }
        text.unicodeScalars.append(scalar)
        run = index
        continue
      default:
        throw failure("\\\(Character(Unicode.Scalar(bytes[index]))) is not an escape")
      }
      index += 1
      run = index
    }
  }

  /// The text of the bytes in `range`, or a failure where they are not UTF-8.
  private func text(_ range: Range<Int>, isASCII: Bool) throws(Failure) -> String {
    let part = UnsafeBufferPointer(rebasing: bytes[range])
    // ASCII is UTF-8 as it is, and decoded without the general validation's generic path.
    if isASCII { return String(decoding: part, as: UTF8.self) }
    guard let text = String(validating: part, as: UTF8.self) else {
      throw failure("the text is not UTF-8")
    }
    return text
  }

  private mutating func readHex() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count,
      let code = UInt32(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self),
        radix: 16)
    else { throw failure("expected four hexadecimal digits after \\u") }
    index += 4
    return code
  }

  private mutating func readNumber() throws(Failure) -> Patch.EncodedValue {
    let start = index
    var isWhole = true
    _ = take(UInt8(ascii: "-"))
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): index += 1
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
        UInt8(ascii: "-"):
        isWhole = false
        index += 1
      default:
        return try number(from: start, isWhole: isWhole)
      }
    }
    return try number(from: start, isWhole: isWhole)
  }

  /// The whole number of the bytes from `start` to the reader's position,
  /// read without making its text when it has at most 18 digits, the first
  /// not a leading zero, which no `Int64` overflows.
  private func wholeNumber(from start: Int) -> Int64? {
    var position = start
    let isNegative = bytes[position] == UInt8(ascii: "-")
    if isNegative { position += 1 }
    let digits = index - position
    guard digits > 0, digits <= 18, digits == 1 || bytes[position] != UInt8(ascii: "0") else {
      return nil
    }
    var whole: Int64 = 0
    while position < index {
      whole = whole * 10 + Int64(bytes[position] &- UInt8(ascii: "0"))
      position += 1
    }
    return isNegative ? -whole : whole
  }

  private func number(from start: Int, isWhole: Bool) throws(Failure) -> Patch.EncodedValue {
    // Only digits, after a sign: most numbers of a file.
    if isWhole, let whole = wholeNumber(from: start) { return .int(whole) }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    // JSON has no leading zeros, no lone sign or point, no `+` and no infinity.
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    guard digits.first?.isNumber == true, !digits.hasPrefix("+"),
      !(digits.hasPrefix("0") && digits.dropFirst().first?.isNumber == true)
    else {
      throw failure("\(text) is not a number", at: start)
    }
    if isWhole {
      if let whole = Int64(text) { return .int(whole) }
      if let whole = UInt64(text) { return .uint(whole) }
    }
    guard let number = Double(text), number.isFinite else {
      throw failure("\(text) is not a number", at: start)
    }
    return .double(number)
  }
}
