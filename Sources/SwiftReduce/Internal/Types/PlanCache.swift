import Observation

/// Builds and keeps one ``TypePlan`` per type, for every store of the process.
///
/// A plan depends on the type alone, so it is computed the first time a value
/// of the type is met and reused by every later dispatch. Plans are never
/// freed: reads and walk frames refer to them without retaining them.
///
/// The one cache is used only on the main actor, where every dispatch,
/// snapshot and copy runs.
final class PlanCache {
  @MainActor static let shared = PlanCache()

  private var plans: [ObjectIdentifier: TypePlan] = [:]

  /// Types whose plan is being built; a type met again while its own plan is
  /// being built (`struct Tree { var children: [Tree] }`) gets a deferred
  /// plan, which the walk replaces with the finished one when it meets a value.
  private var inProgress: Set<ObjectIdentifier> = []

  private init() {}

  /// The plan for `type`, built on first use; finished, with any stand-in for
  /// a recursive type replaced, once no plan is being built, which is always
  /// the case outside this file.
  func plan(for type: Any.Type) -> TypePlan {
    let key = ObjectIdentifier(type)
    if let plan = plans[key] { return plan }
    if inProgress.contains(key) {
      // Kept alive by `placeholders`, since reads may name it. A struct met
      // inside itself may hold value models (`struct Node: ValueReducer {
      // var children: [Node] }`); whether it does is not known yet, so the
      // places that hold it are entered in place, as if it did.
      let kind = Reflection.kind(of: type)
      let placeholder = TypePlan(
        type, .deferred, holdsValueModels: kind == .struct || kind == .tuple)
      placeholders.append(placeholder)
      return placeholder
    }
    inProgress.insert(key)
    let plan = makePlan(for: type)
    inProgress.remove(key)
    plans[key] = plan
    return plan
  }

  /// The stand-in plans of recursive types, kept for as long as reads name them.
  private var placeholders: [TypePlan] = []

  // MARK: - Building plans

  private func makePlan(for type: Any.Type) -> TypePlan {
    if PlainValues.contains(type) { return TypePlan(type, .inert) }
    switch Reflection.kind(of: type) {
    case .class:
      // An actor is an isolation boundary: its stored properties belong to it.
      if let modelType = type as? any Reducer.Type, !Reflection.isActor(type) {
        return TypePlan(type, .model(makeModelPlan(for: modelType)))
      }
      return TypePlan(type, .opaqueObject)
    case .struct, .enum:
      return makeValuePlan(for: type)
    case .optional:
      guard let optional = type as? any OptionalType.Type else {
        return TypePlan(type, .allChildren)
      }
      let wrapped = plan(for: optional.wrappedType)
      return wrapped.mayHoldModels
        ? TypePlan(type, .optional(optional), holdsValueModels: wrapped.holdsValueModels)
        : TypePlan(type, .inert)
    case .tuple:
      return makeFieldsPlan(for: type)
    case .function, .metatype, .opaque:
      return TypePlan(type, .inert)
    case .foreignObject:
      return TypePlan(type, .opaqueObject)
    case .existential:
      // `Any`, `any P`, `any P<T>`: whatever is inside can be a model.
      return TypePlan(type, .deferred)
    case .fixedArray, .unknown:
      // A layout this code cannot read is not guessed at: it is skipped, and
      // the holder's plan reports it in debug builds (``reportUnreadFields``).
      // `Builtin.FixedArray` is met only inside an `InlineArray`, which is a collection.
      return TypePlan(type, .inert)
    }
  }

  private func makeValuePlan(for type: Any.Type) -> TypePlan {
    // A `~Copyable` property is isolated like an actor's state: never entered.
    if type is any UntraversedStorage.Type || type == NoncopyableField.self {
      return TypePlan(type, .inert)
    }
    if let valueModelType = type as? any ValueReducer.Type {
      return TypePlan(
        type, .valueModel(makeValueModelPlan(for: valueModelType)), mayHoldModels: true,
        holdsValueModels: true)
    }
    if let array = type as? any ContiguousStorageArray.Type, array.isReadAsStorage,
      Reflection.isObjectReference(array.storedElementType)
    {
      let stride = makeAccess(for: array.storedElementType).stride
      return TypePlan(type, .fields(Self.store([.objectArray(offset: 0, stride: stride)])))
    }
    if let collection = type as? any StandardCollection.Type {
      let element = plan(for: collection.elementType)
      return element.mayHoldModels
        ? TypePlan(
          type, .elements(collection),
          holdsValueModels: element.holdsValueModels && type is any MutableElements.Type)
        : TypePlan(type, .inert)
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
    let reads = reads(for: fields)
    #if DEBUG
      reportUnreadFields(in: type, fields)
    #endif
    return reads.isEmpty
      ? TypePlan(type, .inert)
      : TypePlan(type, .fields(Self.store(reads)), holdsValueModels: reads.contains { $0.isPlace })
  }

  private func makeModelPlan(for type: any Reducer.Type) -> ModelPlan {
    let fields = Reflection.storedFields(of: type)
    let reads = fields.map { Self.store(self.reads(for: $0)) }
    let isTailAllocated = TailAllocation.isManagedBuffer(type)
    let noncopyable = fields.map { noncopyableFields(of: type, $0) } ?? []
    #if DEBUG
      if let fields, type is any Observable.Type { reportValueModels(in: type, fields) }
      if let fields { reportUnreadFields(in: type, fields) }
      if isTailAllocated { reportTail(of: type) }
    #endif
    return ModelPlan(
      objectModel: type, reads: reads, hierarchy: Reflection.classHierarchy(of: type),
      isTailAllocated: isTailAllocated, noncopyableFields: noncopyable)
  }

  private func makeValueModelPlan(for type: any ValueReducer.Type) -> ModelPlan {
    // An enum's payload cannot be changed in place: it is read as a copy.
    let fields = Reflection.kind(of: type) == .struct ? Reflection.storedFields(of: type) : nil
    return ModelPlan(valueModel: type, reads: fields.map { Self.store(self.reads(for: $0)) })
  }

  /// The reads that find every model in `fields`.
  ///
  /// Inline structs and tuples are looked through, so their reads become
  /// reads at their own offsets; collections are not, since their elements
  /// live elsewhere. A `var` that may hold value models is entered in place.
  private func reads(for fields: [StoredField]) -> [FieldRead] {
    var reads: [FieldRead] = []
    for field in fields {
      let plan = plan(for: field.type)
      guard plan.mayHoldModels else { continue }
      if field.ownership != .strong || Reflection.isObjectReference(field.type) {
        reads.append(.object(offset: field.offset, ownership: field.ownership))
      } else if case let .fields(inner) = plan.shape {
        reads += inner.map { $0.shifted(by: field.offset, isVar: field.isVar) }
      } else if plan.holdsValueModels && field.isVar {
        reads.append(
          .place(offset: field.offset, plan: Unmanaged.passUnretained(plan), property: field.offset)
        )
      } else {
        reads.append(.value(offset: field.offset, plan: Unmanaged.passUnretained(plan)))
      }
    }
    return reads
  }

  /// Reports the value models an `Observable` model holds: they reduce in
  /// place, past the property's setter, so its registrar is not told.
  private func reportValueModels(in type: any Reducer.Type, _ fields: [StoredField]) {
    guard let names = Reflection.storedFieldNames(of: type), names.count == fields.count else {
      return
    }
    let holding = zip(names, fields).filter { _, field in
      field.isVar && field.ownership == .strong && plan(for: field.type).holdsValueModels
    }
    guard !holding.isEmpty else { return }
    let list = holding.map { name, _ in name.hasPrefix("_") ? String(name.dropFirst()) : name }
      .joined(separator: ", ")
    let holder = String(reflecting: type)
    DebugReport.emit(
      "SwiftReduce: \(holder) is @Observable and holds value models in \(list): they reduce "
        + "in place, past the properties' setters, so its registrar is not told of their "
        + "changes (Swift gives a library no way to reach an @Observable property's setter or "
        + "key path at run time). A read through the store that reaches a \(holder) is told "
        + "when one of them reduces; a read of \(list) on a \(holder) reached any other way "
        + "is not. (reported once per type in debug builds)")
  }

  /// Copies `reads` into memory that lives as long as the process, like the plans.
  private static func store(_ reads: [FieldRead]) -> UnsafeBufferPointer<FieldRead> {
    let buffer = UnsafeMutableBufferPointer<FieldRead>.allocate(capacity: reads.count)
    _ = buffer.initialize(from: reads)
    return UnsafeBufferPointer(buffer)
  }
}
