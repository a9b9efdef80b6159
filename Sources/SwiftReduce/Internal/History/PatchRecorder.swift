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
  let plans: PlanCache
  let difference: ValueDifference
  /// Whether a model's property is recorded at all, by the model's type and
  /// the property's name: the history's filter, asked once per pair.
  let isRecorded: ((_ modelType: Any.Type, _ property: String) -> Bool)?

  // Every mutable property below is @exclusivity(unchecked): the recorder is
  // told by one walk at a time, on the main actor, and its methods call no
  // code that could tell it again (reducers run between its calls); no
  // access to one overlaps another access to it.

  /// The models about to reduce, in delivery order; the walk holds them
  /// until it has told ``didDeliver()``.
  @exclusivity(unchecked) var models = UnsafeStack<Kept>()
  /// Which fields of a model not kept whole are kept, from each such model's
  /// ``Kept/flags``, one per field of its layout.
  @exclusivity(unchecked) var flags: [Bool] = []
  /// The copies, a block per model, each field at its layout's offset.
  @exclusivity(unchecked) var copies = ByteArena(capacity: 4_096)
  /// The models that hold value models in place, by address, to find their entry again.
  @exclusivity(unchecked) var positions: [UnsafeRawPointer: Int] = [:]
  @exclusivity(unchecked) var layouts: [UInt: RecordedLayout] = [:]
  /// The layouts made, in order: held by every log, which names their fields.
  @exclusivity(unchecked) var madeLayouts: [RecordedLayout] = []
  /// The class key of the last type asked about, and its layout (held in ``layouts``).
  @exclusivity(unchecked) var lastKey: UInt = 0
  @exclusivity(unchecked) var last: LayoutInHand?
  /// The class key of the last type asked about whose layout has a span and
  /// which holds no value models in place, or `0`: the
  /// key a model's is compared with on ``keepQuickly(_:)``'s short path,
  /// which reads that layout from ``flat``.
  @exclusivity(unchecked) var flatKey: UInt = 0
  @exclusivity(unchecked) var flat = FlatInHand()
  /// The addresses of the models whose plain properties changed, in order.
  @exclusivity(unchecked) var changedModels = UnsafeStack<UnsafeRawPointer>()
  /// The list of models given to the last log, shared with the next when
  /// the same models changed; weak, so as not to keep them past their steps.
  @exclusivity(unchecked) weak var lastModels: ChangedModels?
  /// How many bytes of values the last log took.
  @exclusivity(unchecked) var lastBytes = 0
  /// The changes found when the walk told ``didDeliver()``, until ``finish()``.
  @exclusivity(unchecked) var finished: ChangeLog?

  struct Kept {
    // Unmanaged: the walk holds the model until it has told `didDeliver`.
    let object: Unmanaged<AnyObject>
    // Unmanaged: `layouts` holds it as long as the recorder lives.
    let layout: Unmanaged<RecordedLayout>
    /// Where the model's block starts in ``copies``.
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
  struct LayoutInHand {
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
  struct FlatInHand {
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
    copies.free()
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

  /// The changes the dispatch made to the properties kept, model by model in
  /// delivery order, properties in declaration order.
  func finish() -> ChangeLog {
    defer { finished = nil }
    return finished ?? ChangeLog()
  }

  // MARK: - Forgetting

  /// Destroys the copies and forgets the models of a dispatch that did not finish.
  private func forget() {
    for index in 0..<models.count {
      let kept = models[index]
      for (position, slot) in kept.slots.enumerated()
      where kept.flags < 0 || flags[kept.flags + position] {
        slot.destroy(copies.address(kept.start + slot.blockOffset))
      }
    }
    models.removeAll()
    flags.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    copies.removeAll()
  }
}
