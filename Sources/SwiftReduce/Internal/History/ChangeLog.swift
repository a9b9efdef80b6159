/// The changes of one dispatch or step, kept as cheaply as a recorder found
/// them, and made ``Change``s only when they are read: for undo, redo, a
/// group's netting or a step's patches.
///
/// Most changes of a broadcast replace a property of plain data whose bits
/// decide whether it changed (a count, a flag): such a change is kept as the
/// model, the property and the bytes before and after (in its record, for a
/// word), with nothing boxed and no path made; its model is named by its position in a list of models
/// (``ChangedModels``) that consecutive logs may share. Every other change (an
/// element of a collection, a string, a value compared by `==`) is kept as the
/// ``Change`` the comparison made. Either way the model is held strongly, as a
/// change holds it.
final class ChangeLog {
  // Every mutable property below is @exclusivity(unchecked): a log is filled
  // by one recorder's `finish` or a history's netting before anything else
  // sees it, and read only after; no access to one overlaps another access to it.

  /// The changes in the order they were made, each a record of four words.
  // An unchecked stack, not an array: a broadcast appends a record per model,
  // and an array's uniqueness check and growth test cost more than the record.
  @exclusivity(unchecked) private var records = UnsafeStack<Record>(capacity: 8)
  /// The changes kept as ``Change``s, each named by a record.
  @exclusivity(unchecked) private var made: [Change] = []
  /// The layouts whose fields the records name, held so that those stay
  /// alive: all the recorder made, a list that every log of it shares.
  private let layouts: [RecordedLayout]
  /// The bytes before and after of each plain change of other than a word:
  /// the value before at the record's offset, the one after right behind it,
  /// at its alignment.
  // Aligned for any value (the widest SIMD types), since offsets are aligned from its start.
  @exclusivity(unchecked) private var bytes: UnsafeMutableRawPointer?
  @exclusivity(unchecked) private var capacity = 0
  @exclusivity(unchecked) private var used = 0

  /// The models of the plain changes, by position; set once they are all added.
  @exclusivity(unchecked) var models: ChangedModels?

  private struct Record {
    /// The property of a plain change, held by a layout in ``layouts``;
    /// `nil` for a change kept whole.
    let field: Unmanaged<RecordedField>?
    /// The position of a plain change's model in ``models``, or the index
    /// of a change kept whole in ``made``.
    let model: Int
    /// A word's bits before and after; for other plain data, where its
    /// bytes are in ``bytes`` and nothing.
    let before: UInt64
    let after: UInt64
  }

  /// A log whose plain changes name fields of `layouts`.
  init(layouts: [RecordedLayout] = []) {
    self.layouts = layouts
  }

  /// A log of changes already made.
  convenience init(_ changes: [Change]) {
    self.init()
    for change in changes { append(change) }
  }

  deinit {
    records.free()
    bytes?.deallocate()
  }

  /// Whether the log holds no change.
  var isEmpty: Bool { records.isEmpty }

  /// Makes room for about `count` changes.
  func reserveCapacity(_ count: Int) {
    if records.isEmpty, count > 8 {
      records.free()
      records = UnsafeStack(capacity: count)
    }
  }

  /// Adds a change to `slot`'s plain property of a word, of the model at
  /// position `model` of ``models``, from `before` to `after`: the common
  /// change of a broadcast, a count or a flag, kept in its record.
  @inline(__always)
  func appendWord(model: Int, _ slot: RecordedLayout.Slot, before: UInt64, after: UInt64) {
    assert(slot.copying == .word, "only plain values of a word are kept in their record")
    records.append(Record(field: slot.field, model: model, before: before, after: after))
  }

  /// Adds a change to `slot`'s plain property of the model at position
  /// `model` of ``models``, whose value was the bytes at `before` and is the
  /// bytes at `after`.
  func appendPlain(
    model: Int, _ slot: RecordedLayout.Slot, before: UnsafeRawPointer, after: UnsafeRawPointer
  ) {
    assert(slot.copying == .bytes, "a word is kept in its record")
    let stride = slot.stride
    let offset = (used + slot.alignment - 1) & ~(slot.alignment - 1)
    if offset + 2 * stride > capacity { grow(to: offset + 2 * stride) }
    // Unwrapped: `grow` made the buffer when there was none.
    let bytes = bytes.unsafelyUnwrapped
    copyBytes(bytes + offset, from: before, size: slot.size)
    copyBytes(bytes + offset + stride, from: after, size: slot.size)
    used = offset + 2 * stride
    records.append(Record(field: slot.field, model: model, before: UInt64(offset), after: 0))
  }

  /// Adds a change as made.
  func append(_ change: Change) {
    records.append(Record(field: nil, model: made.count, before: 0, after: 0))
    made.append(change)
  }

  /// The changes, in the order they were made.
  var changes: [Change] {
    var changes: [Change] = []
    changes.reserveCapacity(records.count)
    for index in 0..<records.count {
      let record = records[index]
      guard let field = record.field?.takeUnretainedValue(), let models else {
        changes.append(made[record.model])
        continue
      }
      let access = field.plan.access
      let edit: Edit
      if field.size == 8 {
        // A word, kept in the record; `load(from:)` reads it from the local's bytes.
        edit = withUnsafeBytes(of: record.before) { before in
          withUnsafeBytes(of: record.after) { after in
            .changed(
              before: access.load(from: before.baseAddress.unsafelyUnwrapped),
              after: access.load(from: after.baseAddress.unsafelyUnwrapped))
          }
        }
      } else {
        // Unwrapped: a record of other plain data has its bytes in the buffer.
        let bytes = bytes.unsafelyUnwrapped + Int(record.before)
        // As ``RecordedLayout/Slot/stride``.
        let stride = (field.size + field.alignment - 1) & ~(field.alignment - 1)
        edit = .changed(before: access.load(from: bytes), after: access.load(from: bytes + stride))
      }
      changes.append(
        Change(model: models.objects[record.model], property: field, steps: [], edit: edit))
    }
    return changes
  }

  /// Moves the bytes into a larger buffer: they are plain data.
  private func grow(to size: Int) {
    let larger = max(size, capacity * 2, 256)
    let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 64)
    if let bytes {
      moved.copyMemory(from: bytes, byteCount: used)
      bytes.deallocate()
    }
    bytes = moved
    capacity = larger
  }
}
