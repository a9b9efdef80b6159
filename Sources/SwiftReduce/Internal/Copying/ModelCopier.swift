import Observation

/// Copies a tree of models deeply, keeping its shape, without calling any initialiser.
///
/// It reads the tree by the walk's own plans (``PlanCache``): every model the
/// walk reaches is copied once, wherever it sits (properties, optionals,
/// tuples, structs, the standard collections, existentials), so a model
/// shared by two paths is one copy shared by both, `weak` and `unowned`
/// references point at copies, and cycles are copied as cycles. Instances of
/// other classes and actors are shared, values the walk knows hold no model
/// are copied as they are, and `@Untraversed` storage is copied without
/// looking inside.
///
/// A copy is made in two steps, so that neither a deep chain of models nor a
/// wide array of them recurses: ``copyObject(_:)`` allocates an instance and
/// queues it, and ``copyTree(_:)`` fills queued instances field by field,
/// until the queue is empty. Only values nested in values recurse, as deep as
/// the values themselves are nested. An Observation registrar is made afresh,
/// so observers of the original are not told of changes to the copy.
@MainActor
final class ModelCopier {
  private let plans = PlanCache.shared
  private var copies: [ObjectIdentifier: AnyObject] = [:]
  /// The originals, kept alive while copying so that their identities stay unique.
  private var originals: [AnyObject] = []
  private var queued: [(original: AnyObject, copy: AnyObject, fields: [PlanField])] = []

  /// The models that could not be copied because their layout cannot be read.
  private(set) var uncopyableTypes: [String] = []

  /// Every copy made, in the order they were made; holding them keeps alive
  /// copies that only `weak` references point at.
  private(set) var allCopies: [AnyObject] = []

  /// Copies the tree below `root` and returns the copy of `root`.
  func copyTree(_ root: AnyObject) -> AnyObject {
    let rootCopy = copyObject(root)
    fillQueued()
    return rootCopy
  }

  /// Copies the models inside `value`, of the type `plan` describes, and the trees below them.
  func copyValueAndTrees(_ value: Any, _ plan: TypePlan) -> Any {
    let copy = copy(value, plan)
    fillQueued()
    return copy
  }

  private func fillQueued() {
    while let next = queued.popLast() {
      fill(next.copy, from: next.original, next.fields)
    }
  }

  /// The copy of a model, made and queued on first request, or `object`
  /// itself when it is not a model.
  func copyObject(_ object: AnyObject) -> AnyObject {
    let identity = ObjectIdentifier(object)
    if let copy = copies[identity] { return copy }
    let plan = plans.plan(for: type(of: object))
    guard plan.model != nil else { return object }
    guard let fields = plans.fields(of: plan),
      let copy = Reflection.allocateUninitializedInstance(of: type(of: object))
    else {
      if !uncopyableTypes.contains(plan.name) { uncopyableTypes.append(plan.name) }
      return object
    }
    copies[identity] = copy
    originals.append(object)
    allCopies.append(copy)
    queued.append((object, copy, fields))
    return copy
  }

  /// A copy of `value`, of the type `plan` describes, whose models are copies.
  func copy(_ value: Any, _ plan: TypePlan) -> Any {
    guard plan.mayHoldModels else { return value }
    switch plans.presentation(of: plan) {
    case .model, .object:
      return copyObject(value as AnyObject)
    case .fields:
      guard let fields = plans.fields(of: plan) else { return value }
      return copyFields(of: value, plan, fields)
    case let .optional(optionalType):
      return optionalType.mapWrapped(of: value) {
        self.copy($0, self.plans.plan(for: type(of: $0)))
      }
    case let .collection(collectionType):
      return collectionType.mapElements(of: value) {
        self.copy($0, self.plans.plan(for: type(of: $0)))
      }
    case .existential:
      let opened = plans.plan(for: type(of: value))
      return opened === plan ? value : copy(value, opened)
    case .enumeration:
      return EnumPayload.replacing(in: value, plan.type) {
        self.copy($0, self.plans.plan(for: type(of: $0)))
      }
    case .text, .runtimeChildren, .registrar, .untraversed:
      return value
    }
  }

  // MARK: - Fields

  /// Initialises every stored property of `copy` from `original`.
  private func fill(_ copy: AnyObject, from original: AnyObject, _ fields: [PlanField]) {
    // `originals` and `allCopies` keep both instances alive while their fields are
    // read and initialised at the offsets of the plan.
    let source = UnsafeRawPointer(Unmanaged.passUnretained(original).toOpaque())
    let destination = Unmanaged.passUnretained(copy).toOpaque()
    for field in fields {
      let from = source + field.offset
      let to = destination + field.offset
      if field.isReference {
        let object = Reflection.loadObject(at: from, field.ownership).map(copyObject)
        Reflection.initializeReference(
          at: to, copying: from, size: field.size, ownership: field.ownership, to: object)
        continue
      }
      let plan = field.plan
      if case .registrar = plans.presentation(of: plan) {
        to.bindMemory(to: ObservationRegistrar.self, capacity: 1)
          .initialize(to: ObservationRegistrar())
      } else if plan.mayHoldModels {
        plan.access.initialize(
          at: to, to: self.copy(plan.access.load(from: from), plan), orCopying: from)
      } else {
        plan.access.initializeCopy(at: to, from: from)
      }
    }
  }

  /// A copy of the struct or tuple `value` whose models are copies.
  private func copyFields(of value: Any, _ plan: TypePlan, _ fields: [PlanField]) -> Any {
    plan.access.modifyingCopy(of: value) { base in
      for field in fields {
        let address = base + field.offset
        if field.isReference {
          guard let object = Reflection.loadObject(at: address, field.ownership) else { continue }
          let copy = copyObject(object)
          if copy !== object {
            Reflection.replaceReference(at: address, ownership: field.ownership, with: copy)
          }
        } else if field.plan.mayHoldModels {
          let inner = field.plan.access.load(from: address)
          field.plan.access.assign(self.copy(inner, field.plan), at: address)
        }
      }
    }
  }
}
