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

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  /// A reader of `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The one value `bytes` holds, with nothing but white space around it.
  static func value(of bytes: [UInt8]) throws(Failure) -> Patch.EncodedValue {
    var reader = JSONReader(bytes)
    reader.skipSpace()
    let value = try reader.readValue()
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.failure("expected the end of the text") }
    return value
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

  private mutating func take(word: String) -> Bool {
    let word = Array(word.utf8)
    guard index + word.count <= bytes.count, Array(bytes[index..<index + word.count]) == word
    else { return false }
    index += word.count
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
    var members: [String: Patch.EncodedValue] = [:]
    skipSpace()
    if take(UInt8(ascii: "}")) { return .object(members) }
    repeat {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a member name in quotes")
      }
      let nameStart = index
      let name = try readString()
      guard members[name] == nil else {
        throw failure("the member \"\(name)\" is there twice", at: nameStart)
      }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { throw failure("expected \":\" after a member name") }
      skipSpace()
      members[name] = try readValue()
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { throw failure("expected \",\" or \"}\"") }
    return .object(members)
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
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
      bytes[index] != UInt8(ascii: "\\"),
      bytes[index] >= 0x20
    {
      index += 1
    }
    var text = ""
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      guard let plain = String(validating: bytes[start..<index], as: UTF8.self) else {
        throw failure("the text is not UTF-8")
      }
      index += 1
      return plain
    }
    guard let head = String(validating: bytes[start..<index], as: UTF8.self) else {
      throw failure("the text is not UTF-8")
    }
    text = head
    var run = index
    while true {
      guard index < bytes.count else { throw failure("a string is not closed") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
        guard let part = String(validating: bytes[run..<index], as: UTF8.self) else {
          throw failure("the text is not UTF-8")
        }
        text += part
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

  private mutating func readHex() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count,
      let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
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

  private func number(from start: Int, isWhole: Bool) throws(Failure) -> Patch.EncodedValue {
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
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
