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
  // Every mutable property below is @exclusivity(unchecked): the copier runs on
  // the main actor only, and no access to one overlaps another access to it.
  private let plans = PlanCache.shared
  @exclusivity(unchecked)
  private var copies: AddressTable<AnyObject>
  /// How many models the last copy made: copies of one tree follow each other.
  static var lastCopyCount = 0
  @exclusivity(unchecked)
  /// Copies allocated but not yet filled: each original retained until it is
  /// filled from, so that no address in `copies` is taken over by a new
  /// object; each copy unretained, since `allCopies` holds it.
  private var queued:
    [(original: Unmanaged<AnyObject>, copy: Unmanaged<AnyObject>, fields: [PlanField])] = []

  /// The plan of the last object's class: siblings are mostly of one class.
  @exclusivity(unchecked)
  private var lastClass: (type: ObjectIdentifier, plan: TypePlan)?

  /// The models that could not be copied because their layout cannot be read.
  private(set) var uncopyableTypes: [String] = []

  /// The models not copied because a copy could not hold all they hold, each with the reason.
  ///
  /// A `~Copyable` property cannot be copied and must not be shared; a
  /// `ManagedBuffer`'s tail has no room in a copy allocated from the class's
  /// metadata. Such a model is never allocated, so no half-made copy is ever
  /// read or destroyed.
  private(set) var refusedModels: [(model: AnyObject, reason: String)] = []

  /// Every copy made, in the order they were made; holding them keeps alive
  /// copies that only `weak` references point at.
  @exclusivity(unchecked)
  private(set) var allCopies: [AnyObject] = []

  /// A copier with room for about `expected` models: as many as the last
  /// copy of a tree made, by default.
  init(expected: Int = ModelCopier.lastCopyCount, cuttingLinks: Bool = false) {
    copies = AddressTable(expected: expected)
    cutsLinks = cuttingLinks
  }

  /// Whether `weak` and `unowned` references are cut rather than followed.
  ///
  /// A copy of a value to keep or to put into another tree holds what the
  /// value holds, not the models its links lead back to (a parent, the
  /// root). A `weak` one is then `nil` in the copy, an `unowned` one names
  /// the original object, listed in ``unownedLinks``.
  private let cutsLinks: Bool

  /// The models a copy that cuts links copied, in the order it met them.
  private(set) var originals: [AnyObject] = []

  /// Each `unowned` reference a copy that cuts links left naming its
  /// original, as `Type.property`.
  private(set) var unownedLinks: [String] = []

  /// Copies the tree below `root` and returns the copy of `root`.
  func copyTree(_ root: AnyObject) -> AnyObject {
    let rootCopy = copyObject(root)
    fillQueued()
    Self.lastCopyCount = allCopies.count
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
      fill(next.copy.takeUnretainedValue(), from: next.original.takeRetainedValue(), next.fields)
    }
  }

  /// The copy of a model, made and queued on first request, or `object`
  /// itself when it is not a model.
  func copyObject(_ object: AnyObject) -> AnyObject {
    let address = AddressTable<AnyObject>.address(of: object)
    if let copy = copies[address] { return copy }
    let objectType: AnyClass = type(of: object)
    let plan: TypePlan
    if let last = lastClass, last.type == ObjectIdentifier(objectType) {
      plan = last.plan
    } else {
      plan = plans.plan(for: objectType)
      lastClass = (ObjectIdentifier(objectType), plan)
    }
    guard let model = plan.model else { return object }
    if let reason = Self.refusal(of: model, plan.name) {
      if !refusedModels.contains(where: { $0.model === object }) {
        refusedModels.append((object, reason))
      }
      return object
    }
    guard let fields = plans.fields(of: plan),
      let copy = HeapObject.allocateUninitializedInstance(of: objectType)
    else {
      if !uncopyableTypes.contains(plan.name) { uncopyableTypes.append(plan.name) }
      return object
    }
    copies[address] = copy
    if cutsLinks { originals.append(object) }
    allCopies.append(copy)
    queued.append((Unmanaged.passRetained(object), Unmanaged.passUnretained(copy), fields))
    return copy
  }

  /// Why a model of `model`'s type cannot be copied, if it cannot.
  private static func refusal(of model: ModelPlan, _ name: String) -> String? {
    if let field = model.noncopyableFields.first {
      return
        "\(name).\(field) is ~Copyable: a copy can neither copy it nor share it. Keep it in an instance of a class that is not a model (a copy "
        + "shares such instances), as in `let lock = Locked()` with `final class Locked { "
        + "let mutex = Mutex(...) }`."
    }
    if model.isTailAllocated {
      return "\(name) is a ManagedBuffer, whose tail elements a copy would have no room for. "
        + "Keep the buffer in a property of a model instead of making it one."
    }
    return nil
  }

  /// A copy of `value`, of the type `plan` describes, whose models are copies.
  func copy(_ value: Any, _ plan: TypePlan) -> Any {
    guard plan.mayHoldModels else { return value }
    switch plans.form(of: plan) {
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
      if case .positions = collectionType.order {
        return collectionType.mapElements(of: value) {
          self.copy($0, self.plans.plan(for: type(of: $0)))
        }
      }
      // A set or dictionary hashes its copied elements or keys as it is
      // built, so the models in them must be filled in first.
      return collectionType.mapElements(of: value) {
        let copy = self.copy($0, self.plans.plan(for: type(of: $0)))
        self.fillQueued()
        return copy
      }
    case .existential:
      let opened = plans.plan(for: type(of: value))
      return opened === plan ? value : copy(value, opened)
    case .enumeration:
      return EnumPayload.replacing(in: value, plan.type) {
        self.copy($0, self.plans.plan(for: type(of: $0)))
      }
    case .text, .runtimeChildren, .registrar, .untraversed, .noncopyable:
      return value
    }
  }

  // MARK: - Fields

  /// Initialises every stored property of `copy` from `original`.
  private func fill(_ copy: AnyObject, from original: AnyObject, _ fields: [PlanField]) {
    // The caller holds the original and `allCopies` the copy while their
    // fields are read and initialised at the offsets of the plan.
    let source = UnsafeRawPointer(Unmanaged.passUnretained(original).toOpaque())
    let destination = Unmanaged.passUnretained(copy).toOpaque()
    for field in fields {
      let from = source + field.offset
      let to = destination + field.offset
      switch copyStep(of: field) {
      case .reference:
        let referenced = ObjectReference(from).object(field.ownership)
        let object: AnyObject?
        if cutsLinks, field.ownership != .strong {
          if field.ownership != .weak {
            unownedLinks.append("\(_typeName(type(of: original), qualified: false)).\(field.name)")
          }
          object = field.ownership == .weak ? nil : referenced
        } else {
          object = referenced.map(copyObject)
        }
        ObjectReference.initialize(
          at: to, copying: from, size: field.size, ownership: field.ownership, to: object)
      case .registrar:
        Self.initializeRegistrar(at: to)
      case let .objects(collectionType):
        if !collectionType.initializeMappingObjects(at: to, from: from, copyObject) {
          copyValue(of: field, from: from, to: to)
        }
      case .value:
        copyValue(of: field, from: from, to: to)
      case .bits:
        copyRawBytes(to, from: from, size: field.size)
      case .plain:
        field.plan.access.initializeCopy(at: to, from: from)
      }
    }
  }

  /// Initialises the Observation registrar at `address`, a model's, afresh:
  /// observers of another instance are not told of changes to this one.
  static func initializeRegistrar(at address: UnsafeMutableRawPointer) {
    address.bindMemory(to: ObservationRegistrar.self, capacity: 1)
      .initialize(to: ObservationRegistrar())
  }

  private func copyValue(of field: PlanField, from: UnsafeRawPointer, to: UnsafeMutableRawPointer) {
    let plan = field.plan
    plan.access.initialize(
      at: to, to: self.copy(plan.access.load(from: from), plan), orCopying: from)
  }

  private func copyStep(of field: PlanField) -> FieldCopyStep {
    if let step = field.copyStepIfMade { return step }
    let step: FieldCopyStep
    if field.isReference {
      step = .reference
    } else {
      switch plans.form(of: field.plan) {
      case .registrar: step = .registrar
      case let .collection(collectionType) where field.plan.mayHoldModels:
        step = .objects(collectionType)
      default:
        step =
          field.plan.mayHoldModels
          ? .value : field.plan.access.isBitwiseCopyable ? .bits : .plain
      }
    }
    field.copyStepIfMade = step
    return step
  }

  /// A copy of the struct or tuple `value` whose models are copies.
  private func copyFields(of value: Any, _ plan: TypePlan, _ fields: [PlanField]) -> Any {
    plan.access.modifyingCopy(of: value) { base in
      for field in fields {
        let address = base + field.offset
        if field.isReference {
          guard let object = ObjectReference(address).object(field.ownership) else { continue }
          if cutsLinks, field.ownership != .strong {
            if field.ownership == .weak {
              ObjectReference.replace(at: address, ownership: .weak, with: nil)
            } else {
              unownedLinks.append("\(plan.name).\(field.name)")
            }
            continue
          }
          let copy = copyObject(object)
          if copy !== object {
            ObjectReference.replace(at: address, ownership: field.ownership, with: copy)
          }
        } else if field.plan.mayHoldModels {
          let inner = field.plan.access.load(from: address)
          field.plan.access.assign(self.copy(inner, field.plan), at: address)
        }
      }
    }
  }
}
