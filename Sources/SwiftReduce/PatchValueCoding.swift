/// How a patch's values are encoded and decoded, by the one description of
/// types (``PlanCache``): a `Codable` value by its own conformance; a model,
/// a struct or a tuple by its stored properties, by name (a struct that is
/// not `Codable`, such as a value model, too); an optional, an array, a set
/// or a dictionary element by element.
///
/// A model is encoded with what it holds; decoding one makes a new instance
/// of its class, with no initialiser run, every stored property decoded
/// before the instance is made. An Observation registrar is made afresh and
/// a `weak` reference is encoded as `nil`. Anything else (an instance of a
/// class that is not a model, an enum with a payload that is not `Codable`,
/// an `unowned` reference, a `~Copyable` property, an existential) is named
/// in the error, never dropped.
@MainActor
struct PatchValueCoding {
  let plans: PlanCache

  // MARK: - Encoding

  /// `value`, of the type `plan` describes, made encodable.
  func encodable(_ value: Any, _ plan: TypePlan) -> some Encodable {
    Planned(value: value, plan: plan, coding: self, models: [])
  }

  private struct Planned: @MainActor Encodable {
    let value: Any
    let plan: TypePlan
    let coding: PatchValueCoding
    /// The models being encoded around this value, to name a cycle.
    let models: [ObjectIdentifier]

    @MainActor func encode(to encoder: any Encoder) throws {
      try coding.encode(value, plan, models, to: encoder)
    }
  }

  private func encode(
    _ value: Any, _ plan: TypePlan, _ models: [ObjectIdentifier], to encoder: any Encoder
  ) throws {
    // A decoded patch's values, which hold no model whatever their plan says.
    if let encoded = value as? Patch.EncodedValue {
      var container = encoder.singleValueContainer()
      try container.encode(encoded)
      return
    }
    if !plan.mayHoldModels, let encodable = value as? any Encodable {
      var container = encoder.singleValueContainer()
      try container.encode(encodable)
      return
    }
    let planned = { (value: Any, plan: TypePlan) in
      Planned(value: value, plan: plan, coding: self, models: models)
    }
    switch plans.form(of: plan) {
    case .model:
      let object = value as AnyObject
      guard !models.contains(ObjectIdentifier(object)) else {
        throw refusal(value, encoder, "\(plan.name) holds itself through its models: a cycle")
      }
      guard let fields = plans.fields(of: plan) else {
        throw refusal(value, encoder, "the runtime does not describe \(plan.name)'s properties")
      }
      var container = encoder.container(keyedBy: Name.self)
      let address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      let inside = models + [ObjectIdentifier(object)]
      for field in fields {
        let fieldPlan = plans.plan(for: field.type)
        switch (field.ownership, plans.form(of: fieldPlan)) {
        case (_, .registrar):
          continue
        case (.weak, _):
          try container.encodeNil(forKey: Name(field.name))
        case (.strong, _) where field.size > 0:
          let inner = fieldPlan.access.load(from: address + field.offset)
          try container.encode(
            Planned(value: inner, plan: fieldPlan, coding: self, models: inside),
            forKey: Name(field.name))
        default:
          throw refusal(
            value, encoder,
            "\(plan.name).\(field.name) is \(field.size == 0 ? "~Copyable" : "an unowned reference")"
          )
        }
      }
    case .fields:
      guard let fields = plans.fields(of: plan) else {
        throw refusal(value, encoder, "the runtime does not describe \(plan.name)'s properties")
      }
      var container = encoder.container(keyedBy: Name.self)
      var failure: (any Error)?
      plan.access.withBytes(of: value) { base in
        do {
          for field in fields {
            let fieldPlan = plans.plan(for: field.type)
            try container.encode(
              planned(fieldPlan.access.load(from: base + field.offset), fieldPlan),
              forKey: Name(field.name))
          }
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    case let .optional(optionalType):
      guard let wrapped = optionalType.unwrap(value) else {
        var container = encoder.singleValueContainer()
        return try container.encodeNil()
      }
      var container = encoder.singleValueContainer()
      try container.encode(planned(wrapped, plans.plan(for: optionalType.wrappedType)))
    case let .collection(collectionType):
      let element = plans.plan(for: collectionType.elementType)
      guard case let .keys(keyType) = collectionType.order else {
        var container = encoder.unkeyedContainer()
        for element in collectionType.elements(of: value).map({ planned($0, element) }) {
          try container.encode(element)
        }
        return
      }
      let values = plans.plan(
        for: (collectionType as? any EditableCollection.Type)?.storedElementType ?? Any.self)
      let keys = collectionType.keys(of: value)
      let elements = collectionType.elements(of: value)
      if keyType == String.self || keyType is any FixedWidthInteger.Type {
        var container = encoder.container(keyedBy: Name.self)
        for (key, element) in zip(keys, elements) {
          try container.encode(planned(element, values), forKey: Name("\(key)"))
        }
      } else {
        // As `Dictionary` encodes itself: keys and values in turn.
        var container = encoder.unkeyedContainer()
        let keyPlan = plans.plan(for: keyType)
        for (key, element) in zip(keys, elements) {
          try container.encode(planned(key, keyPlan))
          try container.encode(planned(element, values))
        }
      }
    default:
      // An enum with a payload, or an existential, whose type is `Codable`: by its own conformance.
      guard let encodable = value as? any Encodable, plan.type is any Decodable.Type else {
        throw refusal(value, encoder, "\(plan.name) is neither Codable nor a model or a struct")
      }
      var container = encoder.singleValueContainer()
      try container.encode(encodable)
    }
  }

  private func refusal(_ value: Any, _ encoder: any Encoder, _ reason: String) -> EncodingError {
    let path = encoder.codingPath.map(\.stringValue).joined(separator: ".")
    return EncodingError.invalidValue(
      value,
      .init(
        codingPath: encoder.codingPath,
        debugDescription: "Cannot encode \(path.isEmpty ? "the value" : path): \(reason)."))
  }

  // MARK: - Decoding

  /// A value of the type `plan` describes, decoded from `encoded`, or why not.
  ///
  /// Decoded by the type's ``PatchValueDecodingPlan``, straight into memory;
  /// a value that does not fit is decoded again part by part, to say why.
  func decode(_ encoded: Patch.EncodedValue, _ plan: TypePlan) -> Result<Any, Refusal> {
    let decoding = PatchValueDecodingPlan.of(plan, plans: plans)
    if case .whole = decoding.step { return decodeWhole(encoded, plan) }
    let access = plan.access
    let decoded = withTemporaryBytes(size: access.size, alignment: access.alignment) { bytes in
      decoding.initialize(at: bytes, from: encoded) ? access.take(from: bytes) : nil
    }
    return decoded.map { .success($0) } ?? decodeWhole(encoded, plan)
  }

  /// A value of the type `plan` describes, decoded from `encoded` into an
  /// existential, its parts by ``decode(_:_:)``, or why not.
  func decodeWhole(_ encoded: Patch.EncodedValue, _ plan: TypePlan) -> Result<Any, Refusal> {
    if !plan.mayHoldModels, let decodable = plan.type as? any Decodable.Type {
      do {
        return .success(try PatchValueDecoder(encoded).single(decodable))
      } catch {
        return .failure(Refusal("\(encoded) is not a \(plan.name)"))
      }
    }
    switch plans.form(of: plan) {
    case .model:
      return makeModel(from: encoded, plan)
    case .fields:
      return makeValue(from: encoded, plan)
    case let .optional(optionalType):
      if encoded == .null { return .success(optionalType.none) }
      return decode(encoded, plans.plan(for: optionalType.wrappedType)).map(optionalType.wrap)
    case let .collection(collectionType):
      return makeCollection(collectionType, from: encoded, plan)
    default:
      // An enum with a payload whose type is `Codable`: by its own conformance.
      guard let decodable = plan.type as? any Decodable.Type, plan.type is any Encodable.Type
      else { return .failure(Refusal("\(plan.name) is neither Codable nor a model or a struct")) }
      do {
        return .success(try PatchValueDecoder(encoded).single(decodable))
      } catch {
        return .failure(Refusal("\(encoded) is not a \(plan.name)"))
      }
    }
  }

  /// Why a value cannot be decoded, in words.
  struct Refusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  private func members(of encoded: Patch.EncodedValue, _ plan: TypePlan)
    -> Result<[(PlanField, TypePlan, Any)], Refusal>
  {
    guard case let .object(members) = encoded else {
      return .failure(Refusal("\(encoded) is not a \(plan.name)"))
    }
    guard let fields = plans.fields(of: plan) else {
      return .failure(Refusal("the runtime does not describe \(plan.name)'s properties"))
    }
    var decoded: [(PlanField, TypePlan, Any)] = []
    for field in fields {
      let fieldPlan = plans.plan(for: field.type)
      if case .registrar = plans.form(of: fieldPlan) { continue }
      if field.ownership == .weak {
        decoded.append((field, fieldPlan, Optional<AnyObject>.none as Any))
        continue
      }
      guard field.ownership == .strong, field.size > 0 else {
        return .failure(
          Refusal(
            "\(plan.name).\(field.name) is \(field.size == 0 ? "~Copyable" : "an unowned reference")"
          ))
      }
      guard let member = members[Name(field.name).stringValue] else {
        return .failure(Refusal("\(plan.name).\(field.name) is missing"))
      }
      switch decode(member, fieldPlan) {
      case let .success(value) where fieldPlan.access.holds(value):
        decoded.append((field, fieldPlan, value))
      case .success:
        return .failure(Refusal("\(plan.name).\(field.name) is not a \(fieldPlan.name)"))
      case let .failure(refusal):
        return .failure(Refusal("\(plan.name).\(field.name): \(refusal.reason)"))
      }
    }
    return .success(decoded)
  }

  private func makeModel(from encoded: Patch.EncodedValue, _ plan: TypePlan) -> Result<Any, Refusal>
  {
    guard let model = plan.model, !model.isTailAllocated, model.noncopyableFields.isEmpty,
      let type = plan.type as? AnyClass
    else {
      return .failure(Refusal("a \(plan.name) cannot be made from a patch"))
    }
    return members(of: encoded, plan).flatMap { members in
      guard let object = HeapObject.allocateUninitializedInstance(of: type) else {
        return .failure(Refusal("a \(plan.name) cannot be made from a patch"))
      }
      let address = Unmanaged.passUnretained(object).toOpaque()
      for field in plans.fields(of: plan) ?? [] {
        if case .registrar = plans.form(of: plans.plan(for: field.type)) {
          ModelCopier.initializeRegistrar(at: address + field.offset)
        }
      }
      for (field, fieldPlan, value) in members {
        if field.ownership == .weak {
          ObjectReference.initializeWeak(at: address + field.offset, to: nil)
        } else {
          fieldPlan.access.initialize(at: address + field.offset, with: value)
        }
      }
      return .success(object)
    }
  }

  private func makeValue(from encoded: Patch.EncodedValue, _ plan: TypePlan) -> Result<Any, Refusal>
  {
    members(of: encoded, plan).map { members in
      withTemporaryBytes(size: plan.access.size, alignment: plan.access.alignment) { base in
        for (field, fieldPlan, value) in members {
          fieldPlan.access.initialize(at: base + field.offset, with: value)
        }
        // The value moves out of the bytes, which are then left as raw memory.
        return plan.access.take(from: base)
      }
    }
  }

  private func makeCollection(
    _ collectionType: any StandardCollection.Type, from encoded: Patch.EncodedValue,
    _ plan: TypePlan
  ) -> Result<Any, Refusal> {
    let stored = (collectionType as? any EditableCollection.Type)?.storedElementType
    var keys: [Any]?
    var elements: [Any] = []
    switch (encoded, collectionType.order) {
    case let (.array(list), .keys(keyType)):
      // Keys and values in turn, as `Dictionary` encodes a dictionary whose keys are not strings.
      guard list.count.isMultiple(of: 2) else { break }
      var madeKeys: [Any] = []
      for index in stride(from: 0, to: list.count, by: 2) {
        guard case let .success(key) = decode(list[index], plans.plan(for: keyType)),
          case let .success(value) = decode(list[index + 1], plans.plan(for: stored ?? Any.self))
        else { return .failure(Refusal("\(encoded) is not a \(plan.name)")) }
        madeKeys.append(key)
        elements.append(value)
      }
      keys = madeKeys
    case let (.object(members), .keys(keyType)):
      var madeKeys: [Any] = []
      for (name, member) in members.sorted(by: { $0.key < $1.key }) {
        guard let key = Self.key(name, as: keyType),
          case let .success(value) = decode(member, plans.plan(for: stored ?? Any.self))
        else { return .failure(Refusal("\(encoded) is not a \(plan.name)")) }
        madeKeys.append(key)
        elements.append(value)
      }
      keys = madeKeys
    case let (.array(list), _):
      let element = plans.plan(for: collectionType.elementType)
      for item in list {
        switch decode(item, element) {
        case let .success(value): elements.append(value)
        case let .failure(refusal): return .failure(refusal)
        }
      }
    default:
      break
    }
    guard let made = collectionType.make(keys: keys, elements: elements) else {
      return .failure(Refusal("\(encoded) is not a \(plan.name)"))
    }
    return .success(made)
  }

  /// The key of a dictionary whose keys are `keyType`, written as `name`.
  static func key(_ name: String, as keyType: Any.Type) -> Any? {
    if keyType == String.self { return name }
    guard let convertible = keyType as? any LosslessStringConvertible.Type else { return nil }
    return convertible.init(name)
  }

  /// A member name, for keyed containers.
  private struct Name: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) {
      // A tuple's unlabelled elements are named `.0`, `.1` by the runtime.
      stringValue = name.hasPrefix(".") ? String(name.dropFirst()) : name
    }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
