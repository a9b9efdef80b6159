// Keeping: the models about to reduce copied, before the walk delivers to each;
// the common case on a path that calls nothing.

extension PatchRecorder {
  /// Keeps the model at `model` in the common case; returns whether it did.
  ///
  /// That is a model of the last type whose layout has a span, that holds no
  /// value models in place (so cannot have been kept already), whose strings
  /// are all immortal, with room for it: on a path that calls nothing.
  @inline(__always)
  func keepQuickly(_ model: UnsafeRawPointer) -> Bool {
    let flat = flat
    let start = copies.nextOffset(alignedTo: 8)
    guard positions.isEmpty, HeapObject(model).classKey == flatKey,
      copies.fits(flat.words &* 8, at: start), !models.isFull
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
    let start = copies.nextOffset(alignedTo: 8)
    if !copies.fits(flat.words &* 8, at: start) { copies.grow(to: start &+ flat.words &* 8) }
    models.makeRoomForOne()
    let block = keepWords(model, flat, at: start)
    Self.forEachCountedString(in: block, flat.strings, StringLayout.retainCopiedWords)
  }

  /// Keeps the words of the span at hand of the model at `model` in a new
  /// block at `start`, where there is room for it; returns the block.
  @inline(__always)
  @discardableResult
  private func keepWords(
    _ model: UnsafeRawPointer, _ flat: FlatInHand, at start: Int
  ) -> UnsafeMutableRawPointer {
    copies.reserve(upTo: start &+ flat.words &* 8)
    // Unwrapped: `flatKey` is a class key only once `flat` holds a layout.
    models.appendWithoutGrowing(
      Kept(
        object: Unmanaged.fromOpaque(model), layout: flat.layout.unsafelyUnwrapped, start: start,
        flags: -1))
    let block = copies.address(start)
    Words.copy(flat.words, to: block, from: model + flat.start)
    return block
  }

  /// Calls `body` with the address of each `String` of a span's copy at
  /// `block` that is not immortal, `strings` marking their second words: the
  /// strings a copy retains, as a `String` copied would, and releases.
  @inline(__always)
  static func forEachCountedString(
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
  func keepSlowly(_ model: UnsafeRawPointer) {
    if positions.isEmpty, HeapObject(model).classKey == flatKey { return keepSpan(model) }
    if !positions.isEmpty, let index = positions[model] {
      let kept = models[index]
      guard kept.flags >= 0 else { return }
      for (position, slot) in kept.slots.enumerated() where !flags[kept.flags + position] {
        slot.keep(model, at: copies.address(kept.start + slot.blockOffset))
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
    layout.keep(model, at: copies.address(start))
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
      at: copies.address(kept.start + slot.blockOffset), to: value, orCopying: property)
    flags[kept.flags + position] = true
  }

  /// Room in ``copies`` for a block of `layout`; returns where it starts.
  @inline(__always)
  private func reserve(_ layout: LayoutInHand) -> Int {
    copies.reserve(layout.blockSize, alignment: layout.blockAlignment)
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
