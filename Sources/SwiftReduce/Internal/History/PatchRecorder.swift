/// Keeps, for one dispatch, the stored properties of the models about to
/// reduce as they were, and compares them with what they hold after it.
///
/// Only the models and value models that take the action are looked at: a
/// class model's recorded properties are kept whole (a copy of each, which
/// shares storage until either changes), and for a value model only the
/// owner's property that holds it. Nothing else in the tree is read.
///
/// The walk enters a collection of value models in place before it gets to
/// the first one, so by then the collection's storage is the one being
/// written: the property is kept as a copy that shares none of the storage
/// the walk entered (``unshared(_:_:)``).
///
/// Every model of a broadcast passes here, so the common path is kept short:
/// the copies are kept in one buffer for the whole dispatch and compared with
/// the properties byte for byte, and only a property that changed is boxed
/// and compared by its type; the fields of the last type asked about are at
/// hand, and a model is found again by its address only when value models
/// may follow it.
final class PatchRecorder: DeliveryRecorder {
  private let plans: PlanCache
  private let difference: ValueDifference
  /// Whether a model's property is recorded at all, by the model's type and
  /// the property's name: the history's filter, asked once per pair.
  private let isRecorded: ((_ modelType: Any.Type, _ property: String) -> Bool)?

  /// The models about to reduce, in delivery order: the fields recorded, and
  /// where their copies start in ``slots``.
  private var models: [Kept] = []
  /// Where in ``buffer`` the copy of each recorded field is, model after
  /// model; `-1` for a field not kept (yet).
  private var slots: [Int] = []
  /// The copies, each aligned for its type; initialised where a slot says.
  // Aligned for any value (the widest SIMD types), since slots are aligned from its start.
  private var buffer = UnsafeMutableRawPointer.allocate(byteCount: 4_096, alignment: 64)
  private var capacity = 4_096
  private var used = 0
  /// The models that hold value models in place, by address, to find their entry again.
  private var positions: [UnsafeRawPointer: Int] = [:]
  private var fieldsByType: [ObjectIdentifier: [RecordedField]] = [:]
  private var lastType: ObjectIdentifier?
  private var lastFields: [RecordedField] = []
  private var lastHoldsValueModels = true

  private struct Kept {
    let object: AnyObject
    let fields: [RecordedField]
    let start: Int
    /// Whether every field is kept: the model itself reduced.
    var whole: Bool
  }

  init(plans: PlanCache, isRecorded: ((Any.Type, String) -> Bool)?) {
    self.plans = plans
    self.difference = ValueDifference(plans: plans)
    self.isRecorded = isRecorded
  }

  deinit {
    forget()
    buffer.deallocate()
  }

  func willReduce(model: UnsafeRawPointer) {
    if !positions.isEmpty, let index = positions[model] {
      guard !models[index].whole else { return }
      models[index].whole = true
      let kept = models[index]
      for (position, field) in kept.fields.enumerated() where slots[kept.start + position] < 0 {
        slots[kept.start + position] = keep(field, copying: model + field.offset)
      }
      return
    }
    entry(for: model, whole: true)
    for field in lastFields {
      slots.append(keep(field, copying: model + field.offset))
    }
  }

  func willReduce(valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer) {
    let index: Int
    if let found = positions[owner] {
      index = found
    } else {
      index = entry(for: owner, whole: false)
      slots.append(contentsOf: repeatElement(-1, count: models[index].fields.count))
    }
    let kept = models[index]
    let offset = property - owner
    guard let position = kept.fields.firstIndex(where: { $0.offset == offset }),
      slots[kept.start + position] < 0
    else { return }
    let field = kept.fields[position]
    let access = field.plan.access
    let value = unshared(access.load(from: property), field.plan)
    let slot = reserve(field)
    access.initialize(at: buffer + slot, to: value, orCopying: property)
    slots[kept.start + position] = slot
  }

  /// The changes the dispatch made to the properties kept, model by model in
  /// delivery order, properties in declaration order; then forgets them.
  func finish() -> [Change] {
    guard !models.isEmpty else { return [] }
    var changes: [Change] = []
    for index in models.indices {
      let address = UnsafeRawPointer(Unmanaged.passUnretained(models[index].object).toOpaque())
      let start = models[index].start
      for position in models[index].fields.indices {
        let slot = slots[start + position]
        guard slot >= 0 else { continue }
        let field = models[index].fields[position]
        let current = address + field.offset
        if bitwiseEqual(buffer + slot, current, size: field.size) { continue }
        let model = models[index]
        let access = field.plan.access
        let before = access.load(from: buffer + slot)
        let after = access.load(from: current)
        if field.bitsDecide {
          changes.append(
            Change(
              model: model.object, property: field, steps: [],
              edit: .changed(before: before, after: after)))
          continue
        }
        difference.changes(from: before, to: after, field.plan, steps: []) { steps, edit in
          changes.append(Change(model: model.object, property: field, steps: steps, edit: edit))
        }
      }
    }
    forget()
    return changes
  }

  // MARK: - Keeping

  /// Destroys the copies and forgets the models of the dispatch.
  private func forget() {
    for index in models.indices {
      let start = models[index].start
      for position in models[index].fields.indices where slots[start + position] >= 0 {
        let field = models[index].fields[position]
        if !field.isPlain { field.plan.access.deinitialize(at: buffer + slots[start + position]) }
      }
    }
    models.removeAll(keepingCapacity: true)
    slots.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    used = 0
  }

  /// Copies the value of `field` at `address` into the buffer; returns where.
  @inline(__always)
  private func keep(_ field: RecordedField, copying address: UnsafeRawPointer) -> Int {
    let slot = reserve(field)
    if field.isPlain {
      (buffer + slot).copyMemory(from: address, byteCount: field.size)
    } else {
      field.plan.access.initializeCopy(at: buffer + slot, from: address)
    }
    return slot
  }

  /// Room in the buffer for a value of `field`; returns where.
  @inline(__always)
  private func reserve(_ field: RecordedField) -> Int {
    let slot = (used + field.alignment - 1) & ~(field.alignment - 1)
    if slot + field.size > capacity { grow(to: slot + field.size) }
    used = slot + field.size
    return slot
  }

  /// Moves the copies into a larger buffer: Swift values move by their bytes.
  private func grow(to size: Int) {
    let larger = max(size, capacity * 2)
    let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 64)
    moved.copyMemory(from: buffer, byteCount: used)
    buffer.deallocate()
    buffer = moved
    capacity = larger
  }

  /// Adds the entry of the model at `object`, its slots still to append;
  /// its fields are ``lastFields`` then.
  @discardableResult
  private func entry(for object: UnsafeRawPointer, whole: Bool) -> Int {
    let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    let type: AnyClass = Swift.type(of: instance)
    let key = ObjectIdentifier(type)
    if key != lastType {
      lastType = key
      lastFields = recordedFields(of: type, key)
      lastHoldsValueModels = plans.plan(for: type).model?.holdsValueModelsInPlace ?? true
    }
    models.append(Kept(object: instance, fields: lastFields, start: slots.count, whole: whole))
    // Only a model that holds value models in place is found again, by them.
    if !whole || lastHoldsValueModels {
      positions[object] = models.count - 1
    }
    return models.count - 1
  }

  private func recordedFields(of type: AnyClass, _ key: ObjectIdentifier) -> [RecordedField] {
    if let made = fieldsByType[key] { return made }
    var made = difference.recordedFields(of: plans.finishedPlan(for: type)) ?? []
    made.removeAll { field in
      switch plans.presentation(of: field.plan) {
      case .registrar, .untraversed: return true
      default: return !(isRecorded?(type, field.name) ?? true)
      }
    }
    fieldsByType[key] = made
    return made
  }

  /// A copy of `value` that shares no storage a walk can enter in place:
  /// each collection on the way to a value model is copied afresh.
  private func unshared(_ value: Any, _ plan: TypePlan) -> Any {
    guard plan.holdsValueModels else { return value }
    switch plans.presentation(of: plan) {
    case let .optional(optionalType):
      let wrapped = plans.finishedPlan(for: optionalType.wrappedType)
      return optionalType.mapWrapped(of: value) { unshared($0, wrapped) }
    case let .collection(collectionType):
      guard let editable = collectionType as? any EditableCollection.Type else { return value }
      let element = plans.finishedPlan(for: editable.editedElementType)
      // Writing each element back copies the storage first, since `value` shares it.
      return collectionType.mapElements(of: value) { unshared($0, element) }
    case .fields:
      guard let fields = difference.recordedFields(of: plan) else { return value }
      return plan.access.modifyingCopy(of: value) { address in
        for field in fields where field.plan.holdsValueModels {
          field.plan.access.assign(
            unshared(field.plan.access.load(from: address + field.offset), field.plan),
            at: address + field.offset)
        }
      }
    default:
      return value
    }
  }
}
