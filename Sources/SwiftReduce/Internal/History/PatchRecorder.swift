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
final class PatchRecorder: DeliveryRecorder {
  private let plans: PlanCache
  private let difference: ValueDifference
  /// Whether a model's property is recorded at all, by the model's type and
  /// the property's name: the history's filter, asked once per pair.
  private let isRecorded: ((_ modelType: Any.Type, _ property: String) -> Bool)?

  /// The models about to reduce, in delivery order, with what their
  /// recorded properties held; `nil` for a property not kept.
  private var models: [(object: AnyObject, fields: [RecordedField], before: [Any?], whole: Bool)] =
    []
  private var positions: [UnsafeRawPointer: Int] = [:]
  private var fieldsByType: [ObjectIdentifier: [RecordedField]] = [:]

  init(plans: PlanCache, isRecorded: ((Any.Type, String) -> Bool)?) {
    self.plans = plans
    self.difference = ValueDifference(plans: plans)
    self.isRecorded = isRecorded
  }

  func willReduce(model: UnsafeRawPointer) {
    let index = entry(for: model)
    guard !models[index].whole else { return }
    models[index].whole = true
    for (position, field) in models[index].fields.enumerated() where models[index].before[position] == nil {
      models[index].before[position] = field.plan.access.load(from: model + field.offset)
    }
  }

  func willReduce(valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer) {
    let index = entry(for: owner)
    guard !models[index].whole else { return }
    let offset = property - owner
    guard let position = models[index].fields.firstIndex(where: { $0.offset == offset }),
      models[index].before[position] == nil
    else { return }
    let field = models[index].fields[position]
    models[index].before[position] = unshared(field.plan.access.load(from: property), field.plan)
  }

  /// The changes the dispatch made to the properties kept, model by model in
  /// delivery order, properties in declaration order; then forgets them.
  func finish() -> [Change] {
    defer {
      models.removeAll(keepingCapacity: true)
      positions.removeAll(keepingCapacity: true)
    }
    var changes: [Change] = []
    for model in models {
      let address = UnsafeRawPointer(Unmanaged.passUnretained(model.object).toOpaque())
      for (position, field) in model.fields.enumerated() {
        guard let before = model.before[position] else { continue }
        let after = field.plan.access.load(from: address + field.offset)
        difference.changes(from: before, to: after, field.plan, steps: []) { steps, edit in
          changes.append(Change(model: model.object, property: field, steps: steps, edit: edit))
        }
      }
    }
    return changes
  }

  /// Whether a dispatch is being recorded and has kept something.
  var isEmpty: Bool { models.isEmpty }

  // MARK: - Keeping

  private func entry(for object: UnsafeRawPointer) -> Int {
    if let index = positions[object] { return index }
    let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    let fields = recordedFields(of: type(of: instance))
    models.append((instance, fields, Array(repeating: nil, count: fields.count), false))
    positions[object] = models.count - 1
    return models.count - 1
  }

  private func recordedFields(of type: AnyClass) -> [RecordedField] {
    let key = ObjectIdentifier(type)
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
