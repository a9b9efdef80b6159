// Comparing: every model kept compared with its copies, word by word first;
// the changes found put in a log, and the copies of what changed made again.

extension TreeShadow {
  /// Adds to `log` the changes of every model kept since its copies were
  /// made, and copies what changed again; returns whether a property that
  /// may hold models changed, so that the models reachable may have changed.
  func compareAll(into log: ChangeLog) -> Bool {
    var mayHaveMoved = false
    let count = entries.count
    var index = 0
    while index < count {
      var entry = entries[index]
      index &+= 1
      guard let span = entry.layout._withUnsafeGuaranteedRef({ $0.span }) else {
        if compareSlots(of: entry, changedWords: .max, into: log) { mayHaveMoved = true }
        continue
      }
      // This model and those after it of its layout, in one loop that reads
      // the span once: most often a run of leaves of one class.
      while true {
        let model = UnsafeRawPointer(entry.object.toOpaque())
        let block = copies.address(entry.start)
        let current = model + span.start
        let changed = Words.changed(block, current, count: span.words) & span.recorded
        if changed != 0 {
          if changed & ~span.decided == 0 {
            // Only words whose bits decide: kept as the words, copied again one by one.
            changedModels.append(model)
            log.appendWords(
              model: changedModels.count &- 1, entry.layout, span, changed: changed,
              before: block, after: current)
            var words = changed
            while words != 0 {
              let word = words.trailingZeroBitCount &* 8
              words &= words &- 1
              Words.store(Words.load(current, at: word), to: block, at: word)
            }
          } else {
            // A span holds no property that may hold models.
            _ = compareSlots(of: entry, changedWords: changed, into: log)
          }
        }
        guard index < count else { break }
        let next = entries[index]
        guard next.layout.toOpaque() == entry.layout.toOpaque() else { break }
        entry = next
        index &+= 1
      }
    }
    return mayHaveMoved
  }

  /// Adds to `log` the changes to the properties of `entry`'s model whose
  /// words of its span `changedWords` marks (all, without a span), compared
  /// one by one, and copies each that changed again; returns whether one
  /// that may hold models changed.
  private func compareSlots(of entry: Entry, changedWords: UInt64, into log: ChangeLog) -> Bool {
    let model = UnsafeRawPointer(entry.object.toOpaque())
    let block = copies.address(entry.start)
    let slots = entry.slots
    var mayHaveMoved = false
    // The model's position in `changedModels`, once a plain property of it changed.
    var position = -1
    // By pointer, so that only the words of a slot each comparison reads are loaded.
    guard let first = slots.baseAddress else { return false }
    let end = first + slots.count
    var next = first
    while next < end {
      let slot = next
      next += 1
      // Unchanged, by its words.
      if slot.pointee.words & changedWords == 0 { continue }
      let copy = block + slot.pointee.blockOffset
      let current = model + slot.pointee.offset
      // A word and a string first, compared as words: most properties of most models.
      switch slot.pointee.copying {
      case .word:
        let before = Words.loadAnyAligned(copy)
        let after = Words.loadAnyAligned(current)
        if before == after { continue }
        if slot.pointee.isRecorded {
          if slot.pointee.bitsDecide {
            if position < 0 {
              changedModels.append(model)
              position = changedModels.count - 1
            }
            log.appendWord(model: position, slot.pointee, before: before, after: after)
          } else {
            compare(slot.pointee, of: entry.object, before: copy, after: current, into: log)
          }
        }
        Words.store(after, to: copy)
      case .string:
        if Words.sameTwo(copy, current) { continue }
        if slot.pointee.isRecorded {
          compare(slot.pointee, of: entry.object, before: copy, after: current, into: log)
        }
        destroyString(copy)
        StringLayout.initializeCopy(at: copy, of: current)
      case .bytes, .byType:
        // The same bits: the same value, since a copy shares its storage (see ``TreeShadow``).
        if slot.pointee.isSame(copy, current) { continue }
        if slot.pointee.mayHoldModels { mayHaveMoved = true }
        if slot.pointee.isRecorded, slot.pointee.bitsDecide {
          if position < 0 {
            changedModels.append(model)
            position = changedModels.count - 1
          }
          log.appendPlain(model: position, slot.pointee, before: copy, after: current)
        } else if slot.pointee.isRecorded {
          compare(slot.pointee, of: entry.object, before: copy, after: current, into: log)
        }
        slot.pointee.destroy(copy)
        slot.pointee.keep(model, at: copy)
      }
    }
    return mayHaveMoved
  }

  /// Adds to `log` the changes between the copy of `slot`'s property of
  /// `model` at `before` and the property at `after`, compared by the
  /// property's type.
  @inline(never)
  private func compare(
    _ slot: RecordedLayout.Slot, of model: Unmanaged<AnyObject>, before: UnsafeMutableRawPointer,
    after: UnsafeRawPointer, into log: ChangeLog
  ) {
    let field = slot.field.takeUnretainedValue()
    let access = field.plan.access
    let model = model.takeUnretainedValue()
    difference.changes(
      from: access.load(from: before), to: access.load(from: after), field.plan, steps: []
    ) { steps, edit in
      log.append(Change(model: model, property: field, steps: steps, edit: edit))
    }
  }
}
