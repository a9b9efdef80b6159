import SwiftReduce

/// Writes ``Patch/EncodedValue``s as JSON text: indented, for the snapshot a
/// person reads and edits, or on one line, for a journal's record.
///
/// An object's members are written sorted by name, so that the same state is
/// always the same text.
struct JSONWriter {
  /// Why a value has no JSON text: a number that is not finite.
  struct Refusal: Error {
    let reason: String
  }

  private(set) var bytes: [UInt8] = []

  /// Appends `text` as it is.
  mutating func append(raw text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends `value` on one line, without spaces.
  mutating func appendCompact(_ value: Patch.EncodedValue) throws(Refusal) {
    try append(value, indent: nil)
  }

  /// Appends `value` with each member and element on a line of its own,
  /// indented two spaces a level, starting at `level`.
  mutating func appendIndented(_ value: Patch.EncodedValue, level: Int = 0) throws(Refusal) {
    try append(value, indent: level)
  }

  /// Appends `text` between quotes, escaped as JSON requires.
  mutating func append(string text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
      case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: Array("\\u00".utf8))
        bytes.append(digits[Int(byte >> 4)])
        bytes.append(digits[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func append(_ value: Patch.EncodedValue, indent: Int?) throws(Refusal) {
    switch value {
    case .null: append(raw: "null")
    case let .bool(flag): append(raw: flag ? "true" : "false")
    case let .int(number): append(raw: String(number))
    case let .uint(number): append(raw: String(number))
    case let .double(number):
      guard number.isFinite else {
        throw Refusal(reason: "\(number) is not a number JSON can hold")
      }
      append(raw: String(number))
    case let .string(text): append(string: text)
    case let .array(elements):
      guard !elements.isEmpty else { return append(raw: "[]") }
      bytes.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        newLine(indent.map { $0 + 1 })
        try append(element, indent: indent.map { $0 + 1 })
      }
      newLine(indent)
      bytes.append(UInt8(ascii: "]"))
    case let .object(members):
      guard !members.isEmpty else { return append(raw: "{}") }
      bytes.append(UInt8(ascii: "{"))
      for (offset, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
        newLine(indent.map { $0 + 1 })
        append(string: member.key)
        bytes.append(UInt8(ascii: ":"))
        if indent != nil { bytes.append(UInt8(ascii: " ")) }
        try append(member.value, indent: indent.map { $0 + 1 })
      }
      newLine(indent)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A line break and the indentation of `level`, when writing indented.
  private mutating func newLine(_ level: Int?) {
    guard let level else { return }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
  }
}
