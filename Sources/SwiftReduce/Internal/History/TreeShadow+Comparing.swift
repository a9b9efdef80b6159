// Comparing: every model kept compared with its copies, word by word first;
// the changes found put in a log, and the copies of what changed made again.

extension TreeShadow {
  /// Adds to `log` the changes of every model kept since its copies were
  /// made (unless `logging` is off: the changes are known), and copies what
  /// changed again; returns whether a property that may hold models changed,
  /// so that the models reachable may have changed.
  ///
  /// Most models changed nothing: each is one comparison of its span's
  /// words with its block's, folded into one branch, with the span of the
  /// last layout met at hand.
  @MainActor
  func compareAll(into log: ChangeLog, logging: Bool = true) -> Bool {
    var mayHaveMoved = false
    toldOfShapeChange = false
    // Only scalars in the loop, which stay in registers: the layout at hand
    // and its span (`words` is `-1` when it has none).
    var layoutInHand: UnsafeMutableRawPointer?
    var (start, words, recorded, decided) = (0, -1, UInt64(0), UInt64(0))
    for index in 0..<entries.count {
      let entry = entries[index]
      let layout = entry.layout.toOpaque()
      if layout != layoutInHand {
        layoutInHand = layout
        (start, words, recorded, decided) = Self.spanParts(of: entry.layout)
      }
      guard words >= 0 else {
        if compareSlots(of: entry, changedWords: .max, into: logging ? log : nil) {
          mayHaveMoved = true
        }
        continue
      }
      let model = UnsafeRawPointer(entry.object.toOpaque())
      let block = copies.address(entry.start)
      let current = model + start
      guard Words.differ(block, current, count: words) else { continue }
      let changed = Words.changed(block, current, count: words) & recorded
      // Only words of properties not kept, or padding: nothing to record.
      if changed == 0 { continue }
      guard changed & ~decided == 0 else {
        if compareSlots(of: entry, changedWords: changed, into: logging ? log : nil) {
          mayHaveMoved = true
        }
        continue
      }
      // Only words whose bits decide, as a broadcast's counts: kept as the
      // words, and copied again one by one.
      // The log is the caller's, borrowed: not bound again, which would retain it.
      if logging {
        changedModels.append(model)
        log.appendWords(
          model: changedModels.count &- 1, entry.layout, decided: decided, changed: changed,
          before: block, after: current)
      }
      var left = changed
      while left != 0 {
        let word = left.trailingZeroBitCount &* 8
        left &= left &- 1
        Words.store(Words.load(current, at: word), to: block, at: word)
      }
    }
    return mayHaveMoved
  }

  /// Where `layout`'s span starts in a model, its words (`-1` when it has
  /// none), those kept and those whose bits decide.
  @inline(never)
  private static func spanParts(of layout: Unmanaged<RecordedLayout>) -> (
    Int, Int, UInt64, UInt64
  ) {
    layout._withUnsafeGuaranteedRef {
      $0.span.map { ($0.start, $0.words, $0.recorded, $0.decided) } ?? (0, -1, 0, 0)
    }
  }

  /// Adds to `log` the changes to the properties of `entry`'s model whose
  /// words of its span `changedWords` marks (all, without a span), compared
  /// one by one, and copies each that changed again; returns whether one
  /// that may hold models changed.
  @inline(never)
  @MainActor
  private func compareSlots(of entry: Entry, changedWords: UInt64, into log: ChangeLog?) -> Bool {
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
