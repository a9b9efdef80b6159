/// The stored properties of one model type that a history keeps, and where
/// a copy of each sits in the block of bytes a ``TreeShadow`` keeps for a
/// model of the type.
///
/// Made once per type and shadow. Each property is also described by a
/// ``Slot`` of plain words, which the recorder's loops read, model after
/// model, without retaining anything.
final class RecordedLayout {
  /// The properties recorded, in declaration order.
  let fields: [RecordedField]
  /// One slot per field, in the same order.
  let slots: UnsafeBufferPointer<Slot>
  /// The size of a block, and the alignment its start needs.
  let blockSize: Int
  let blockAlignment: Int
  /// Whether the type's layout could not be read, so that no property is kept.
  let isUnread: Bool
  /// For a layout whose properties lie in at most 64 words of a model, none
  /// aligned past a word: those words, compared a word at a time with a
  /// block, whose properties are where they are in the model.
  let span: WordSpan?

  /// The words of a model that hold a layout's properties, compared a word
  /// at a time, with no code per property unless one changed: a copy shares
  /// the storage of what it copies, so a property whose words are its copy's
  /// holds the same value.
  ///
  /// A block mirrors the words, each property at its offset from ``start``.
  /// Words between the properties (padding, or properties not kept) are
  /// never compared, copied or destroyed.
  struct WordSpan {
    /// Where the first word is in a model.
    let start: Int
    /// How many words, at most 64.
    let words: Int
    /// The words that hold a property kept, a bit each.
    let recorded: UInt64
    /// The words whose bits decide their property's value, a bit each.
    ///
    /// Each belongs whole to one property of plain data whose bits decide
    /// (``RecordedField/bitsDecide``). A change to only these is
    /// kept as the words, with no code per property.
    let decided: UInt64
    /// How many words decide: the bits set in ``decided``, counted once.
    let decidedCount: Int
  }

  /// One recorded property, as the recorder reads it.
  struct Slot {
    /// Where the property is in a model.
    let offset: Int
    /// Where its copy is in a block.
    let blockOffset: Int
    let size: Int
    let alignment: Int
    /// The size rounded up to the alignment: where a copy after a copy goes.
    let stride: Int
    let copying: Copying
    /// See ``RecordedField/bitsDecide``.
    let bitsDecide: Bool
    /// Whether a change is recorded; one that is not is kept only because
    /// the property may hold models (``mayHoldModels``).
    let isRecorded: Bool
    /// Whether the property may hold models, so that a change to it may
    /// change which models are reachable.
    let mayHoldModels: Bool
    /// The words of the layout's ``span`` the property lies in, a bit each;
    /// every bit without a span, so that it is always compared.
    let words: UInt64
    /// For a `weak` or `unowned` reference: where the `weak` note of its
    /// object is in a block, from its copy (which is the reference's bits).
    let noteOffset: Int
    // Unretained: `fields` holds it as long as the layout lives.
    let field: Unmanaged<RecordedField>

    /// Copies the property of the model at `model` to the uninitialised memory at `copy`.
    @inline(__always)
    func keep(_ model: UnsafeRawPointer, at copy: UnsafeMutableRawPointer) {
      let property = model + offset
      switch copying {
      case .word:
        Words.store(Words.loadAnyAligned(property), to: copy)
      case .bytes:
        copyBytes(copy, from: property, size: size)
      case .string:
        StringLayout.initializeCopy(at: copy, of: property)
      case .byType:
        field._withUnsafeGuaranteedRef { $0.plan.access.initializeCopy(at: copy, from: property) }
      case .reference:
        // Its bits, to compare, and a note of its object, which keeps it alive no more than
        // the reference does.
        Words.store(Words.loadAnyAligned(property), to: copy)
        let ownership = field._withUnsafeGuaranteedRef { $0.ownership }
        ObjectReference.initializeWeak(
          at: copy + noteOffset, to: ObjectReference(property).object(ownership))
      }
    }

    /// The object the property referred to when its copy was made, if it is
    /// still alive: a `weak` or `unowned` reference's.
    func notedObject(_ copy: UnsafeRawPointer) -> AnyObject? {
      ObjectReference.weakObject(at: copy + noteOffset)
    }

    /// Whether the copy at `copy` has the same bits as the property at `property`.
    @inline(__always)
    func isSame(_ copy: UnsafeRawPointer, _ property: UnsafeRawPointer) -> Bool {
      // The common sizes in a word or two, without a loop.
      switch size {
      case 8:
        return Words.loadAnyAligned(copy) == Words.loadAnyAligned(property)
      case 16:
        return Words.sameTwo(copy, property)
      default:
        return bitwiseEqual(copy, property, size: size)
      }
    }

    /// Destroys the copy at `copy`.
    @inline(__always)
    func destroy(_ copy: UnsafeMutableRawPointer) {
      switch copying {
      case .word, .bytes:
        break
      case .string:
        destroyString(copy)
      case .byType:
        field._withUnsafeGuaranteedRef { $0.plan.access.deinitialize(at: copy) }
      case .reference:
        ObjectReference.destroyWeak(at: copy + noteOffset)
      }
    }
  }

  /// How a property's values are copied and destroyed.
  enum Copying {
    /// By their bytes, a word of them; nothing to destroy: plain data of 8 bytes.
    case word
    /// By their bytes; nothing to destroy: other plain data.
    case bytes
    /// As a `String`, in code compiled for it: strings are in most models,
    /// and a copy through the property's type costs ten times as much.
    case string
    /// Through the property's type.
    case byType
    /// A `weak` or `unowned` reference: its bits, which change when it
    /// refers to another object, and a `weak` note of its object.
    case reference
  }

  init(fields: [RecordedField], isUnread: Bool) {
    self.fields = fields
    self.isUnread = isUnread
    let span = Self.span(of: fields)
    self.span = span
    let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: fields.count)
    var size = 0
    var alignment = 1
    /// The slots of `weak` and `unowned` references, whose notes follow the copies.
    var notes: [Int] = []
    for (index, field) in fields.enumerated() {
      let blockOffset: Int
      var words = UInt64.max
      if let span {
        // The block mirrors the span: a property is where it is in the model, less the start.
        blockOffset = field.offset - span.start
        words = Self.words(of: field, from: span.start)
      } else {
        blockOffset = (size + field.alignment - 1) & ~(field.alignment - 1)
      }
      size = max(size, blockOffset + field.size)
      alignment = max(alignment, field.alignment)
      var noteOffset = 0
      if field.ownership != .strong {
        notes.append(index)
        noteOffset = -blockOffset  // Made final below, once the block's size is known.
      }
      slots.initializeElement(
        at: index,
        to: Slot(
          offset: field.offset, blockOffset: blockOffset, size: field.size,
          alignment: field.alignment,
          stride: (field.size + field.alignment - 1) & ~(field.alignment - 1),
          copying: Self.copying(of: field),
          bitsDecide: field.bitsDecide, isRecorded: field.isRecorded,
          mayHoldModels: field.plan.mayHoldModels, words: words, noteOffset: noteOffset,
          field: Unmanaged.passUnretained(field)))
    }
    // The notes of references go after the copies, a word each.
    var end = span.map { $0.words * 8 } ?? (size + 7) & ~7
    for index in notes {
      let slot = slots[index]
      slots[index] = Slot(
        offset: slot.offset, blockOffset: slot.blockOffset, size: slot.size,
        alignment: slot.alignment, stride: slot.stride, copying: slot.copying,
        bitsDecide: slot.bitsDecide, isRecorded: slot.isRecorded,
        mayHoldModels: slot.mayHoldModels, words: slot.words,
        noteOffset: end - slot.blockOffset, field: slot.field)
      end += 8
    }
    alignment = notes.isEmpty ? alignment : max(alignment, 8)
    self.slots = UnsafeBufferPointer(slots)
    blockSize = notes.isEmpty ? (span.map { $0.words * 8 } ?? size) : end
    // A span's block is read and written a word at a time, aligned: it starts at a word.
    blockAlignment = span == nil ? alignment : max(alignment, 8)
  }

  /// Copies the properties of the model at `model` into the block at `block`.
  func keep(_ model: UnsafeRawPointer, at block: UnsafeMutableRawPointer) {
    // A span's words first, as bits, so that padding and the words of
    // properties not kept compare the same; each property then copied over
    // its bits as its type copies it.
    if let span { Words.copy(span.words, to: block, from: model + span.start) }
    for slot in slots { slot.keep(model, at: block + slot.blockOffset) }
  }

  /// The words from `start` that `field` lies in, a bit each.
  private static func words(of field: RecordedField, from start: Int) -> UInt64 {
    var words: UInt64 = 0
    for word in ((field.offset - start) / 8)..<((field.offset - start + field.size + 7) / 8) {
      words |= 1 << UInt64(word)
    }
    return words
  }

  /// The span of `fields`, or `nil` when one is aligned past a word, or
  /// they lie in more than 64 words.
  private static func span(of fields: [RecordedField]) -> WordSpan? {
    guard let first = fields.map(\.offset).min(),
      let end = fields.map({ $0.offset + $0.size }).max(),
      fields.allSatisfy({ $0.alignment <= 8 })
    else { return nil }
    let start = first & ~7
    let words = (end - start + 7) / 8
    guard words <= 64 else { return nil }
    var recorded: UInt64 = 0
    var decided: UInt64 = 0
    for field in fields {
      let covered = Self.words(of: field, from: start)
      recorded |= covered
      // Whole words: no other property shares them.
      if field.bitsDecide, field.offset % 8 == 0, field.size % 8 == 0 { decided |= covered }
    }
    return WordSpan(
      start: start, words: words, recorded: recorded, decided: decided,
      decidedCount: decided.nonzeroBitCount)
  }

  private static func copying(of field: RecordedField) -> Copying {
    if field.ownership != .strong { return .reference }
    if field.isPlain { return field.size == 8 ? .word : .bytes }
    // A string as two words where it is laid out as two (``StringLayout``):
    // through its type where it is not, as on 32-bit platforms.
    return field.plan.type == String.self && StringLayout.isTwoWords ? .string : .byType
  }

  deinit {
    // Slots are plain words: nothing to deinitialize.
    slots.deallocate()
  }
}
