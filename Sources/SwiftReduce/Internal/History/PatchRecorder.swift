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
/// properties byte for byte, a word and a string as words; a property of plain
/// data that changed goes to the ``ChangeLog`` as its bytes (a word in its
/// record), and only any other property that changed is boxed and compared by
/// its type. A model whose recorded properties are all plain data or strings
/// in a few words (a layout with a span, most leaves) is kept as a copy of
/// those words, retaining only strings that are not immortal, on a path that
/// reads only that span, kept at hand; compared word by word, a change to
/// only words whose bits decide their property goes to the log as those
/// words, with no code run per property. A model is found again by its
/// address only when value models may follow it.
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
  /// The layouts made, in order: held by every log, which names their fields.
  @exclusivity(unchecked) private var madeLayouts: [RecordedLayout] = []
  /// The class key of the last type asked about, and its layout (held in ``layouts``).
  @exclusivity(unchecked) private var lastKey: UInt = 0
  @exclusivity(unchecked) private var last: LayoutInHand?
  /// The class key of the last type asked about whose layout has a span and
  /// which holds no value models in place, or `0`: the
  /// key a model's is compared with on ``keepQuickly(_:)``'s short path,
  /// which reads that layout from ``flat``.
  @exclusivity(unchecked) private var flatKey: UInt = 0
  @exclusivity(unchecked) private var flat = FlatInHand()
  /// The addresses of the models whose plain properties changed, in order.
  @exclusivity(unchecked) private var changedModels = UnsafeStack<UnsafeRawPointer>()
  /// The list of models given to the last log, shared with the next when
  /// the same models changed; weak, so as not to keep them past their steps.
  @exclusivity(unchecked) private weak var lastModels: ChangedModels?
  /// How many bytes of values the last log took.
  @exclusivity(unchecked) private var lastBytes = 0
  /// The changes found when the walk told ``didDeliver()``, until ``finish()``.
  @exclusivity(unchecked) private var finished: ChangeLog?

  private struct Kept {
    // Unmanaged: the walk holds the model until it has told `didDeliver`.
    let object: Unmanaged<AnyObject>
    // Unmanaged: `layouts` holds it as long as the recorder lives.
    let layout: Unmanaged<RecordedLayout>
    /// Where the model's block starts in ``buffer``.
    let start: Int
    /// Where the model's entries in ``flags`` start, or `-1` when every
    /// field is kept: the model itself reduced.
    var flags: Int

    /// The layout's slots, which it holds.
    var slots: UnsafeBufferPointer<RecordedLayout.Slot> {
      layout._withUnsafeGuaranteedRef { $0.slots }
    }
  }

  /// A layout, with what the loops read of it at hand.
  private struct LayoutInHand {
    // Unmanaged: `layouts` holds it as long as the recorder lives.
    let layout: Unmanaged<RecordedLayout>
    /// The layout's slots, which it holds.
    let slots: UnsafeBufferPointer<RecordedLayout.Slot>
    let blockSize: Int
    let blockAlignment: Int
    let holdsValueModelsInPlace: Bool

    init(_ layout: RecordedLayout) {
      self.layout = Unmanaged.passUnretained(layout)
      slots = layout.slots
      blockSize = layout.blockSize
      blockAlignment = layout.blockAlignment
      holdsValueModelsInPlace = layout.holdsValueModelsInPlace
    }

    /// Copies the properties of the model at `model` into the block at `block`.
    @inline(__always)
    func keep(_ model: UnsafeRawPointer, at block: UnsafeMutableRawPointer) {
      for slot in slots { slot.keep(model, at: block + slot.blockOffset) }
    }
  }

  /// A layout with a span, with what ``keepQuickly(_:)`` reads of it at hand.
  private struct FlatInHand {
    // Unmanaged: `layouts` holds it as long as the recorder lives.
    let layout: Unmanaged<RecordedLayout>?
    /// The span's first word in a model, its words and its strings' second words.
    let start: Int
    let words: Int
    let strings: UInt64

    init() {
      layout = nil
      start = 0
      words = 0
      strings = 0
    }

    init(_ layout: RecordedLayout, _ span: RecordedLayout.WordSpan) {
      self.layout = Unmanaged.passUnretained(layout)
      start = span.start
      words = span.words
      strings = span.strings
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
    changedModels.free()
    buffer.deallocate()
  }

  // MARK: - Told by the walk

  // The body inlined into the witness the walk calls: one call for each model.
  @inline(__always)
  static func willReduce(model: UnsafeRawPointer, told recorder: Unmanaged<AnyObject>) {
    // The common case here, calling nothing, so that it saves no registers;
    // every other in a call made last.
    var kept = false
    borrowing(recorder) { kept = $0.keepQuickly(model) }
    if !kept { keepSlowly(model, told: recorder) }
  }

  @inline(never)
  private static func keepSlowly(_ model: UnsafeRawPointer, told recorder: Unmanaged<AnyObject>) {
    borrowing(recorder) { $0.keepSlowly(model) }
  }

  static func willReduce(
    valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer,
    told recorder: Unmanaged<AnyObject>
  ) {
    borrowing(recorder) { $0.willReduce(valueIn: owner, property: property) }
  }

  static func didDeliver(told recorder: Unmanaged<AnyObject>) {
    borrowing(recorder) { $0.didDeliver() }
  }

  /// Runs `body` on the recorder told, of this type, borrowed (the walk's
  /// caller holds it): returned instead, it would be retained.
  @inline(__always)
  private static func borrowing(_ recorder: Unmanaged<AnyObject>, _ body: (PatchRecorder) -> Void) {
    recorder._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: PatchRecorder.self)) }
  }

  // MARK: - Keeping

  /// Keeps the model at `model` in the common case; returns whether it did.
  ///
  /// That is a model of the last type whose layout has a span, that holds no
  /// value models in place (so cannot have been kept already), whose strings
  /// are all immortal, with room for it: on a path that calls nothing.
  @inline(__always)
  private func keepQuickly(_ model: UnsafeRawPointer) -> Bool {
    let flat = flat
    // Wrapping: offsets in a buffer that was allocated cannot come near overflow.
    let start = (used &+ 7) & ~7
    guard positions.isEmpty, HeapObject(model).classKey == flatKey,
      start &+ flat.words &* 8 <= capacity, !models.isFull
    else { return false }
    let span = model + flat.start
    var strings = flat.strings
    while strings != 0 {
      if !StringLayout.isImmortal(span + (strings.trailingZeroBitCount &- 1) &* 8) { return false }
      strings &= strings &- 1
    }
    keepWords(model, flat, at: start)
    return true
  }

  /// ``keepQuickly(_:)`` for a model of the span at hand that it did not
  /// keep: one with strings to retain, or no room.
  private func keepSpan(_ model: UnsafeRawPointer) {
    let flat = flat
    let start = (used &+ 7) & ~7
    if start &+ flat.words &* 8 > capacity { grow(to: start &+ flat.words &* 8) }
    models.makeRoomForOne()
    let block = keepWords(model, flat, at: start)
    Self.forEachCountedString(in: block, flat.strings) { string in
      string.initializeMemory(as: String.self, to: string.load(as: String.self))
    }
  }

  /// Keeps the words of the span at hand of the model at `model` in a new
  /// block at `start`, where there is room for it; returns the block.
  @inline(__always)
  @discardableResult
  private func keepWords(
    _ model: UnsafeRawPointer, _ flat: FlatInHand, at start: Int
  ) -> UnsafeMutableRawPointer {
    used = start &+ flat.words &* 8
    // Unwrapped: `flatKey` is a class key only once `flat` holds a layout.
    models.appendWithoutGrowing(
      Kept(
        object: Unmanaged.fromOpaque(model), layout: flat.layout.unsafelyUnwrapped, start: start,
        flags: -1))
    Self.copyWords(buffer + start, from: model + flat.start, words: flat.words)
    return buffer + start
  }

  /// Copies `words` words from `source` to `block`.
  @inline(__always)
  private static func copyWords(
    _ block: UnsafeMutableRawPointer, from source: UnsafeRawPointer, words: Int
  ) {
    @inline(__always)
    func copy(_ word: Int) {
      block.storeBytes(
        of: source.load(fromByteOffset: word &* 8, as: UInt64.self), toByteOffset: word &* 8,
        as: UInt64.self)
    }
    // The common spans without a loop, as in ``changedWords(_:_:words:)``.
    switch words {
    case 4:
      copy(3)
      fallthrough
    case 3:
      copy(2)
      fallthrough
    case 2:
      copy(1)
      fallthrough
    case 1: copy(0)
    default: for word in 0..<words { copy(word) }
    }
  }

  /// Calls `body` with the address of each `String` of a span's copy at
  /// `block` that is not immortal, `strings` marking their second words: the
  /// strings a copy retains, as a `String` copied would, and releases.
  @inline(__always)
  private static func forEachCountedString(
    in block: UnsafeMutableRawPointer, _ strings: UInt64,
    _ body: (UnsafeMutableRawPointer) -> Void
  ) {
    var strings = strings
    while strings != 0 {
      let string = block + (strings.trailingZeroBitCount &- 1) &* 8
      strings &= strings &- 1
      if !StringLayout.isImmortal(string) { body(string) }
    }
  }

  /// Keeps the model at `model` where ``keepQuickly(_:)`` did not: one of
  /// another type than the last, or one that may have been kept already, by
  /// value models it holds, or one of the span at hand that it left.
  private func keepSlowly(_ model: UnsafeRawPointer) {
    if positions.isEmpty, HeapObject(model).classKey == flatKey { return keepSpan(model) }
    if !positions.isEmpty, let index = positions[model] {
      let kept = models[index]
      guard kept.flags >= 0 else { return }
      for (position, slot) in kept.slots.enumerated() where !flags[kept.flags + position] {
        slot.keep(model, at: buffer + kept.start + slot.blockOffset)
      }
      models[index].flags = -1
      return
    }
    let layout = layout(of: model)
    let start = reserve(layout)
    models.append(
      Kept(object: Unmanaged.fromOpaque(model), layout: layout.layout, start: start, flags: -1))
    // Only a model that holds value models in place is found again, by them.
    if layout.holdsValueModelsInPlace { positions[model] = models.count - 1 }
    layout.keep(model, at: buffer + start)
  }

  func willReduce(valueIn owner: UnsafeRawPointer, property: UnsafeRawPointer) {
    let index: Int
    if let found = positions[owner] {
      index = found
    } else {
      let layout = layout(of: owner)
      let start = reserve(layout)
      models.append(
        Kept(
          object: Unmanaged.fromOpaque(owner), layout: layout.layout, start: start,
          flags: flags.count))
      flags.append(contentsOf: repeatElement(false, count: layout.slots.count))
      index = models.count - 1
      positions[owner] = index
    }
    let kept = models[index]
    guard kept.flags >= 0 else { return }
    let offset = property - owner
    let slots = kept.slots
    guard let position = slots.firstIndex(where: { $0.offset == offset }),
      !flags[kept.flags + position]
    else { return }
    let slot = slots[position]
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
    let log = ChangeLog(layouts: madeLayouts)
    finished = log
    guard !models.isEmpty else { return }
    // As much as the last log took: a broadcast changes the same again.
    log.reserveCapacity(models.count, bytes: lastBytes)
    changedModels.removeAll()
    let count = models.count
    var index = 0
    while index < count {
      var kept = models[index]
      index &+= 1
      guard kept.flags < 0, let span = kept.layout._withUnsafeGuaranteedRef({ $0.span }) else {
        compareSlots(of: kept, changedWords: .max, into: log)
        continue
      }
      // This model and those after it of its layout kept whole, in one loop
      // that reads the span once: most often a run of leaves of one class.
      while true {
        let model = UnsafeRawPointer(kept.object.toOpaque())
        let block = buffer + kept.start
        let current = model + span.start
        let changed = Self.changedWords(block, current, words: span.words) & span.recorded
        if changed & ~span.decided == 0 {
          // Nothing changed, or only words whose bits decide: kept as the words.
          if changed != 0 {
            changedModels.append(model)
            log.appendWords(
              model: changedModels.count &- 1, kept.layout, span, changed: changed,
              before: block, after: current)
          }
          Self.forEachCountedString(in: block, span.strings, destroyString)
        } else {
          compareSlots(of: kept, changedWords: changed, into: log)
        }
        guard index < count else { break }
        let next = models[index]
        guard next.layout.toOpaque() == kept.layout.toOpaque(), next.flags < 0 else { break }
        kept = next
        index &+= 1
      }
    }
    log.models = sharedModels()
    lastBytes = log.bytesUsed
    models.removeAll()
    flags.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    used = 0
  }

  /// Adds to `log` the changes to the properties of the model `kept` whose
  /// words of its span `changedWords` marks (all, without a span), compared
  /// one by one, and destroys their copies.
  private func compareSlots(of kept: Kept, changedWords: UInt64, into log: ChangeLog) {
    let model = UnsafeRawPointer(kept.object.toOpaque())
    let block = buffer + kept.start
    let slots = kept.slots
    // The model's position in `changedModels`, once a plain property of it changed.
    var position = -1
    // By pointer, so that only the words of a slot each comparison reads are loaded.
    guard let first = slots.baseAddress else { return }
    let end = first + slots.count
    var next = first
    while next < end {
      let slot = next
      next += 1
      if kept.flags >= 0, !flags[kept.flags + (slot - first)] { continue }
      let copy = block + slot.pointee.blockOffset
      if slot.pointee.words & changedWords == 0 {
        // Unchanged, by its words: only a string's copy holds anything.
        if slot.pointee.copying == .string, !StringLayout.isImmortal(copy) {
          destroyString(copy)
        }
        continue
      }
      let current = model + slot.pointee.offset
      // A word and a string first, compared as words: most properties of most models.
      switch slot.pointee.copying {
      case .word:
        let before = copy.loadUnaligned(as: UInt64.self)
        let after = current.loadUnaligned(as: UInt64.self)
        if before == after { continue }
        guard slot.pointee.bitsDecide else {
          compare(slot.pointee, of: kept.object, before: copy, after: current, into: log)
          continue
        }
        if position < 0 {
          changedModels.append(model)
          position = changedModels.count - 1
        }
        log.appendWord(model: position, slot.pointee, before: before, after: after)
      case .string:
        if copy.loadUnaligned(as: UInt64.self) == current.loadUnaligned(as: UInt64.self)
          && copy.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            == current.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        {
          destroyString(copy)
        } else {
          compare(slot.pointee, of: kept.object, before: copy, after: current, into: log)
        }
      case .bytes, .byType:
        if slot.pointee.isSame(copy, current) {
          slot.pointee.destroy(copy)
        } else if slot.pointee.bitsDecide {
          if position < 0 {
            changedModels.append(model)
            position = changedModels.count - 1
          }
          log.appendPlain(model: position, slot.pointee, before: copy, after: current)
        } else {
          compare(slot.pointee, of: kept.object, before: copy, after: current, into: log)
        }
      }
    }
  }

  /// The words of the copy at `block` that differ from those at `model`, a bit each.
  @inline(__always)
  private static func changedWords(
    _ block: UnsafeRawPointer, _ model: UnsafeRawPointer, words: Int
  ) -> UInt64 {
    @inline(__always)
    func changed(_ word: Int) -> UInt64 {
      block.load(fromByteOffset: word &* 8, as: UInt64.self)
        != model.load(fromByteOffset: word &* 8, as: UInt64.self)
        ? 1 &<< UInt64(truncatingIfNeeded: word) : 0
    }
    // The common spans without a loop: a model of a few properties.
    switch words {
    case 1: return changed(0)
    case 2: return changed(0) | changed(1)
    case 3: return changed(0) | changed(1) | changed(2)
    case 4: return changed(0) | changed(1) | changed(2) | changed(3)
    default:
      var all: UInt64 = 0
      for word in 0..<words { all |= changed(word) }
      return all
    }
  }

  /// The list of ``changedModels``: the last log's when it holds the same.
  private func sharedModels() -> ChangedModels {
    let changed = UnsafeBufferPointer(start: changedModels.base, count: changedModels.count)
    if let lastModels, lastModels.holds(changed) { return lastModels }
    let models = ChangedModels(Array(changed))
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

  // MARK: - Forgetting

  /// Destroys the copies and forgets the models of a dispatch that did not finish.
  private func forget() {
    for index in 0..<models.count {
      let kept = models[index]
      for (position, slot) in kept.slots.enumerated()
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
    // Wrapping: offsets in a buffer that was allocated cannot come near overflow.
    let start = (used &+ layout.blockAlignment &- 1) & ~(layout.blockAlignment &- 1)
    let end = start &+ layout.blockSize
    if _slowPath(end > capacity) { grow(to: end) }
    used = end
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
    let key = HeapObject(object).classKey
    if key == lastKey, let last { return last }
    return layout(of: object, key: key)
  }

  @inline(never)
  private func layout(of object: UnsafeRawPointer, key: UInt) -> LayoutInHand {
    let layout: RecordedLayout
    if let made = layouts[key] {
      layout = made
    } else {
      let type: AnyClass = HeapObject(object).classType
      layout = RecordedLayout(
        fields: recordedFields(of: type),
        holdsValueModelsInPlace: plans.plan(for: type).model?.holdsValueModelsInPlace ?? true)
      layouts[key] = layout
      madeLayouts.append(layout)
    }
    let inHand = LayoutInHand(layout)
    lastKey = key
    last = inHand
    // The last type with a span asked about stays at hand while models of others come between.
    if let span = layout.span, !layout.holdsValueModelsInPlace {
      flatKey = key
      flat = FlatInHand(layout, span)
    }
    return inHand
  }

  private func recordedFields(of type: AnyClass) -> [RecordedField] {
    var made = difference.recordedFields(of: plans.plan(for: type)) ?? []
    made.removeAll { field in
      switch plans.form(of: field.plan) {
      case .registrar, .untraversed, .noncopyable: return true
      default: return !(isRecorded?(type, field.name) ?? true)
      }
    }
    return made
  }

  /// A copy of `value` that shares no storage a walk can enter in place:
  /// each collection on the way to a value model is copied afresh.
  private func unshared(_ value: Any, _ plan: TypePlan) -> Any {
    guard plan.holdsValueModels else { return value }
    switch plans.form(of: plan) {
    case let .optional(optionalType):
      let wrapped = plans.plan(for: optionalType.wrappedType)
      return optionalType.mapWrapped(of: value) { unshared($0, wrapped) }
    case let .collection(collectionType):
      guard let editable = collectionType as? any EditableCollection.Type else { return value }
      let element = plans.plan(for: editable.storedElementType)
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
