/// The changes of one dispatch or step, kept as cheaply as a recorder found
/// them, and made ``Change``s only when they are read: for undo, redo, a
/// group's netting or a step's patches.
///
/// Most changes of a broadcast replace a property of plain data whose bits
/// decide whether it changed (a count, a flag): such a change is kept as the
/// model, the property and the bytes before and after, with nothing boxed and
/// no path made; its model is named by its position in a list of models
/// (``ChangedModels``) that consecutive logs may share. Every other change (an
/// element of a collection, a string, a value compared by `==`) is kept as the
/// ``Change`` the comparison made. Either way the model is held strongly, as a
/// change holds it.
final class ChangeLog {
  // Every mutable property below is @exclusivity(unchecked): a log is filled
  // by one recorder's `finish` or a history's netting before anything else
  // sees it, and read only after; no access to one overlaps another access to it.

  /// The changes in the order they were made.
  @exclusivity(unchecked) private var records: [Record] = []
  /// The changes kept as ``Change``s, each named by a record.
  @exclusivity(unchecked) private var made: [Change] = []
  /// The layouts whose fields the records name, held so that those stay alive.
  @exclusivity(unchecked) private var layouts: [RecordedLayout] = []
  @exclusivity(unchecked) private var lastLayout: UnsafeMutableRawPointer?
  /// The bytes before and after of each plain change: the value before at
  /// the record's offset, the one after right behind it, at its alignment.
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
    /// The position of a plain change's model in ``models``.
    let model: Int
    /// Where the plain change's bytes are, or the index of the change in ``made``.
    let offset: Int
  }

  init() {}

  /// A log of changes already made.
  init(_ changes: [Change]) {
    for change in changes { append(change) }
  }

  deinit {
    bytes?.deallocate()
  }

  /// Whether the log holds no change.
  var isEmpty: Bool { records.isEmpty }

  /// Makes room for about `count` changes, of a word or two each.
  func reserveCapacity(_ count: Int) {
    records.reserveCapacity(count)
    if capacity < count * 16 { grow(to: count * 16) }
  }

  /// Adds a change to `slot`'s plain property of the model at position
  /// `model` of ``models``, whose value was the bytes at `before` and is the
  /// bytes at `after`.
  func appendPlain(
    model: Int, _ slot: RecordedLayout.Slot,
    of layout: Unmanaged<RecordedLayout>, before: UnsafeRawPointer, after: UnsafeRawPointer
  ) {
    assert(slot.isPlain, "only plain values are kept by their bytes")
    if lastLayout != layout.toOpaque() {
      layouts.append(layout.takeUnretainedValue())
      lastLayout = layout.toOpaque()
    }
    let stride = slot.stride
    let offset = (used + slot.alignment - 1) & ~(slot.alignment - 1)
    if offset + 2 * stride > capacity { grow(to: offset + 2 * stride) }
    // Unwrapped: `grow` made the buffer when there was none.
    let bytes = bytes.unsafelyUnwrapped
    copyBytes(bytes + offset, from: before, size: slot.size)
    copyBytes(bytes + offset + stride, from: after, size: slot.size)
    used = offset + 2 * stride
    records.append(Record(field: slot.field, model: model, offset: offset))
  }

  /// Adds a change as made.
  func append(_ change: Change) {
    records.append(Record(field: nil, model: -1, offset: made.count))
    made.append(change)
  }

  /// The changes, in the order they were made.
  var changes: [Change] {
    var changes: [Change] = []
    changes.reserveCapacity(records.count)
    for record in records {
      guard let field = record.field?.takeUnretainedValue(), let bytes, let models else {
        changes.append(made[record.offset])
        continue
      }
      // As ``RecordedLayout/Slot/stride``.
      let stride = (field.size + field.alignment - 1) & ~(field.alignment - 1)
      let access = field.plan.access
      changes.append(
        Change(
          model: models.objects[record.model], property: field, steps: [],
          edit: .changed(
            before: access.load(from: bytes + record.offset),
            after: access.load(from: bytes + record.offset + stride))))
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
