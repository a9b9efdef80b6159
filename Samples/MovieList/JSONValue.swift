/// Any JSON value, kept so that keys MovieList does not know survive a save.
///
/// Whole numbers that fit in 64 bits are kept exactly; other numbers are kept
/// as `Double`, the precision JSON parsers commonly give them.
enum JSONValue: Codable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The text of a string value; `nil` for any other value.
  var string: String? {
    if case .string(let text) = self { text } else { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    // Whole numbers first: a state file holds a count for every movie, and
    // each type tried before the right one costs a thrown error.
    if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
