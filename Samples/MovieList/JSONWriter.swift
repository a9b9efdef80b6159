import Foundation

/// Writes JSON as `JSONEncoder` does with `.prettyPrinted`, `.sortedKeys`
/// and `.withoutEscapingSlashes`, byte for byte, but for a state file of
/// 100,000 movies in milliseconds rather than a tenth of a second: the
/// movies are written straight from the dictionary of counts, in an order
/// already sorted when the caller has one.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  /// Writes a top-level object of `fields`, with `movies` under the key
  /// `"movies"`: from `sorted`, the same movies in the order of their
  /// titles, when it has as many, without a look-up in the dictionary.
  static func file(
    fields: [String: JSONValue], movies: [String: Int], sorted: SortedTitles?
  ) -> [UInt8] {
    var writer = JSONWriter()
    writer.bytes.reserveCapacity(movies.count * 24 + 256)
    writer.append("{")
    let keys = sortedKeys(Array(fields.keys) + ["movies"])
    for (index, key) in keys.enumerated() {
      writer.append(index == 0 ? "\n  " : ",\n  ")
      writer.string(key)
      writer.append(" : ")
      if key == "movies" && fields["movies"] == nil {
        let ordered = sorted.flatMap { $0.titles.count == movies.count ? $0 : nil }
        writer.counts(
          ordered.map { ($0.titles, $0.counts) }
            ?? {
              let titles = sortedKeys(Array(movies.keys))
              return (titles, titles.map { movies[$0] ?? 0 })
            }(),
          indent: 1)
      } else if let value = fields[key] {
        writer.value(value, indent: 1)
      }
    }
    writer.append("\n}\n")
    return writer.bytes
  }

  /// Keys in the order `JSONEncoder` sorts them: by their UTF-8 bytes.
  static func sortedKeys(_ keys: [String]) -> [String] {
    keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  // MARK: - Values

  /// The movies, given in the order of their titles, as an object.
  ///
  /// Titles sorted as Swift sorts strings are in the order of their UTF-8
  /// bytes, JSONEncoder's, whenever they are in canonical form (NFC), as
  /// typed text is; a title in another form may stand a little apart.
  private mutating func counts(_ movies: (titles: [String], counts: [Int]), indent: Int) {
    guard !movies.titles.isEmpty else {
      append("{\n\n" + String(repeating: "  ", count: indent) + "}")
      return
    }
    // Byte by byte: appending small arrays costs more than the bytes.
    let spaces = 2 * (indent + 1)
    bytes.append(UInt8(ascii: "{"))
    for index in movies.titles.indices {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "\n"))
      for _ in 0..<spaces { bytes.append(UInt8(ascii: " ")) }
      string(movies.titles[index])
      bytes.append(UInt8(ascii: " "))
      bytes.append(UInt8(ascii: ":"))
      bytes.append(UInt8(ascii: " "))
      integer(movies.counts[index])
    }
    append("\n" + String(repeating: "  ", count: indent) + "}")
  }

  /// A whole number in decimal, without making a `String` of it.
  private mutating func integer(_ number: Int) {
    guard number > 0 else {
      append(String(number))
      return
    }
    // The digits come last first: appended, then put the right way round.
    let start = bytes.count
    var rest = number
    while rest > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    }
    bytes[start...].reverse()
  }

  private mutating func value(_ value: JSONValue, indent: Int) {
    let inner = "\n" + String(repeating: "  ", count: indent + 1)
    let close = "\n" + String(repeating: "  ", count: indent)
    switch value {
    case .null: append("null")
    case .bool(let flag): append(flag ? "true" : "false")
    case .integer(let number): append(String(number))
    case .number(let number): append(Self.formatted(number))
    case .string(let text): string(text)
    case .array(let elements):
      append("[")
      guard !elements.isEmpty else {
        append("\n" + close + "]")
        return
      }
      for (index, element) in elements.enumerated() {
        append(index == 0 ? inner : "," + inner)
        self.value(element, indent: indent + 1)
      }
      append(close + "]")
    case .object(let fields):
      append("{")
      guard !fields.isEmpty else {
        append("\n" + close + "}")
        return
      }
      for (index, key) in Self.sortedKeys(Array(fields.keys)).enumerated() {
        append(index == 0 ? inner : "," + inner)
        string(key)
        append(" : ")
        self.value(fields[key] ?? .null, indent: indent + 1)
      }
      append(close + "}")
    }
  }

  /// A number as `JSONEncoder` writes it (`1.5`, `1e+300`, `-0`).
  private static func formatted(_ number: Double) -> String {
    let encoder = JSONEncoder()
    guard let data = try? encoder.encode(number) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: - Text

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// A string, quoted and escaped as `JSONEncoder` escapes it.
  private mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Most titles need no escape: copied whole.
    let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
      guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if plain == true {
      bytes.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x08: append("\\b")
      case 0x0C: append("\\f")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
