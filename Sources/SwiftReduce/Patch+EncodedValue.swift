extension Patch {
  /// A value as a patch is encoded: what a decoded patch's ``Patch/before``
  /// and ``Patch/after`` hold until ``Store/apply(_:)`` decodes them as the
  /// type of the property they are applied to.
  ///
  /// Numbers, strings, flags and `nil` are kept as they were encoded; a
  /// struct, a model or a dictionary with string keys is an object of its
  /// members, and an array or a set is a list.
  ///
  /// ```swift
  /// let value: Patch.EncodedValue = .object(["title": "Dune", "plays": 2])
  /// print(value)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// {"plays": 2, "title": "Dune"}
  /// ```
  public enum EncodedValue: Hashable, Sendable {
    /// `nil`, or JSON's `null`.
    case null
    /// A flag.
    case bool(Bool)
    /// A whole number.
    case int(Int64)
    /// A whole number past `Int64.max`.
    case uint(UInt64)
    /// A number with a fraction, or one too large for a whole number.
    case double(Double)
    /// A string.
    case string(String)
    /// The elements of an array or a set, in order.
    case array([EncodedValue])
    /// The stored properties of a model or a struct by name, or a dictionary's entries.
    case object([String: EncodedValue])
  }
}

// MARK: - Literals

extension Patch.EncodedValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `nil`: ``null``.
  public init(nilLiteral: ()) { self = .null }
  /// A flag: ``bool(_:)``.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// A whole number: ``int(_:)``.
  public init(integerLiteral value: Int64) { self = .int(value) }
  /// A number with a fraction: ``double(_:)``.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// A string: ``string(_:)``.
  public init(stringLiteral value: String) { self = .string(value) }
  /// A list: ``array(_:)``.
  public init(arrayLiteral elements: Patch.EncodedValue...) { self = .array(elements) }
  /// An object; of keys given twice, the last is kept: ``object(_:)``.
  public init(dictionaryLiteral elements: (String, Patch.EncodedValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

// MARK: - Text

extension Patch.EncodedValue: CustomStringConvertible {
  /// The value as JSON writes it, an object's members sorted by name.
  public var description: String {
    switch self {
    case .null: "nil"
    case let .bool(value): String(value)
    case let .int(value): String(value)
    case let .uint(value): String(value)
    case let .double(value): String(value)
    case let .string(value): Self.quoted(value)
    case let .array(elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
    case let .object(members):
      "{"
        + members.sorted { $0.key < $1.key }
        .map { Self.quoted($0.key) + ": " + $0.value.description }
        .joined(separator: ", ") + "}"
    }
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text.unicodeScalars {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(character)
      }
    }
    return result + "\""
  }
}

// MARK: - Codable

extension Patch.EncodedValue: Codable {
  /// Reads whatever the decoder holds at its position, trying the kinds of
  /// value in turn: `nil`, a flag, a whole number, a number, a string, a
  /// list, an object.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
        return
      }
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Int64.self) {
        self = .int(value)
      } else if let value = try? container.decode(UInt64.self) {
        self = .uint(value)
      } else if let value = try? container.decode(Double.self) {
        self = .double(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([Patch.EncodedValue].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: Patch.EncodedValue].self))
      }
      return
    }
    self = .object(try [String: Patch.EncodedValue](from: decoder))
  }

  /// Writes the value as what it holds: a number as a number, an object as a keyed container.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .bool(value): try container.encode(value)
    case let .int(value): try container.encode(value)
    case let .uint(value): try container.encode(value)
    case let .double(value): try container.encode(value)
    case let .string(value): try container.encode(value)
    case let .array(elements): try container.encode(elements)
    case let .object(members): try container.encode(members)
    }
  }
}
