@_spi(Reflection) import Swift

/// Builds and keeps one ``TypePlan`` per type, for every store of the process.
///
/// A plan depends on the type alone, so it is computed the first time a value
/// of the type is met and reused by every later dispatch.
@MainActor
final class PlanCache {
  static let shared = PlanCache()

  private var plans: [ObjectIdentifier: TypePlan] = [:]

  /// Types whose plan is being built; a type met again while its own plan is
  /// being built (`struct Tree { var children: [Tree] }`) is assumed to hold models.
  private var inProgress: Set<ObjectIdentifier> = []

  private init() {
    for type in Self.plainDataTypes {
      plans[ObjectIdentifier(type)] = TypePlan(type, .inert)
    }
  }

  /// The number of plans built so far.
  var count: Int { plans.count }

  /// The plan for `type`, built on first use.
  func plan(for type: Any.Type) -> TypePlan {
    let key = ObjectIdentifier(type)
    if let plan = plans[key] { return plan }
    if inProgress.contains(key) {
      return TypePlan(type, .allChildren, mayHoldModels: true)
    }
    inProgress.insert(key)
    let plan = makePlan(for: type)
    inProgress.remove(key)
    plans[key] = plan
    return plan
  }

  // MARK: - Building plans

  private func makePlan(for type: Any.Type) -> TypePlan {
    switch Reflection.kind(of: type) {
    case .class:
      if let modelType = type as? any Reducer.Type {
        return TypePlan(type, .model(makeModelPlan(for: modelType)))
      }
      return TypePlan(type, .opaqueObject)
    case .struct, .enum:
      return makeValuePlan(for: type)
    case .optional:
      guard let optional = type as? any OptionalType.Type else {
        return TypePlan(type, .allChildren)
      }
      return plan(for: optional.wrappedType).mayHoldModels
        ? TypePlan(type, .optional(optional)) : TypePlan(type, .inert)
    case .tuple:
      return makeFieldsPlan(for: type)
    case .function, .metatype, .existentialMetatype, .opaque:
      return TypePlan(type, .inert)
    case .foreignClass, .objcClassWrapper:
      return TypePlan(type, .opaqueObject)
    default:
      // Existentials (`Any`, `any P`, `any P<T>`) can hold a model; values
      // never arrive with an existential type, since the runtime opens them.
      // Kinds this code does not know are treated the same way, to stay sound.
      return TypePlan(type, .allChildren, mayHoldModels: true)
    }
  }

  private func makeValuePlan(for type: Any.Type) -> TypePlan {
    if type is any UntraversedStorage.Type {
      return TypePlan(type, .inert)
    }
    if let collection = type as? any Collection.Type {
      let (walker, elementType) = makeWalker(for: collection) { elementType in
        Reflection.kind(of: elementType) == .class
      }
      return plan(for: elementType).mayHoldModels
        ? TypePlan(type, .elements(walker)) : TypePlan(type, .inert)
    }
    if Reflection.kind(of: type) == .enum {
      return Reflection.enumHasNoPayloadCases(type)
        ? TypePlan(type, .inert) : TypePlan(type, .allChildren)
    }
    return makeFieldsPlan(for: type)
  }

  private func makeFieldsPlan(for type: Any.Type) -> TypePlan {
    guard let fields = Reflection.storedFields(of: type) else {
      return TypePlan(type, .allChildren)
    }
    let reads = reads(for: fields, at: 0)
    return reads.isEmpty
      ? TypePlan(type, .inert) : TypePlan(type, .fields(reads, makeAccess(for: type)))
  }

  private func makeModelPlan(for type: any Reducer.Type) -> ModelPlan {
    let reads = Reflection.storedFields(of: type).map { self.reads(for: $0, at: 0) }
    return ModelPlan(
      receiver: makeReceiver(for: type), reads: reads,
      hierarchy: Reflection.classHierarchy(of: type))
  }

  /// The reads that find every model in `fields`, laid out from `base`.
  ///
  /// Inline structs and tuples are looked through, so their fields become
  /// reads at their own offsets; collections are not, since their elements
  /// live elsewhere.
  private func reads(for fields: [StoredField], at base: Int) -> [FieldRead] {
    var reads: [FieldRead] = []
    for field in fields where plan(for: field.type).mayHoldModels {
      let offset = base + field.offset
      if field.ownership != .strong || Reflection.isObjectReference(field.type) {
        reads.append(.object(offset: offset, ownership: field.ownership))
      } else if let array = field.type as? any ContiguousStorageArray.Type,
        Reflection.isObjectReference(array.storedElementType)
      {
        // `ContiguousArray` always has native storage; `Array` conforms only
        // without Objective-C interop, where it cannot be a bridged `NSArray`.
        reads.append(.objectArray(offset: offset))
      } else if case .fields = plan(for: field.type).shape,
        let inner = Reflection.storedFields(of: field.type)
      {
        reads += self.reads(for: inner, at: offset)
      } else {
        reads.append(.value(offset: offset, access: makeAccess(for: field.type)))
      }
    }
    return reads
  }

  // MARK: - Plain data

  /// Standard library types known to hold no models, planned up front.
  ///
  /// `String` and `Character` are collections of each other, so they are
  /// settled here rather than by looking at their elements.
  private static let plainDataTypes: [Any.Type] = [
    String.self, Substring.self, Character.self, Unicode.Scalar.self,
    Bool.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
    UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
    Float.self, Double.self,
  ]
}

/// Lets the plan builder find the wrapped type of an `Optional` type.
protocol OptionalType {
  static var wrappedType: Any.Type { get }

  /// The wrapped value of `value`, an optional of this type, if there is one.
  static func unwrap(_ value: Any) -> Any?
}

extension Optional: OptionalType {
  static var wrappedType: Any.Type { Wrapped.self }

  static func unwrap(_ value: Any) -> Any? {
    guard let optional = value as? Wrapped? else { return nil }
    return optional.map { $0 as Any }
  }
}
