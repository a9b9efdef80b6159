import Observation

/// The one list of plain values: types known to hold no models, which the
/// walk never enters and snapshots show on one line.
///
/// It holds the standard library's scalars and strings, the Observation
/// registrar, and Foundation's value types. Foundation is named rather than
/// imported, so that the core library does not depend on it: its value
/// types are matched by their qualified names, which belong to the modules
/// `Foundation` and `FoundationEssentials` and to no one else.
enum PlainValues {
  /// Whether values of `type` are known to hold no models.
  static func contains(_ type: Any.Type) -> Bool {
    standardTypes.contains(ObjectIdentifier(type)) || type == ObservationRegistrar.self
      || foundationValue(type) != nil
  }

  /// The one-line format of a listed type, or `nil` for any other type.
  static func formatter(for type: Any.Type, access: any ValueAccess) -> (any TextFormatter)? {
    if type == String.self { return StringFormatter() }
    if standardTypes.contains(ObjectIdentifier(type)) { return describingFormatter(for: type) }
    switch foundationValue(type) {
    case nil: return nil
    case .url?: return FoundationFormatter(kind: .url, access: access)
    case .date?: return DateTextFormatter(access: access)
    case .data?: return FoundationFormatter(kind: .data, access: access)
    case .indexSet?: return FoundationFormatter(kind: .indexSet, access: access)
    case .attributedString?: return FoundationFormatter(kind: .attributedString, access: access)
    case .described?: return describingFormatter(for: type)
    }
  }

  /// Whether the text of a `type` value is the value.
  ///
  /// Equal texts, equal values; unequal texts, unequal values. Snapshots
  /// compare these by their text and keep no copy; every other `Equatable`
  /// value is compared by `==` (see ``ValueEquality``).
  static func textIsValue(_ type: Any.Type) -> Bool {
    exactTextTypes.contains(ObjectIdentifier(type))
  }

  /// The integers, `Bool` and `Unicode.Scalar`, written exactly.
  ///
  /// Not the floating-point types, whose `0.0` and `-0.0` are equal and whose
  /// NaNs are not. Strings are compared by text too, though not listed here;
  /// see ``makeValueEquality(for:)``.
  private static let exactTextTypes: Set<ObjectIdentifier> = [
    Unicode.Scalar.self, Bool.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
    UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
  ].reduce(into: []) { $0.insert(ObjectIdentifier($1)) }

  /// The standard library's scalars and strings.
  private static let standardTypes: Set<ObjectIdentifier> = [
    String.self, Substring.self, Character.self, Unicode.Scalar.self,
    Bool.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
    UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
    Float.self, Double.self,
  ].reduce(into: []) { $0.insert(ObjectIdentifier($1)) }

  /// Foundation's value types, by how they are shown.
  enum FoundationValue {
    /// `URL(https://example.com)`
    case url
    /// `Date(2026-11-23T22:01:48.25Z)`
    case date
    /// `Data(5 bytes: 48656c6c6f)`
    case data
    /// `IndexSet(1...3, 7)`
    case indexSet
    /// `AttributedString("Hello {…}")`, its description with the attributes.
    case attributedString
    /// By their own description, which tells any two values apart.
    case described
  }

  /// Which Foundation value type `type` is, if it is one.
  static func foundationValue(_ type: Any.Type) -> FoundationValue? {
    let name = _typeName(type, qualified: true)
    guard let dot = name.firstIndex(of: "."),
      name[..<dot] == "Foundation" || name[..<dot] == "FoundationEssentials"
    else { return nil }
    switch name[name.index(after: dot)...] {
    case "URL": return .url
    case "Date": return .date
    case "Data": return .data
    case "IndexSet": return .indexSet
    case "AttributedString": return .attributedString
    case "UUID", "Decimal", "URLComponents", "DateComponents", "DateInterval", "Locale",
      "TimeZone", "Calendar", "CharacterSet", "PersonNameComponents", "URLQueryItem":
      return .described
    default: return nil
    }
  }
}
