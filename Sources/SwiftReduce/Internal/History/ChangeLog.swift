/// The changes of one dispatch or step, kept as cheaply as a recorder found
/// them, and made ``Change``s only when they are read: for undo, redo, a
/// group's netting or a step's patches.
///
/// Most changes of a broadcast replace a property of plain data whose bits
/// decide whether it changed (a count, a flag): such a change is kept as the
/// model, the property and the bytes before and after (in its record, for a
/// word; the words of a span that changed, for all of a model's changes of
/// whole words, one record for a run of models of a class whose same words
/// changed), with nothing boxed and no path made; its model is named by its
/// position in a list of models (``ChangedModels``) that consecutive logs
/// may share. Every other change (an
/// element of a collection, a string, a value compared by `==`) is kept as the
/// ``Change`` the comparison made. Either way the model is held strongly, as a
/// change holds it.
final class ChangeLog {
  // Every mutable property below is @exclusivity(unchecked): a log is filled
  // by one recorder's `finish` or a history's netting before anything else
  // sees it, and read only after; no access to one overlaps another access to it.

  /// The changes in the order they were made, a record each (a run of models' whole words, one).
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
  @exclusivity(unchecked) private var bytes = ByteArena()

  /// The last record of words, which the next model's change of the same
  /// words continues: its layout, the words that differed, its decided
  /// words and of them those kept, its decided words and their bytes, its
  /// index in ``records``.
  private struct Run {
    var layout: UnsafeRawPointer?
    var differing: UInt64 = 0
    var changed: UInt64 = 0
    var decided: UInt64 = 0
    var size = 0
    var record = -1
  }

  @exclusivity(unchecked) private var run = Run()

  /// The models of the plain changes, by position; set once they are all added.
  @exclusivity(unchecked) var models: ChangedModels?

  private enum Record {
    /// A plain property of a word, of the model at position `model` in
    /// ``models``: its bits before and after.
    case word(Unmanaged<RecordedField>, model: Int, before: UInt64, after: UInt64)
    /// Other plain data: its bytes before at `offset` in ``bytes``, after
    /// right behind them at its stride.
    case plain(Unmanaged<RecordedField>, model: Int, offset: Int)
    /// The words of a layout's span (``RecordedLayout/WordSpan``), of which
    /// those `changed` marks changed, all decided by their bits, of `count`
    /// models in a row from position `model` (a broadcast changes the same
    /// words of many models): for each in turn, the span's decided words
    /// before, from `offset` in ``bytes``, those after right behind.
    case words(
      Unmanaged<RecordedLayout>, model: Int, offset: Int, changed: UInt64, count: Int)
    /// A change kept whole, at this index in ``made``.
    case made(Int)
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
    bytes.free()
  }

  /// Whether the log holds no change.
  var isEmpty: Bool { records.isEmpty }

  /// Makes room for about `count` changes and `bytes` bytes of their values.
  func reserveCapacity(_ count: Int, bytes: Int) {
    if records.isEmpty, count > 8 {
      records.free()
      records = UnsafeStack(capacity: count)
    }
    if bytes > self.bytes.capacity { self.bytes.grow(to: bytes) }
  }

  /// How many bytes the values of the changes take.
  var bytesUsed: Int { bytes.used }

  /// How many records the changes take: the whole words of a run of models, one.
  var recordCount: Int { records.count }

  /// Adds a change to `slot`'s plain property of a word, of the model at
  /// position `model` of ``models``, from `before` to `after`: the common
  /// change of a broadcast, a count or a flag, kept in its record.
  @inline(__always)
  func appendWord(model: Int, _ slot: RecordedLayout.Slot, before: UInt64, after: UInt64) {
    assert(slot.copying == .word, "only plain values of a word are kept in their record")
    records.append(.word(slot.field, model: model, before: before, after: after))
  }

  /// Adds the changes to `layout`'s properties in the words `changed` marks,
  /// `span` being its span, whose words `differing` differ (those `changed`
  /// marks, and any of properties not kept).
  ///
  /// The model is at position `model` of ``models``; its span was the words
  /// at `before` and is those at `after`; every property in the words
  /// changed is plain data whose bits decide. The span's decided
  /// words are kept (``RecordedLayout/WordSpan/decided``), those before and
  /// then those after, in order. The next model of the layout whose same
  /// words differ continues the record (``continuesRun(_:differing:)``).
  func appendWords(
    model: Int, _ layout: Unmanaged<RecordedLayout>, _ span: RecordedLayout.WordSpan,
    changed: UInt64, differing: UInt64, before: UnsafeRawPointer, after: UnsafeRawPointer
  ) {
    run = Run(
      layout: UnsafeRawPointer(layout.toOpaque()), differing: differing, changed: changed,
      decided: span.decided, size: span.decidedCount &* 8, record: records.count)
    let offset = keepWords(before: before, after: after)
    records.append(.words(layout, model: model, offset: offset, changed: changed, count: 1))
  }

  /// Whether the change of a model of `layout` whose span's words
  /// `differing` differ, the next model in ``models``, continues the last
  /// record of words (``extendRun(before:after:)``).
  @inline(__always)
  func continuesRun(_ layout: Unmanaged<RecordedLayout>, differing: UInt64) -> Bool {
    run.layout == UnsafeRawPointer(layout.toOpaque()) && run.differing == differing
      && run.record == records.count &- 1
  }

  /// Adds the change of the next model in ``models`` to the last record of
  /// words, which it continues: its span was the words at `before` and is
  /// those at `after`.
  @inline(__always)
  func extendRun(before: UnsafeRawPointer, after: UnsafeRawPointer) {
    _ = keepWords(before: before, after: after)
    guard case let .words(layout, model, offset, changed, count) = records[run.record] else {
      preconditionFailure("a run of words continues a record of words")
    }
    records[run.record] = .words(
      layout, model: model, offset: offset, changed: changed, count: count &+ 1)
  }

  /// Keeps the run's decided words of the span at `before`, then those at
  /// `after`; returns where.
  @inline(__always)
  private func keepWords(before: UnsafeRawPointer, after: UnsafeRawPointer) -> Int {
    let size = run.size
    let offset = bytes.reserve(size &* 2, alignment: 8)
    let kept = bytes.address(offset)
    var words = run.decided
    var position = 0
    while words != 0 {
      let word = words.trailingZeroBitCount &* 8
      words &= words &- 1
      Words.store(Words.load(before, at: word), to: kept, at: position)
      Words.store(Words.load(after, at: word), to: kept, at: size &+ position)
      position &+= 8
    }
    return offset
  }

  /// The words of properties kept that changed in each model of the run.
  var runChanged: UInt64 { run.changed }

  /// Adds a change to `slot`'s plain property of the model at position
  /// `model` of ``models``, whose value was the bytes at `before` and is the
  /// bytes at `after`.
  func appendPlain(
    model: Int, _ slot: RecordedLayout.Slot, before: UnsafeRawPointer, after: UnsafeRawPointer
  ) {
    assert(slot.copying == .bytes, "a word is kept in its record")
    let offset = bytes.reserve(2 * slot.stride, alignment: slot.alignment)
    copyBytes(bytes.address(offset), from: before, size: slot.size)
    copyBytes(bytes.address(offset + slot.stride), from: after, size: slot.size)
    records.append(.plain(slot.field, model: model, offset: offset))
  }

  /// Adds a change as made.
  func append(_ change: Change) {
    records.append(.made(made.count))
    made.append(change)
  }

  /// The changes, in the order they were made.
  var changes: [Change] {
    var changes: [Change] = []
    changes.reserveCapacity(records.count)
    for index in 0..<records.count {
      switch records[index] {
      case let .word(field, model, before, after):
        // `load(from:)` reads the word from the local's bytes.
        let edit = withUnsafeBytes(of: before) { before in
          withUnsafeBytes(of: after) { after in
            Self.edit(
              field, before: before.baseAddress.unsafelyUnwrapped,
              after: after.baseAddress.unsafelyUnwrapped)
          }
        }
        changes.append(change(field, of: model, edit))
      case let .plain(field, model, offset):
        // As ``RecordedLayout/Slot/stride``.
        let field = field.takeUnretainedValue()
        let stride = (field.size + field.alignment - 1) & ~(field.alignment - 1)
        changes.append(
          change(
            Unmanaged.passUnretained(field), of: model,
            Self.edit(
              Unmanaged.passUnretained(field), before: bytes.address(offset),
              after: bytes.address(offset + stride))))
      case let .words(layout, first, start, changed, count):
        let layout = layout.takeUnretainedValue()
        // Unwrapped: a record of words has its layout's span.
        let decided = layout.span.unsafelyUnwrapped.decided
        let size = decided.nonzeroBitCount * 8
        for model in first..<(first + count) {
          let offset = start + (model - first) * 2 * size
          for slot in layout.slots where slot.words & changed != 0 {
            // A property's words are whole and in order: its first follows the decided words below it.
            let kept = (decided & (slot.words & (0 &- slot.words) &- 1)).nonzeroBitCount * 8
            let edit = Self.edit(
              slot.field, before: bytes.address(offset + kept),
              after: bytes.address(offset + size + kept))
            changes.append(change(slot.field, of: model, edit))
          }
        }
      case let .made(index):
        changes.append(made[index])
      }
    }
    return changes
  }

  /// The change of `field` of the model at position `model` in ``models``.
  private func change(_ field: Unmanaged<RecordedField>, of model: Int, _ edit: Edit) -> Change {
    // Unwrapped: a log with plain changes has its models set before it is read.
    Change(
      model: models.unsafelyUnwrapped.objects[model], property: field.takeUnretainedValue(),
      steps: [], edit: edit)
  }

  /// The edit from the value of `field` at `before` to the one at `after`.
  private static func edit(
    _ field: Unmanaged<RecordedField>, before: UnsafeRawPointer, after: UnsafeRawPointer
  ) -> Edit {
    let access = field._withUnsafeGuaranteedRef { $0.plan.access }
    return .changed(before: access.load(from: before), after: access.load(from: after))
  }
}
