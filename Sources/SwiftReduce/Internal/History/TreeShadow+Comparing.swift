// Comparing: every model kept compared with its copies, word by word first;
// the changes found put in a log, and the copies of what changed made again.

extension TreeShadow {
  /// Adds to `log` the changes of every model kept since its copies were
  /// made (unless `logging` is off: the changes are known), and copies what
  /// changed again; returns whether a property that may hold models changed,
  /// so that the models reachable may have changed.
  ///
  /// Most models changed nothing: each is one comparison of its span's
  /// words with its block's, folded into one branch, read from its record
  /// (``CopyRecords``), which says where the span is: one stream of records
  /// in turn, and no layout or entry read unless something changed.
  @MainActor
  func compareAll(into log: ChangeLog, logging: Bool = true) -> Bool {
    var mayHaveMoved = false
    toldOfShapeChange = false
    let count = entries.count
    guard var record = copies.first() else { return false }
    // Only scalars in the loop, which stay in registers: what a change
    // needs is read in calls of its own.
    var index = 0
    while index < count {
      let words = record.words
      if _fastPath(words >= 0) {
        let block = record.spanBlock
        let current = record.span
        // The log is the caller's, borrowed: not bound again, which would retain it.
        if Words.differ(block, current, count: words),
          changedWords(
            of: index, block: block, current: current, count: words, into: log, logging: logging)
        {
          mayHaveMoved = true
        }
        record.advance()
      } else {
        let entry = entries[index]
        if compareSlots(of: entry, changedWords: .max, into: logging ? log : nil) {
          mayHaveMoved = true
        }
        record.advance(
          pastBlockAt: copies.block(at: entry.start), size: Self.blockSize(of: entry.layout))
      }
      index &+= 1
    }
    return mayHaveMoved
  }

  /// Adds to `log` (if `logging`) the changes of the model of the entry at
  /// `index`, whose span of `count` words at `current` differs from its
  /// block's at `block`, and copies what changed again; returns whether a
  /// property that may hold models changed.
  ///
  /// Out of the loop, which keeps only its scalars in registers.
  @inline(never)
  @MainActor
  private func changedWords(
    of index: Int, block: UnsafeMutableRawPointer, current: UnsafeRawPointer, count: Int,
    into log: ChangeLog, logging: Bool
  ) -> Bool {
    let differing = Words.changed(block, current, count: count)
    let entry = entries[index]
    if logging, log.continuesRun(entry.layout, differing: differing) {
      // The same words of the same layout as the model before, as in a
      // broadcast: its record of words continues.
      changedModels.append(UnsafeRawPointer(entry.object.toOpaque()))
      log.extendRun(before: block, after: current)
      Words.copy(marked: log.runChanged, to: block, from: current)
      return false
    }
    let span = Self.span(of: entry.layout)
    let changed = differing & span.recorded
    // Only words of properties not kept, or padding: nothing to record.
    if changed == 0 { return false }
    guard changed & ~span.decided == 0 else {
      return compareSlots(of: entry, changedWords: changed, into: logging ? log : nil)
    }
    // Only words whose bits decide, as a broadcast's counts: kept as the
    // words, and copied again one by one.
    if logging {
      changedModels.append(UnsafeRawPointer(entry.object.toOpaque()))
      log.appendWords(
        model: changedModels.count &- 1, entry.layout, span, changed: changed,
        differing: differing, before: block, after: current)
    }
    Words.copy(marked: changed, to: block, from: current)
    return false
  }

  /// The span of `layout`, which has one.
  ///
  /// Not isolated, as every read of a layout in the loops: a closure formed
  /// in a function of the main actor checks the actor each time it runs.
  @inline(__always)
  private static func span(of layout: Unmanaged<RecordedLayout>) -> RecordedLayout.WordSpan {
    // Unwrapped: a record mirrors a span only for a layout that has one.
    layout._withUnsafeGuaranteedRef { $0.span.unsafelyUnwrapped }
  }

  /// The size of a block of `layout`.
  @inline(__always)
  private static func blockSize(of layout: Unmanaged<RecordedLayout>) -> Int {
    layout._withUnsafeGuaranteedRef { $0.blockSize }
  }

  /// Adds to `log` the changes to the properties of `entry`'s model whose
  /// words of its span `changedWords` marks (all, without a span), compared
  /// one by one, and copies each that changed again; returns whether one
  /// that may hold models changed.
  @inline(never)
  @MainActor
  private func compareSlots(of entry: Entry, changedWords: UInt64, into log: ChangeLog?) -> Bool {
    let model = UnsafeRawPointer(entry.object.toOpaque())
    let block = copies.block(at: entry.start)
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
      case .reference:
        // Another object, or none: its bits changed. Which objects from the
        // note of the one before and the reference now.
        if Words.loadAnyAligned(copy) == Words.loadAnyAligned(current) { continue }
        mayHaveMoved = true
        shapeWillChange()
        if let log, slot.pointee.isRecorded {
          log.append(referenceChange(slot.pointee, of: entry.object, copy: copy, current: current))
        }
        slot.pointee.destroy(copy)
        slot.pointee.keep(model, at: copy)
      case .word:
        let before = Words.loadAnyAligned(copy)
        let after = Words.loadAnyAligned(current)
        if before == after { continue }
        if let log, slot.pointee.isRecorded {
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
        if let log, slot.pointee.isRecorded {
          compare(slot.pointee, of: entry.object, before: copy, after: current, into: log)
        }
        destroyString(copy)
        StringLayout.initializeCopy(at: copy, of: current)
      case .bytes, .byType:
        // The same bits: the same value, since a copy shares its storage (see ``TreeShadow``).
        if slot.pointee.isSame(copy, current) { continue }
        if slot.pointee.mayHoldModels {
          mayHaveMoved = true
          shapeWillChange()
        }
        if let log, slot.pointee.isRecorded, slot.pointee.bitsDecide {
          if position < 0 {
            changedModels.append(model)
            position = changedModels.count - 1
          }
          log.appendPlain(model: position, slot.pointee, before: copy, after: current)
        } else if let log, slot.pointee.isRecorded {
          compare(slot.pointee, of: entry.object, before: copy, after: current, into: log)
        }
        slot.pointee.destroy(copy)
        slot.pointee.keep(model, at: copy)
      }
    }
    return mayHaveMoved
  }

  /// Tells ``beforeShapeChanges``, once a look, that a copy that may hold
  /// models is about to change.
  @MainActor
  private func shapeWillChange() {
    guard !toldOfShapeChange else { return }
    toldOfShapeChange = true
    beforeShapeChanges?()
  }

  /// The change of `slot`'s `weak` or `unowned` reference of `model`, from
  /// the object noted with its copy at `copy` to the one at `current`, as
  /// values of the property's declared type.
  @inline(never)
  private func referenceChange(
    _ slot: RecordedLayout.Slot, of model: Unmanaged<AnyObject>, copy: UnsafeRawPointer,
    current: UnsafeRawPointer
  ) -> Change {
    let field = slot.field.takeUnretainedValue()
    let access = field.plan.access
    let before = ObjectReference.withReference(to: slot.notedObject(copy)) { access.load(from: $0) }
    let after = ObjectReference.withReference(to: ObjectReference(current).object(field.ownership))
    {
      access.load(from: $0)
    }
    return Change(
      model: model.takeUnretainedValue(), property: field, steps: [],
      edit: .changed(before: before, after: after))
  }

  /// Adds to `log` the changes between the copy of `slot`'s property of
  /// `model` at `before` and the property at `after`, compared by the
  /// property's type.
  @MainActor @inline(never)
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
      var change = Change(model: model, property: field, steps: steps, edit: edit)
      // What the models in the value hold now, kept for its patch.
      if field.plan.mayHoldModels {
        change = change.withCopies(in: plans) { self.keeps($0) }
      }
      log.append(change)
    }
  }
}
