/// Encodes an `Encodable` value as a ``Patch/EncodedValue``: how a patch's
/// values are compared by what they encode, with no coder of the caller's.
///
/// Numbers keep their kind (`Int64`, `UInt64` past `Int64.max`, `Double`);
/// a keyed container is an object, an unkeyed one a list.
final class PatchValueEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// What was encoded: set by the one container used at this level.
  private var storage: Storage = .value(.null)

  private enum Storage {
    case value(Patch.EncodedValue)
    case object(Box)
    case list(Box)
  }

  /// The members or elements of a container, filled as they are encoded.
  final class Box {
    var members: [String: PatchValueEncoder] = [:]
    var elements: [PatchValueEncoder] = []
  }

  init(codingPath: [any CodingKey] = []) {
    self.codingPath = codingPath
  }

  /// `value` encoded.
  static func encode(_ value: some Encodable) throws -> Patch.EncodedValue {
    let encoder = PatchValueEncoder()
    try value.encode(to: encoder)
    return encoder.value
  }

  /// What was encoded at this level.
  var value: Patch.EncodedValue {
    switch storage {
    case let .value(value): value
    case let .object(box): .object(box.members.mapValues(\.value))
    case let .list(box): .array(box.elements.map(\.value))
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: Box
    if case let .object(existing) = storage {
      box = existing
    } else {
      box = Box()
      storage = .object(box)
    }
    return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: Box
    if case let .list(existing) = storage {
      box = existing
    } else {
      box = Box()
      storage = .list(box)
    }
    return Unkeyed(box: box, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

  fileprivate func set(_ value: Patch.EncodedValue) { storage = .value(value) }

  private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    let codingPath: [any CodingKey]

    private func encoder(for key: Key) -> PatchValueEncoder {
      let encoder = PatchValueEncoder(codingPath: codingPath + [key])
      box.members[key.stringValue] = encoder
      return encoder
    }

    mutating func encodeNil(forKey key: Key) throws { encoder(for: key).set(.null) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
      try encoder(for: key).single(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      encoder(for: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      encoder(for: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      let encoder = PatchValueEncoder(codingPath: codingPath)
      box.members["super"] = encoder
      return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(for: key) }
  }

  private struct Unkeyed: UnkeyedEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]
    var count: Int { box.elements.count }

    private func next() -> PatchValueEncoder {
      let encoder = PatchValueEncoder(codingPath: codingPath)
      box.elements.append(encoder)
      return encoder
    }

    mutating func encodeNil() throws { next().set(.null) }

    mutating func encode<Value: Encodable>(_ value: Value) throws { try next().single(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      next().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      next().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { next() }
  }

  private struct Single: SingleValueEncodingContainer {
    let encoder: PatchValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.set(.null) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try encoder.single(value) }
  }

  /// Encodes `value` here: a number, a flag or a string as itself, anything
  /// else through its `encode(to:)`.
  fileprivate func single<Value: Encodable>(_ value: Value) throws {
    switch value {
    case let flag as Bool: set(.bool(flag))
    case let text as String: set(.string(text))
    case let number as Double: set(.double(number))
    case let number as Float: set(.double(Double(number)))
    case let number as any BinaryInteger:
      if let whole = Int64(exactly: number) {
        set(.int(whole))
      } else if let whole = UInt64(exactly: number) {
        set(.uint(whole))
      } else {
        throw EncodingError.invalidValue(
          value, .init(codingPath: codingPath, debugDescription: "\(number) is out of range."))
      }
    case let encoded as Patch.EncodedValue: set(encoded)
    default: try value.encode(to: self)
    }
  }
}
