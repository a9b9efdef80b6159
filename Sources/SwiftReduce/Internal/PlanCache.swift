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
        ? TypePlan(type, .allChildren) : TypePlan(type, .inert)
    case .tuple:
      return makeFieldsPlan(for: type)
    case .existential:
      // Values never arrive with an existential type (the runtime opens them),
      // but a stored property declared `Any` or `any P` can hold a model.
      return TypePlan(type, .allChildren, mayHoldModels: true)
    default:
      // Functions, metatypes and runtime-private kinds hold no models.
      return TypePlan(type, .inert)
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
    guard let fieldTypes = Reflection.storedPropertyTypes(of: type) else {
      return TypePlan(type, .allChildren)
    }
    let indices = fieldTypes.indices.filter { plan(for: fieldTypes[$0]).mayHoldModels }
    return indices.isEmpty ? TypePlan(type, .inert) : TypePlan(type, .fields(indices))
  }

  private func makeModelPlan(for type: any Reducer.Type) -> ModelPlan {
    let hierarchy = Reflection.classHierarchy(of: type)
    var fields: [ModelPlan.Field]? = []
    var inheritedCount = 0
    for level in hierarchy {
      guard let fieldTypes = Reflection.storedPropertyTypes(of: level) else {
        fields = nil
        break
      }
      for index in inheritedCount..<fieldTypes.count
      where plan(for: fieldTypes[index]).mayHoldModels {
        fields?.append(ModelPlan.Field(level: level, index: index - inheritedCount))
      }
      inheritedCount = fieldTypes.count
    }
    return ModelPlan(receiver: makeReceiver(for: type), fields: fields, hierarchy: hierarchy)
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
}

extension Optional: OptionalType {
  static var wrappedType: Any.Type { Wrapped.self }
}
