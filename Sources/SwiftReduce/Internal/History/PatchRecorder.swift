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
/// one table of the values kept for the whole dispatch, the fields of the
/// last type asked about at hand, and a model found again by its address
/// only when value models may follow it.
final class PatchRecorder: DeliveryRecorder {
  private let plans: PlanCache
  private let difference: ValueDifference
  /// Whether a model's property is recorded at all, by the model's type and
  /// the property's name: the history's filter, asked once per pair.
  private let isRecorded: ((_ modelType: Any.Type, _ property: String) -> Bool)?

  /// The models about to reduce, in delivery order: the fields recorded, and
  /// where their values kept start in ``values``.
  private var models: [Kept] = []
  /// The values kept, model after model, field after field; `nil` for a
  /// field not kept (yet).
  private var values: [Any?] = []
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

  func willReduce(model: UnsafeRawPointer) {
    if !positions.isEmpty, let index = positions[model] {
      guard !models[index].whole else { return }
      models[index].whole = true
      let kept = models[index]
      for (position, field) in kept.fields.enumerated() where values[kept.start + position] == nil {
        values[kept.start + position] = field.plan.access.load(from: model + field.offset)
      }
      return
    }
    let index = entry(for: model, whole: true)
    let kept = models[index]
    for field in kept.fields {
      values.append(field.plan.access.load(from: model + field.offset))
    }
  }

  func willReduce(valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer) {
    let index: Int
    if let found = positions[owner] {
      index = found
    } else {
      index = entry(for: owner, whole: false)
      values.append(contentsOf: repeatElement(nil, count: models[index].fields.count))
    }
    let kept = models[index]
    let offset = property - owner
    guard let position = kept.fields.firstIndex(where: { $0.offset == offset }),
      values[kept.start + position] == nil
    else { return }
    let field = kept.fields[position]
    values[kept.start + position] = unshared(field.plan.access.load(from: property), field.plan)
  }

  /// The changes the dispatch made to the properties kept, model by model in
  /// delivery order, properties in declaration order; then forgets them.
  func finish() -> [Change] {
    guard !models.isEmpty else { return [] }
    defer {
      models.removeAll(keepingCapacity: true)
      values.removeAll(keepingCapacity: true)
      positions.removeAll(keepingCapacity: true)
    }
    var changes: [Change] = []
    for model in models {
      let address = UnsafeRawPointer(Unmanaged.passUnretained(model.object).toOpaque())
      for (position, field) in model.fields.enumerated() {
        guard let before = values[model.start + position] else { continue }
        let current = address + field.offset
        let access = field.plan.access
        var same = false
        let size = access.size
        access.withBytes(of: before) { same = bitwiseEqual($0, current, size: size) }
        if same { continue }
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
    return changes
  }

  // MARK: - Keeping

  /// Adds the entry of the model at `object`, its values still to append.
  private func entry(for object: UnsafeRawPointer, whole: Bool) -> Int {
    let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    let type: AnyClass = Swift.type(of: instance)
    let key = ObjectIdentifier(type)
    if key != lastType {
      lastType = key
      lastFields = recordedFields(of: type, key)
      lastHoldsValueModels = plans.plan(for: type).model?.holdsValueModelsInPlace ?? true
    }
    models.append(Kept(object: instance, fields: lastFields, start: values.count, whole: whole))
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
