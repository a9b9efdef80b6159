/// Decodes a `Decodable` value from a ``Patch/EncodedValue``: how a decoded
/// patch's values become values of the property they are applied to.
///
/// Numbers convert as `JSONDecoder` converts them: exactly or not at all.
struct PatchValueDecoder: Decoder {
  let value: Patch.EncodedValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ value: Patch.EncodedValue, codingPath: [any CodingKey] = []) {
    self.value = value
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case let .object(members) = value else { throw mismatch([String: Any].self) }
    return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case let .array(elements) = value else { throw mismatch([Any].self) }
    return Unkeyed(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  func mismatch(_ type: Any.Type) -> DecodingError {
    DecodingError.typeMismatch(
      type,
      .init(codingPath: codingPath, debugDescription: "Expected \(type), found \(value)."))
  }

  /// `value` as a number of type `Number`, exactly, or a mismatch.
  func number<Number: BinaryInteger>(_ type: Number.Type) throws -> Number {
    switch value {
    case let .int(whole): if let number = Number(exactly: whole) { return number }
    case let .uint(whole): if let number = Number(exactly: whole) { return number }
    case let .double(fraction): if let number = Number(exactly: fraction) { return number }
    default: break
    }
    throw mismatch(type)
  }

  func floatingPoint<Number: BinaryFloatingPoint>(_ type: Number.Type) throws -> Number {
    switch value {
    case let .int(whole): return Number(whole)
    case let .uint(whole): return Number(whole)
    case let .double(fraction): return Number(fraction)
    default: throw mismatch(type)
    }
  }

  func flag() throws -> Bool {
    guard case let .bool(flag) = value else { throw mismatch(Bool.self) }
    return flag
  }

  func text() throws -> String {
    guard case let .string(text) = value else { throw mismatch(String.self) }
    return text
  }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: Patch.EncodedValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func decoder(for key: Key) throws -> PatchValueDecoder {
      guard let member = members[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key, .init(codingPath: codingPath, debugDescription: "No member \"\(key.stringValue)\"."))
      }
      return PatchValueDecoder(member, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).value == .null }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
      try decoder(for: key).single(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
      PatchValueDecoder(members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
  }

  private struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [Patch.EncodedValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [Patch.EncodedValue], codingPath: [any CodingKey]) {
      self.elements = elements
      self.codingPath = codingPath
    }

    private mutating func next() throws -> PatchValueDecoder {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          Any.self, .init(codingPath: codingPath, debugDescription: "No element left."))
      }
      defer { currentIndex += 1 }
      return PatchValueDecoder(
        elements[currentIndex], codingPath: codingPath + [Position(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, elements[currentIndex] == .null else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
      try next().single(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
  }

  /// A position in a list, as a key of a coding path.
  private struct Position: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) {
      guard let value = Int(stringValue) else { return nil }
      intValue = value
    }
  }

  private struct Single: SingleValueDecodingContainer {
    let decoder: PatchValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.flag() }
    func decode(_ type: String.Type) throws -> String { try decoder.text() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.number(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.number(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.number(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.number(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.number(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.number(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.number(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.number(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.number(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.number(type) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try decoder.single(type) }
  }
}

extension PatchValueDecoder {
  /// A value of `type` decoded from ``value``, as a container decodes one:
  /// the standard scalars directly, anything else through its `init(from:)`.
  func single<Value: Decodable>(_ type: Value.Type) throws -> Value {
    let scalar: Any? =
      switch type {
      case is Bool.Type: try flag()
      case is String.Type: try text()
      case is Double.Type: try floatingPoint(Double.self)
      case is Float.Type: try floatingPoint(Float.self)
      case is Int.Type: try number(Int.self)
      case is Int64.Type: try number(Int64.self)
      case is Int32.Type: try number(Int32.self)
      case is UInt.Type: try number(UInt.self)
      case is UInt64.Type: try number(UInt64.self)
      default: nil
      }
    // Unwrapped first: `nil` would cast to an optional `Value` as `nil`.
    if let scalar, let typed = scalar as? Value { return typed }
    return try Value(from: self)
  }
}

extension Patch {
  /// A value of `type` decoded from `encoded`, as a patch's values and a
  /// session's actions are.
  ///
  /// - Throws: `DecodingError` when `encoded` is not a `type`.
  package static func decode<Value: Decodable>(_ encoded: EncodedValue, as type: Value.Type)
    throws -> Value
  {
    try PatchValueDecoder(encoded).single(type)
  }
}
