// Comparing: once the walk has delivered, the copies compared with the models
// as they are now, the changes found put in a log, and the copies destroyed.

extension PatchRecorder {
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
        let block = copies.address(kept.start)
        let current = model + span.start
        let changed = Words.changed(block, current, count: span.words) & span.recorded
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
    copies.removeAll()
  }

  /// Adds to `log` the changes to the properties of the model `kept` whose
  /// words of its span `changedWords` marks (all, without a span), compared
  /// one by one, and destroys their copies.
  private func compareSlots(of kept: Kept, changedWords: UInt64, into log: ChangeLog) {
    let model = UnsafeRawPointer(kept.object.toOpaque())
    let block = copies.address(kept.start)
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
        let before = Words.loadAnyAligned(copy)
        let after = Words.loadAnyAligned(current)
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
        if Words.sameTwo(copy, current) {
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

  /// The list of ``changedModels``: the last log's when it holds the same.
  private func sharedModels() -> ChangedModels {
    if let lastModels, changedModels.withElements(lastModels.holds) { return lastModels }
    let models = ChangedModels(changedModels.withElements { Array($0) })
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
}
