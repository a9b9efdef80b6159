/// Formats a value that is shown on one line.
protocol TextFormatter {
  /// The text for the value stored at `address`.
  func text(at address: UnsafeRawPointer) -> String
}

/// Shows a value as Swift's debug output does: strings quoted.
struct DebugDescriptionFormatter<Value: CustomDebugStringConvertible>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    address.assumingMemoryBound(to: Value.self).pointee.debugDescription
  }
}

/// Shows a string quoted and escaped, as its `debugDescription` does, with a
/// shortcut for the common case of printable ASCII without quotes or backslashes.
struct StringFormatter: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    var string = address.assumingMemoryBound(to: String.self).pointee
    let quoted: String? = string.withUTF8 { utf8 in
      guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else {
        return nil
      }
      // The bytes with quotes around them, made into one string at once.
      return String(unsafeUninitializedCapacity: utf8.count + 2) { buffer in
        buffer[0] = 0x22
        _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(from: utf8)
        buffer[utf8.count + 1] = 0x22
        return utf8.count + 2
      }
    }
    return quoted ?? string.debugDescription
  }
}

/// Shows a value by its `description`.
struct DescriptionFormatter<Value: CustomStringConvertible>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    address.assumingMemoryBound(to: Value.self).pointee.description
  }
}

/// Shows an enum value as a case, with a leading dot: `.submit`, `.setInput("Alien")`.
struct EnumCaseFormatter<Value>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    "." + String(describing: address.assumingMemoryBound(to: Value.self).pointee)
  }
}

/// Shows any value as `String(reflecting:)` does, for types whose layout cannot be read.
struct ReflectingFormatter<Value>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    String(reflecting: address.assumingMemoryBound(to: Value.self).pointee)
  }
}

/// Shows a metatype by the name of the type it stands for.
struct MetatypeFormatter<Value>: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String {
    String(describing: address.assumingMemoryBound(to: Value.self).pointee) + ".self"
  }
}

/// Shows a closure, whose contents cannot be read.
struct FunctionFormatter: TextFormatter {
  func text(at address: UnsafeRawPointer) -> String { "(function)" }
}

/// The formatter a type declares for itself: its `debugDescription`, else its
/// `description`, else `nil`.
func describingFormatter(for type: Any.Type) -> (any TextFormatter)? {
  if type == String.self { return StringFormatter() }
  if let type = type as? any CustomDebugStringConvertible.Type {
    return openDebugDescriptionFormatter(type)
  }
  if let type = type as? any CustomStringConvertible.Type {
    return openDescriptionFormatter(type)
  }
  return nil
}

/// The formatter showing values of an enum type as cases.
func makeEnumCaseFormatter(for type: Any.Type) -> any TextFormatter {
  openEnumCaseFormatter(type)
}

/// The formatter showing values of `type` as `String(reflecting:)` does.
func makeReflectingFormatter(for type: Any.Type) -> any TextFormatter {
  openReflectingFormatter(type)
}

private func openDebugDescriptionFormatter<Value: CustomDebugStringConvertible>(
  _ type: Value.Type
) -> any TextFormatter {
  DebugDescriptionFormatter<Value>()
}

private func openDescriptionFormatter<Value: CustomStringConvertible>(_ type: Value.Type)
  -> any TextFormatter
{
  DescriptionFormatter<Value>()
}

private func openEnumCaseFormatter<Value>(_ type: Value.Type) -> any TextFormatter {
  EnumCaseFormatter<Value>()
}

private func openReflectingFormatter<Value>(_ type: Value.Type) -> any TextFormatter {
  ReflectingFormatter<Value>()
}

private func openMetatypeFormatter<Value>(_ type: Value.Type) -> any TextFormatter {
  MetatypeFormatter<Value>()
}

/// The formatter showing metatypes by the name of the type they stand for.
func makeMetatypeFormatter(for type: Any.Type) -> any TextFormatter {
  openMetatypeFormatter(type)
}

/// Shows storage the runtime calls builtin (a raw pointer, a task handle) by
/// its bits in hexadecimal, one word at a time, behind the type's name.
struct BitsFormatter: TextFormatter {
  /// The type's name, or `nil` to show the bits alone.
  let name: String?
  /// The offset and size of each builtin field.
  let fields: [(offset: Int, size: Int)]

  func text(at address: UnsafeRawPointer) -> String {
    let words = fields.map { field in
      var digits = ""
      // Most significant byte first, as a number is written.
      for index in (0..<field.size).reversed() {
        let byte = loadBits(UInt8.self, at: address, offset: field.offset + index)
        digits += byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
      }
      return "0x" + digits
    }
    guard let name else { return words.joined(separator: ", ") }
    return name + "(" + words.joined(separator: ", ") + ")"
  }
}

/// Shows Foundation's URL, Data, IndexSet and AttributedString so that two
/// values that differ never look the same, without importing Foundation.
struct FoundationFormatter: TextFormatter {
  enum Kind {
    case url, data, indexSet, attributedString
  }

  let kind: Kind
  let access: any ValueAccess

  func text(at address: UnsafeRawPointer) -> String {
    let value = access.load(from: address)
    switch kind {
    case .url:
      return "URL(\(String(describing: value)))"
    case .data:
      guard let bytes = value as? any Collection<UInt8> else { return String(reflecting: value) }
      return Self.bytesText(bytes)
    case .indexSet:
      guard let indexes = value as? any Collection<Int> else { return String(reflecting: value) }
      return Self.rangesText(indexes)
    case .attributedString:
      return "AttributedString(\(String(describing: value).debugDescription))"
    }
  }

  /// `Data(5 bytes: 48656c6c6f)`: the size, then every byte in hexadecimal.
  private static func bytesText(_ bytes: some Collection<UInt8>) -> String {
    let count = bytes.count
    guard count > 0 else { return "Data(0 bytes)" }
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(2 * count)
    for byte in bytes {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0F)])
    }
    let unit = count == 1 ? "byte" : "bytes"
    return "Data(\(count) \(unit): \(String(decoding: hex, as: UTF8.self)))"
  }

  /// `IndexSet(1...3, 7)`: the indexes as ranges, in ascending order.
  private static func rangesText(_ indexes: some Collection<Int>) -> String {
    var parts: [String] = []
    var start: Int?
    var end = 0
    func close() {
      guard let first = start else { return }
      parts.append(first == end ? "\(first)" : "\(first)...\(end)")
    }
    for index in indexes.sorted() {
      if start != nil, index == end + 1 {
        end = index
      } else {
        close()
        start = index
        end = index
      }
    }
    close()
    return "IndexSet(" + parts.joined(separator: ", ") + ")"
  }
}

/// Shows Foundation's `Date` as a UTC time to the exact fraction of a second
/// it holds: `Date(2026-11-23T22:01:48.25Z)`.
///
/// A `Date` stores one `Double`, its seconds since 2001-01-01 00:00:00 UTC;
/// the fraction shown is the fraction of that number's shortest text, so two
/// dates that differ never look the same.
struct DateTextFormatter: TextFormatter {
  let access: any ValueAccess

  func text(at address: UnsafeRawPointer) -> String {
    guard access.size == MemoryLayout<Double>.size else {
      return String(reflecting: access.load(from: address))
    }
    let seconds = loadBits(Double.self, at: address)
    return Self.text(secondsSinceReferenceDate: seconds)
  }

  static func text(secondsSinceReferenceDate seconds: Double) -> String {
    let number = String(describing: seconds)
    let isNegative = number.hasPrefix("-")
    let digits = isNegative ? number.dropFirst() : number[...]
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let whole = Int(parts[0]), whole < 1 << 50
    else { return "Date(timeIntervalSinceReferenceDate: \(number))" }
    var fraction = parts.count == 2 ? String(parts[1]) : ""
    if fraction.allSatisfy({ $0 == "0" }) { fraction = "" }
    var wholeSeconds = isNegative ? -whole : whole
    if isNegative, !fraction.isEmpty {
      // -12.25 is 0.75 past -13: take the fraction's complement to one.
      wholeSeconds -= 1
      fraction = complement(of: fraction)
    }
    let unixSeconds = wholeSeconds + 978_307_200
    let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
    let secondOfDay = unixSeconds - days * 86_400
    let (year, month, day) = civilDate(daysSince1970: days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var text = "\(year)-\(two(month))-\(two(day))T"
    text += "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    if !fraction.isEmpty { text += "." + fraction }
    return "Date(" + text + "Z)"
  }

  /// `1 - 0.F` as the digits after the point: "25" gives "75", "001" gives "999".
  ///
  /// The digits are not all zeros: each digit before the last non-zero one
  /// becomes its nine's complement, that one its ten's complement.
  private static func complement(of fraction: String) -> String {
    let digits = fraction.utf8.map { Int($0) - 48 }
    guard let last = digits.lastIndex(where: { $0 != 0 }) else { return "" }
    var text = ""
    for index in 0...last {
      text += String(index == last ? 10 - digits[index] : 9 - digits[index])
    }
    return text
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01.
  private static func civilDate(daysSince1970 days: Int) -> (Int, Int, Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}

/// Shows a value whose layout SwiftReduce cannot read by its type alone.
struct UnreadLayoutFormatter: TextFormatter {
  let name: String

  func text(at address: UnsafeRawPointer) -> String { "\(name) (layout not read)" }
}
