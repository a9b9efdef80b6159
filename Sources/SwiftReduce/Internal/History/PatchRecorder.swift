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
/// a model's copies are one block of a buffer kept for the whole dispatch,
/// laid out once per type (``RecordedLayout``), and compared with the
/// properties byte for byte; a property of plain data that changed goes to the
/// ``ChangeLog`` as its bytes, and only any other property that changed is
/// boxed and compared by its type. The layout of the last type asked about is
/// at hand, and a model is found again by its address only when value models
/// may follow it.
final class PatchRecorder: DeliveryRecorder {
  private let plans: PlanCache
  private let difference: ValueDifference
  /// Whether a model's property is recorded at all, by the model's type and
  /// the property's name: the history's filter, asked once per pair.
  private let isRecorded: ((_ modelType: Any.Type, _ property: String) -> Bool)?

  // Every mutable property below is @exclusivity(unchecked): the recorder is
  // told by one walk at a time, on the main actor, and its methods call no
  // code that could tell it again (reducers run between its calls); no
  // access to one overlaps another access to it.

  /// The models about to reduce, in delivery order; the walk holds them
  /// until it has told ``didDeliver()``.
  @exclusivity(unchecked) private var models = UnsafeStack<Kept>()
  /// Which fields of a model not kept whole are kept, from each such model's
  /// ``Kept/flags``, one per field of its layout.
  @exclusivity(unchecked) private var flags: [Bool] = []
  /// The copies, a block per model, each field at its layout's offset.
  // Aligned for any value (the widest SIMD types), since blocks are aligned from its start.
  @exclusivity(unchecked)
  private var buffer = UnsafeMutableRawPointer.allocate(byteCount: 4_096, alignment: 64)
  @exclusivity(unchecked) private var capacity = 4_096
  @exclusivity(unchecked) private var used = 0
  /// The models that hold value models in place, by address, to find their entry again.
  @exclusivity(unchecked) private var positions: [UnsafeRawPointer: Int] = [:]
  @exclusivity(unchecked) private var layouts: [UInt: RecordedLayout] = [:]
  /// The class key of the last type asked about, and its layout (held in ``layouts``).
  @exclusivity(unchecked) private var lastKey: UInt = 0
  @exclusivity(unchecked) private var last: LayoutInHand?
  /// The addresses of the models whose plain properties changed, in order.
  @exclusivity(unchecked) private var changedModels: [UnsafeRawPointer] = []
  /// The list of models given to the last log, shared with the next when
  /// the same models changed; weak, so as not to keep them past their steps.
  @exclusivity(unchecked) private weak var lastModels: ChangedModels?
  /// The changes found when the walk told ``didDeliver()``, until ``finish()``.
  @exclusivity(unchecked) private var finished: ChangeLog?

  private struct Kept {
    // Unmanaged: the walk holds the model until it has told `didDeliver`.
    let object: Unmanaged<AnyObject>
    let layout: LayoutInHand
    /// Where the model's block starts in ``buffer``.
    let start: Int
    /// Where the model's entries in ``flags`` start, or `-1` when every
    /// field is kept: the model itself reduced.
    var flags: Int
  }

  /// A layout, with what the loops read of it at hand.
  private struct LayoutInHand {
    /// Held in ``layouts``.
    let layout: Unmanaged<RecordedLayout>
    /// The layout's slots, which it holds.
    let slots: UnsafeBufferPointer<RecordedLayout.Slot>
    let blockSize: Int
    let blockAlignment: Int
    let holdsValueModelsInPlace: Bool

    init(_ layout: RecordedLayout) {
      // Unretained: `layouts` holds it as long as the recorder lives.
      self.layout = Unmanaged.passUnretained(layout)
      slots = layout.slots
      blockSize = layout.blockSize
      blockAlignment = layout.blockAlignment
      holdsValueModelsInPlace = layout.holdsValueModelsInPlace
    }
  }

  init(plans: PlanCache, isRecorded: ((Any.Type, String) -> Bool)?) {
    self.plans = plans
    self.difference = ValueDifference(plans: plans)
    self.isRecorded = isRecorded
  }

  deinit {
    forget()
    models.free()
    buffer.deallocate()
  }

  func willReduce(model: UnsafeRawPointer) {
    if !positions.isEmpty, let index = positions[model] {
      let kept = models[index]
      guard kept.flags >= 0 else { return }
      for (position, slot) in kept.layout.slots.enumerated() where !flags[kept.flags + position] {
        slot.keep(model, at: buffer + kept.start + slot.blockOffset)
      }
      models[index].flags = -1
      return
    }
    let layout = layout(of: model)
    let start = reserve(layout)
    models.append(
      Kept(object: Unmanaged.fromOpaque(model), layout: layout, start: start, flags: -1))
    // Only a model that holds value models in place is found again, by them.
    if layout.holdsValueModelsInPlace { positions[model] = models.count - 1 }
    let block = buffer + start
    for slot in layout.slots { slot.keep(model, at: block + slot.blockOffset) }
  }

  func willReduce(valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer) {
    let index: Int
    if let found = positions[owner] {
      index = found
    } else {
      let layout = layout(of: owner)
      let start = reserve(layout)
      models.append(
        Kept(object: Unmanaged.fromOpaque(owner), layout: layout, start: start, flags: flags.count))
      flags.append(contentsOf: repeatElement(false, count: layout.slots.count))
      index = models.count - 1
      positions[owner] = index
    }
    let kept = models[index]
    guard kept.flags >= 0 else { return }
    let offset = property - owner
    guard let position = kept.layout.slots.firstIndex(where: { $0.offset == offset }),
      !flags[kept.flags + position]
    else { return }
    let slot = kept.layout.slots[position]
    let plan = slot.field.takeUnretainedValue().plan
    let value = unshared(plan.access.load(from: property), plan)
    plan.access.initialize(
      at: buffer + kept.start + slot.blockOffset, to: value, orCopying: property)
    flags[kept.flags + position] = true
  }

  /// The changes the dispatch made to the properties kept, model by model in
  /// delivery order, properties in declaration order.
  func finish() -> ChangeLog {
    defer { finished = nil }
    return finished ?? ChangeLog()
  }

  /// Finds the changes while the walk still holds the models, and forgets
  /// the copies.
  func didDeliver() {
    let log = ChangeLog()
    finished = log
    guard !models.isEmpty else { return }
    log.reserveCapacity(models.count)
    changedModels.removeAll(keepingCapacity: true)
    for index in 0..<models.count {
      let kept = models[index]
      let model = UnsafeRawPointer(kept.object.toOpaque())
      let block = buffer + kept.start
      // The model's position in `changedModels`, once a plain property of it changed.
      var position = -1
      for slotIndex in kept.layout.slots.indices {
        let slot = kept.layout.slots[slotIndex]
        if kept.flags >= 0, !flags[kept.flags + slotIndex] { continue }
        let copy = block + slot.blockOffset
        let current = model + slot.offset
        if slot.isSame(copy, current) {
          slot.destroy(copy)
        } else if slot.bitsDecide {
          if position < 0 {
            changedModels.append(model)
            position = changedModels.count - 1
          }
          log.appendPlain(
            model: position, slot, of: kept.layout.layout, before: copy, after: current)
        } else {
          compare(slot, of: kept.object, before: copy, after: current, into: log)
        }
      }
    }
    log.models = sharedModels()
    models.removeAll()
    flags.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    used = 0
  }

  /// The list of ``changedModels``: the last log's when it holds the same.
  private func sharedModels() -> ChangedModels {
    if let lastModels, lastModels.addresses == changedModels { return lastModels }
    let models = ChangedModels(changedModels)
    lastModels = models
    return models
  }

  /// Adds to `log` the changes between the copy of `slot`'s property of
  /// `model` at `before`, which it destroys, and the property at `after`,
  /// compared by the property's type.
  @inline(never)
  private func compare(
    _ slot: RecordedLayout.Slot, of model: Unmanaged<AnyObject>, before: UnsafeMutableRawPointer,
    after: UnsafeRawPointer, into log: ChangeLog
  ) {
    let field = slot.field.takeUnretainedValue()
    let access = field.plan.access
    let first = access.load(from: before)
    slot.destroy(before)
    let model = model.takeUnretainedValue()
    difference.changes(from: first, to: access.load(from: after), field.plan, steps: []) {
      steps, edit in
      log.append(Change(model: model, property: field, steps: steps, edit: edit))
    }
  }

  // MARK: - Keeping

  /// Destroys the copies and forgets the models of a dispatch that did not finish.
  private func forget() {
    for index in 0..<models.count {
      let kept = models[index]
      for (position, slot) in kept.layout.slots.enumerated()
      where kept.flags < 0 || flags[kept.flags + position] {
        slot.destroy(buffer + kept.start + slot.blockOffset)
      }
    }
    models.removeAll()
    flags.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    used = 0
  }

  /// Room in the buffer for a block of `layout`; returns where it starts.
  @inline(__always)
  private func reserve(_ layout: LayoutInHand) -> Int {
    assert(layout.blockAlignment <= 64, "a recorded property is aligned past the buffer's")
    let start = (used + layout.blockAlignment - 1) & ~(layout.blockAlignment - 1)
    if start + layout.blockSize > capacity { grow(to: start + layout.blockSize) }
    used = start + layout.blockSize
    return start
  }

  /// Moves the copies into a larger buffer: Swift values move by their bytes.
  @inline(never)
  private func grow(to size: Int) {
    let larger = max(size, capacity * 2)
    let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 64)
    moved.copyMemory(from: buffer, byteCount: used)
    buffer.deallocate()
    buffer = moved
    capacity = larger
  }

  /// The layout of the class of the model at `object`.
  @inline(__always)
  private func layout(of object: UnsafeRawPointer) -> LayoutInHand {
    let key = Reflection.classKey(of: object)
    if key == lastKey, let last { return last }
    return layout(of: object, key: key)
  }

  @inline(never)
  private func layout(of object: UnsafeRawPointer, key: UInt) -> LayoutInHand {
    let layout: RecordedLayout
    if let made = layouts[key] {
      layout = made
    } else {
      let type: AnyClass = Reflection.classType(of: object)
      layout = RecordedLayout(
        fields: recordedFields(of: type),
        holdsValueModelsInPlace: plans.plan(for: type).model?.holdsValueModelsInPlace ?? true)
      layouts[key] = layout
    }
    let inHand = LayoutInHand(layout)
    lastKey = key
    last = inHand
    return inHand
  }

  private func recordedFields(of type: AnyClass) -> [RecordedField] {
    var made = difference.recordedFields(of: plans.finishedPlan(for: type)) ?? []
    made.removeAll { field in
      switch plans.presentation(of: field.plan) {
      case .registrar, .untraversed: return true
      default: return !(isRecorded?(type, field.name) ?? true)
      }
    }
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
