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
  ///
  /// Every change saves the whole list, so this loop is written for debug
  /// builds (`swift run`) too: bytes go through a raw pointer into storage
  /// sized beforehand, where `Array.append` and a closure per byte, which a
  /// debug build does not inline, took a seventh of a second for 100,000
  /// movies.
  private mutating func counts(_ movies: (titles: [String], counts: [Int]), indent: Int) {
    guard !movies.titles.isEmpty else {
      append("{\n\n" + String(repeating: "  ", count: indent) + "}")
      return
    }
    let spaces = 2 * (indent + 1)
    // At most: `,\n`, the indent, each byte escaped as `\u00XX` in quotes,
    // ` : ` and a count of up to 20 characters; then the closing line.
    var capacity = 2 + 2 * indent + 2
    for title in movies.titles { capacity += 2 + spaces + 6 * title.utf8.count + 2 + 3 + 20 }
    let section = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      // Nothing below writes past `capacity` bytes.
      var cursor = ByteCursor(start: buffer.baseAddress.unsafelyUnwrapped)
      cursor.put(0x7B)
      movies.titles.withUnsafeBufferPointer { titles in
        movies.counts.withUnsafeBufferPointer { counts in
          let titleStart = titles.baseAddress.unsafelyUnwrapped
          let countStart = counts.baseAddress.unsafelyUnwrapped
          var index = 0
          while index < titles.count {
            assert(
              cursor.count + 2 + spaces + 6 * titleStart[index].utf8.count + 25 <= capacity)
            if index > 0 { cursor.put(0x2C) }
            cursor.put(0x0A)
            cursor.put(0x20, times: spaces)
            cursor.putString(titleStart[index])
            cursor.putColon()
            cursor.putInteger(countStart[index])
            index += 1
          }
        }
      }
      cursor.put(0x0A)
      cursor.put(0x20, times: 2 * indent)
      cursor.put(0x7D)
      initialized = cursor.count
    }
    bytes.append(contentsOf: section)
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

/// Writes bytes through a pointer into storage the caller has sized: the
/// hot loop of ``JSONWriter``, written so that a debug build does little
/// work per byte (pointer subscripts are inlined even there).
///
/// Bytes are written as numbers (`0x22` for `"`): `UInt8(ascii:)` is a call
/// in a debug build.
private struct ByteCursor {
  let start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0

  init(start: UnsafeMutablePointer<UInt8>) {
    self.start = start
  }

  mutating func put(_ byte: UInt8) {
    start[count] = byte
    count += 1
  }

  mutating func put(_ byte: UInt8, times: Int) {
    var left = times
    while left > 0 {
      put(byte)
      left -= 1
    }
  }

  /// A whole number in decimal, as `JSONEncoder` writes it.
  mutating func putInteger(_ number: Int) {
    if number < 0 { put(0x2D) }
    var rest = number.magnitude
    // The digits come last first: written, then put the right way round.
    var low = count
    repeat {
      put(0x30 + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    var high = count - 1
    while low < high {
      let byte = start[low]
      start[low] = start[high]
      start[high] = byte
      low += 1
      high -= 1
    }
  }

  /// ` : ` between a key and its value.
  mutating func putColon() {
    start[count] = 0x20
    start[count + 1] = 0x3A
    start[count + 2] = 0x20
    count += 3
  }

  /// A string, quoted and escaped as `JSONEncoder` escapes it.
  mutating func putString(_ text: String) {
    var text = text
    put(0x22)
    text.withUTF8 { utf8 in
      guard let bytes = utf8.baseAddress else { return }
      var index = 0
      while index < utf8.count {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
        index += 1
      }
      // Most titles need no escape: copied whole.
      UnsafeMutableRawPointer(start + count).copyMemory(from: bytes, byteCount: index)
      count += index
      while index < utf8.count {
        let byte = bytes[index]
        if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
          put(byte)
        } else {
          putEscaped(byte)
        }
        index += 1
      }
    }
    put(0x22)
  }

  private mutating func putEscaped(_ byte: UInt8) {
    put(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
    case 0x08: put(UInt8(ascii: "b"))
    case 0x0C: put(UInt8(ascii: "f"))
    case 0x0A: put(UInt8(ascii: "n"))
    case 0x0D: put(UInt8(ascii: "r"))
    case 0x09: put(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      put(UInt8(ascii: "u"))
      put(UInt8(ascii: "0"), times: 2)
      put(hex.utf8Start[Int(byte >> 4)])
      put(hex.utf8Start[Int(byte & 0xF)])
    }
  }
}
