/// How ``PatchValueCoding`` decodes a value of one type straight into the
/// memory that holds it: planned once per type from its ``TypePlan``, so that
/// a saved list of 100,000 models is decoded without an existential, a cast or
/// a dynamic type check for each of its values.
///
/// A scalar (`String`, `Bool`, the standard integers and floating-point
/// numbers) is read from the encoded value as ``PatchValueDecoder`` reads it;
/// a model, a struct, an optional and an `Array` or a `ContiguousArray` are
/// decoded part by part by the plans of their parts, which the plan holds.
/// Every other type is decoded as ``PatchValueCoding`` decodes it, into an
/// existential, then stored: the plan only shortens what that would do.
///
/// A decoding either initialises its memory or leaves it as it was: a model's
/// properties are decoded into scratch memory and moved into the new instance
/// once all are, so that a value that does not fit leaves nothing half made.
/// Then ``PatchValueCoding`` decodes the value again its own way, to say why.
@MainActor
final class PatchValueDecodingPlan {
  enum Step {
    case text
    case flag
    case int, int8, int16, int32, int64
    case uint, uint8, uint16, uint32, uint64
    case double, float
    /// A model class made anew, its stored properties decoded by their plans.
    case model(ModelLayout)
    /// A struct or a tuple, its stored properties decoded in place.
    case fields([Member])
    /// `nil` for `null`, or the wrapped value decoded by its plan.
    case optional(PatchValueDecodingPlan, any OptionalType.Type)
    /// An `Array` or a `ContiguousArray`, its elements decoded into its storage.
    case array(PatchValueDecodingPlan, any ElementsDecodedInPlace.Type)
    /// Anything else: as ``PatchValueCoding`` decodes it, then stored.
    case whole
  }

  /// A stored property decoded from the member of its name.
  struct Member {
    let name: String
    let offset: Int
    let decoding: PatchValueDecodingPlan
  }

  /// What making an instance of a model class takes.
  final class ModelLayout {
    let type: AnyClass
    let members: [Member]
    let registrarOffsets: [Int]
    let weakOffsets: [Int]
    /// Where the properties are decoded before the instance is made: the
    /// instance's size, so that each property sits at its own offset.
    let scratchSize: Int
    /// Kept between decodings; a model met again inside its own decoding
    /// (a model holding models of its type) takes memory of its own.
    var scratch: UnsafeMutableRawPointer?

    init(
      type: AnyClass, members: [Member], registrarOffsets: [Int], weakOffsets: [Int],
      scratchSize: Int
    ) {
      self.type = type
      self.members = members
      self.registrarOffsets = registrarOffsets
      self.weakOffsets = weakOffsets
      self.scratchSize = scratchSize
    }
  }

  let plan: TypePlan
  private(set) var step = Step.whole
  private let plans: PlanCache

  private init(_ plan: TypePlan, plans: PlanCache) {
    self.plan = plan
    self.plans = plans
  }

  // MARK: - Planning

  /// Every type's decoding plan, made on first use; like type plans, never freed.
  private static var made: [ObjectIdentifier: PatchValueDecodingPlan] = [:]

  /// The decoding plan of the type `plan` describes.
  static func of(_ plan: TypePlan, plans: PlanCache) -> PatchValueDecodingPlan {
    if let known = made[ObjectIdentifier(plan)] { return known }
    let decoding = PatchValueDecodingPlan(plan, plans: plans)
    // Kept before its step is made, so that a type holding itself refers to this plan.
    made[ObjectIdentifier(plan)] = decoding
    decoding.step = decoding.makeStep()
    return decoding
  }

  private func makeStep() -> Step {
    if !plan.mayHoldModels {
      return plan.type is any Decodable.Type ? Self.scalarStep(of: plan.type) : .whole
    }
    switch plans.form(of: plan) {
    case .model:
      return modelStep() ?? .whole
    case .fields:
      return fieldsStep() ?? .whole
    case let .optional(optionalType):
      return .optional(
        Self.of(plans.plan(for: optionalType.wrappedType), plans: plans), optionalType)
    case let .collection(collectionType):
      guard case .positions = collectionType.order,
        let arrayType = collectionType as? any ElementsDecodedInPlace.Type
      else { return .whole }
      return .array(Self.of(plans.plan(for: collectionType.elementType), plans: plans), arrayType)
    default:
      return .whole
    }
  }

  private static func scalarStep(of type: Any.Type) -> Step {
    switch type {
    case is String.Type: .text
    case is Bool.Type: .flag
    case is Int.Type: .int
    case is Int8.Type: .int8
    case is Int16.Type: .int16
    case is Int32.Type: .int32
    case is Int64.Type: .int64
    case is UInt.Type: .uint
    case is UInt8.Type: .uint8
    case is UInt16.Type: .uint16
    case is UInt32.Type: .uint32
    case is UInt64.Type: .uint64
    case is Double.Type: .double
    case is Float.Type: .float
    default: .whole
    }
  }

  /// The members of a model, as ``PatchValueCoding`` makes one: `nil` for
  /// one it refuses to make, which is then decoded its way, to say why.
  private func modelStep() -> Step? {
    guard let model = plan.model, !model.isTailAllocated, model.noncopyableFields.isEmpty,
      let type = plan.type as? AnyClass, let fields = plans.fields(of: plan)
    else { return nil }
    var members: [Member] = []
    var registrarOffsets: [Int] = []
    var weakOffsets: [Int] = []
    var scratchSize = 0
    for field in fields {
      let fieldPlan = plans.plan(for: field.type)
      if case .registrar = plans.form(of: fieldPlan) {
        registrarOffsets.append(field.offset)
        continue
      }
      switch field.ownership {
      case .weak:
        weakOffsets.append(field.offset)
      case .strong where field.size > 0:
        members.append(
          Member(
            name: PersistenceTree.fileName(of: field), offset: field.offset,
            decoding: Self.of(fieldPlan, plans: plans)))
        scratchSize = max(scratchSize, field.offset + field.size)
      default:
        return nil
      }
    }
    return .model(
      ModelLayout(
        type: type, members: members, registrarOffsets: registrarOffsets,
        weakOffsets: weakOffsets, scratchSize: scratchSize))
  }

  /// The members of a struct or a tuple whose every stored property is a strong one.
  private func fieldsStep() -> Step? {
    guard let fields = plans.fields(of: plan) else { return nil }
    var members: [Member] = []
    for field in fields {
      let fieldPlan = plans.plan(for: field.type)
      if case .registrar = plans.form(of: fieldPlan) { return nil }
      guard field.ownership == .strong, field.size > 0 else { return nil }
      members.append(
        Member(
          name: PersistenceTree.fileName(of: field), offset: field.offset,
          decoding: Self.of(fieldPlan, plans: plans)))
    }
    return .fields(members)
  }

  // MARK: - Decoding

  /// Initialises the memory at `destination` with the value `encoded` holds,
  /// and returns `true`; returns `false`, initialising nothing, when it does
  /// not hold a value of the type.
  func initialize(at destination: UnsafeMutableRawPointer, from encoded: Patch.EncodedValue)
    -> Bool
  {
    switch step {
    case .text:
      guard case let .string(text) = encoded else { return false }
      return Self.put(text, at: destination)
    case .flag:
      guard case let .bool(flag) = encoded else { return false }
      return Self.put(flag, at: destination)
    case .int: return Self.put(Self.number(encoded, Int.self), at: destination)
    case .int8: return Self.put(Self.number(encoded, Int8.self), at: destination)
    case .int16: return Self.put(Self.number(encoded, Int16.self), at: destination)
    case .int32: return Self.put(Self.number(encoded, Int32.self), at: destination)
    case .int64: return Self.put(Self.number(encoded, Int64.self), at: destination)
    case .uint: return Self.put(Self.number(encoded, UInt.self), at: destination)
    case .uint8: return Self.put(Self.number(encoded, UInt8.self), at: destination)
    case .uint16: return Self.put(Self.number(encoded, UInt16.self), at: destination)
    case .uint32: return Self.put(Self.number(encoded, UInt32.self), at: destination)
    case .uint64: return Self.put(Self.number(encoded, UInt64.self), at: destination)
    case .double: return Self.put(Self.fraction(encoded, Double.self), at: destination)
    case .float: return Self.put(Self.fraction(encoded, Float.self), at: destination)
    case let .model(layout):
      guard let object = Self.makeModel(layout, from: encoded) else { return false }
      ObjectReference.initializeStrong(at: destination, to: object)
      return true
    case let .fields(members):
      guard case let .object(saved) = encoded else { return false }
      return Self.initialize(members, at: destination, from: saved)
    case let .optional(wrapped, optionalType):
      if case .null = encoded {
        plan.access.initialize(at: destination, with: optionalType.none)
        return true
      }
      let access = wrapped.plan.access
      let value = withTemporaryBytes(size: access.size, alignment: access.alignment) { bytes in
        wrapped.initialize(at: bytes, from: encoded) ? access.take(from: bytes) : nil
      }
      guard let value else { return false }
      plan.access.initialize(at: destination, with: optionalType.wrap(value))
      return true
    case let .array(element, arrayType):
      guard case let .array(list) = encoded else { return false }
      return arrayType.initialize(at: destination, count: list.count) { address, index in
        element.initialize(at: address, from: list[index])
      }
    case .whole:
      guard case let .success(value) = PatchValueCoding(plans: plans).decodeWhole(encoded, plan),
        plan.access.holds(value)
      else { return false }
      plan.access.initialize(at: destination, with: value)
      return true
    }
  }

  /// Initialises the value at `destination` to `value`, if there is one.
  @inline(__always)
  private static func put<Value>(_ value: Value?, at destination: UnsafeMutableRawPointer) -> Bool {
    guard let value else { return false }
    // The plan's type is `Value`: the step was chosen by it.
    destination.initializeMemory(as: Value.self, to: value)
    return true
  }

  /// `encoded` as a `Number`, exactly, as ``PatchValueDecoder`` reads one.
  @inline(__always)
  private static func number<Number: BinaryInteger>(
    _ encoded: Patch.EncodedValue, _ type: Number.Type
  ) -> Number? {
    switch encoded {
    case .int, .uint, .double: try? PatchValueDecoder(encoded).number(type)
    default: nil
    }
  }

  @inline(__always)
  private static func fraction<Number: BinaryFloatingPoint>(
    _ encoded: Patch.EncodedValue, _ type: Number.Type
  ) -> Number? {
    switch encoded {
    case .int, .uint, .double: try? PatchValueDecoder(encoded).floatingPoint(type)
    default: nil
    }
  }

  /// Initialises each of `members` at its offset from `base`, or none of them.
  private static func initialize(
    _ members: [Member], at base: UnsafeMutableRawPointer,
    from saved: [String: Patch.EncodedValue]
  ) -> Bool {
    for (index, member) in members.enumerated() {
      guard let value = Self.member(member.name, of: saved),
        member.decoding.initialize(at: base + member.offset, from: value)
      else {
        for made in members[..<index] {
          made.decoding.plan.access.deinitialize(at: base + made.offset)
        }
        return false
      }
    }
    return true
  }

  /// The member of `saved` named `name`: found by comparing names in an
  /// object of a few members, which is cheaper than hashing the name.
  @inline(__always)
  private static func member(_ name: String, of saved: [String: Patch.EncodedValue])
    -> Patch.EncodedValue?
  {
    guard saved.count <= 8 else { return saved[name] }
    for (key, value) in saved where key == name { return value }
    return nil
  }

  /// A new instance of the layout's class, with no initialiser run, its
  /// properties decoded from `encoded`; `nil`, with nothing made, when one does not fit.
  private static func makeModel(_ layout: ModelLayout, from encoded: Patch.EncodedValue)
    -> AnyObject?
  {
    guard case let .object(saved) = encoded else { return nil }
    let scratch =
      layout.scratch ?? .allocate(byteCount: max(layout.scratchSize, 1), alignment: 16)
    // Taken while it is used: a decoding of the same class inside this one allocates its own,
    // and of the two the one given back last is freed.
    layout.scratch = nil
    defer {
      if layout.scratch == nil { layout.scratch = scratch } else { scratch.deallocate() }
    }
    guard initialize(layout.members, at: scratch, from: saved) else { return nil }
    guard let object = HeapObject.allocateUninitializedInstance(of: layout.type) else {
      for member in layout.members {
        member.decoding.plan.access.deinitialize(at: scratch + member.offset)
      }
      return nil
    }
    let address = Unmanaged.passUnretained(object).toOpaque()
    for offset in layout.registrarOffsets {
      ModelCopier.initializeRegistrar(at: address + offset)
    }
    for offset in layout.weakOffsets {
      ObjectReference.initializeWeak(at: address + offset, to: nil)
    }
    for member in layout.members {
      let access = member.decoding.plan.access
      access.initializeCopy(at: address + member.offset, from: scratch + member.offset)
      if !access.isBitwiseCopyable { access.deinitialize(at: scratch + member.offset) }
    }
    return object
  }
}

/// A collection whose elements a decoding initialises in its storage, one by one.
protocol ElementsDecodedInPlace {
  /// Initialises `destination` with a collection of `count` elements, each
  /// initialised by `element` at its address, and returns `true`; returns
  /// `false`, initialising nothing, as soon as `element` does.
  static func initialize(
    at destination: UnsafeMutableRawPointer, count: Int,
    _ element: (UnsafeMutableRawPointer, Int) -> Bool
  ) -> Bool
}

extension Array: ElementsDecodedInPlace {
  static func initialize(
    at destination: UnsafeMutableRawPointer, count: Int,
    _ element: (UnsafeMutableRawPointer, Int) -> Bool
  ) -> Bool {
    guard let made = ContiguousArray<Element>.decoded(count: count, element) else { return false }
    destination.initializeMemory(as: Self.self, to: Self(made))
    return true
  }
}

extension ContiguousArray: ElementsDecodedInPlace {
  static func initialize(
    at destination: UnsafeMutableRawPointer, count: Int,
    _ element: (UnsafeMutableRawPointer, Int) -> Bool
  ) -> Bool {
    guard let made = decoded(count: count, element) else { return false }
    destination.initializeMemory(as: Self.self, to: made)
    return true
  }

  /// `count` elements, each initialised by `element`, or `nil`, with the
  /// elements made so far destroyed, as soon as one is not.
  fileprivate static func decoded(
    count: Int, _ element: (UnsafeMutableRawPointer, Int) -> Bool
  ) -> Self? {
    var isComplete = true
    let made = Self(unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = UnsafeMutableRawPointer(buffer.baseAddress) else { return }
      for index in 0..<count {
        guard element(base + index * MemoryLayout<Element>.stride, index) else {
          isComplete = false
          return
        }
        initialized += 1
      }
    }
    return isComplete ? made : nil
  }
}
