/// A copy of the recorded properties of every model reachable from a root,
/// kept between looks, so that a look finds every change made since the last
/// one, whoever made it: a reducer of any model, a `deinit`, an `onChange`, a
/// middleware, or code outside any dispatch.
///
/// A model's recorded properties are kept whole in a block of ``copies``,
/// laid out once per class (``RecordedLayout``); a copy of a collection or a
/// string shares the storage of the property, so any write to the property
/// makes the model's storage its own (copy on write), and a property whose
/// words are the copy's holds the same value. A look therefore compares words
/// first, model after model, in the order they were kept, with no walk of the
/// tree: only a property that changed is compared by its type (element by
/// element, field by field, ``ValueDifference``) and copied again. The cost
/// is per model, not per byte.
///
/// The models kept are found by the walk (``Walk/reachableModels(from:)``)
/// when the shadow is made, and again only after a look found a change to a
/// property that may hold models (the only way the reachable models can
/// change): models new to the tree are kept then, and models gone from it are
/// forgotten after their own changes (made after they left, say) were found.
/// The shadow holds every model it keeps, so that a model removed during a
/// dispatch can still be compared at its end.
final class TreeShadow {
  let plans: PlanCache
  let difference: ValueDifference
  /// Whether a model's property is recorded, by the model's type and the
  /// property's name: the history's filter, asked once per pair.
  let isRecorded: ((_ modelType: Any.Type, _ property: String) -> Bool)?

  // Every mutable property below is @exclusivity(unchecked): the shadow is
  // used on the main actor by one look at a time, and its methods call no
  // user code except the `deinit`s of the models it lets go, after its own
  // accesses end; no access to one overlaps another access to it.

  /// The models kept, in the walk's order when last found.
  @exclusivity(unchecked) var entries = UnsafeStack<Entry>(capacity: 256)
  /// The copies, a record per model in the order of ``entries``, each with
  /// its block, each field at its layout's offset: made again, in order,
  /// whenever the entries change.
  @exclusivity(unchecked) var copies = CopyRecords()
  /// Whether a model kept has a layout that could not be read: its
  /// properties cannot tell whether the models reachable changed, so every
  /// look finds them again.
  @exclusivity(unchecked) var hasUnreadModels = false
  /// Where the entries of models kept after leaving the tree begin: they
  /// follow those of the tree, to the end.
  @exclusivity(unchecked) var detachedStart = 0
  @exclusivity(unchecked) var layouts: [UInt: RecordedLayout] = [:]
  /// The layouts made, in order: held by every log, which names their fields.
  @exclusivity(unchecked) var madeLayouts: [RecordedLayout] = []
  /// The class key of the last type asked about, and its layout (held in ``layouts``).
  @exclusivity(unchecked) var lastKey: UInt = 0
  @exclusivity(unchecked) var last: Unmanaged<RecordedLayout>?
  /// The addresses of the models whose plain properties changed, in order.
  @exclusivity(unchecked) var changedModels = UnsafeStack<UnsafeRawPointer>()
  /// The list of models given to the last log, shared with the next when
  /// the same models changed; weak, so as not to keep them past their steps.
  @exclusivity(unchecked) weak var lastModels: ChangedModels?
  /// How many records and bytes of values the last log took.
  @exclusivity(unchecked) var lastRecords = 0
  @exclusivity(unchecked) var lastBytes = 0

  /// Called in a look before the copies first change where models may be
  /// held (before the tree's shape as the copies hold it is lost): the
  /// recording fixes the paths of the steps kept since.
  @exclusivity(unchecked) var beforeShapeChanges: (@MainActor () -> Void)?
  /// Whether ``beforeShapeChanges`` was called in the look under way.
  @exclusivity(unchecked) var toldOfShapeChange = false

  /// The models kept, by identity, made when first asked after the models
  /// kept changed (``findReachable(from:)`` clears it).
  @exclusivity(unchecked) var keptModels: Set<ObjectIdentifier>?

  /// Whether `model` is kept: it was reachable at the last look, or left the
  /// tree and is held elsewhere.
  func keeps(_ model: AnyObject) -> Bool {
    if keptModels == nil {
      var kept = Set<ObjectIdentifier>(minimumCapacity: entries.count)
      for index in 0..<entries.count {
        kept.insert(ObjectIdentifier(entries[index].object.takeUnretainedValue()))
      }
      keptModels = kept
    }
    return keptModels.unsafelyUnwrapped.contains(ObjectIdentifier(model))
  }

  /// The list of a log whose changes name no model by position.
  private let noModels = ChangedModels([])

  /// A model kept: retained by the shadow until it is forgotten.
  struct Entry {
    let object: Unmanaged<AnyObject>
    // Unmanaged: `layouts` holds it as long as the shadow lives.
    let layout: Unmanaged<RecordedLayout>
    /// Where the model's block starts in ``copies``.
    let start: Int

    /// The layout's slots, which it holds.
    var slots: UnsafeBufferPointer<RecordedLayout.Slot> {
      layout._withUnsafeGuaranteedRef { $0.slots }
    }
  }

  /// A shadow of every model reachable from `root` now.
  @MainActor
  init(of root: AnyObject, plans: PlanCache, isRecorded: ((Any.Type, String) -> Bool)?) {
    self.plans = plans
    self.difference = ValueDifference(plans: plans)
    self.isRecorded = isRecorded
    // Nothing is kept yet, so nothing is forgotten.
    _ = findReachable(from: root)
  }

  deinit {
    for index in 0..<entries.count { forget(entries[index]) }
    entries.free()
    changedModels.free()
    copies.free()
  }

  // MARK: - Looking

  /// The changes made to the models reachable from `root` since the last
  /// look (or since the shadow was made), in the tree's order, model by
  /// model, each model's properties in declaration order; the shadow then
  /// holds the tree as it is.
  ///
  /// A look that `expectsChanges` (after a dispatch, not before one) makes
  /// room for as many as the last that found some.
  @MainActor
  func changes(from root: AnyObject, expectsChanges: Bool = true) -> ChangeLog {
    var (log, gone) = look(from: root, expectsChanges: expectsChanges)
    // Letting go of the models that left may run their `deinit`s, which may
    // write to models still there: part of the same change. Bounded, for a
    // chain of `deinit`s that keeps removing models; what is left is found
    // by the next look.
    var rounds = 0
    while !gone.isEmpty, rounds < 16 {
      gone.removeAll()
      let (more, goneAgain) = look(from: root, expectsChanges: false)
      for change in more.changes { log.append(change) }
      gone = goneAgain
      rounds += 1
    }
    return log
  }

  /// Brings the shadow up to the tree after changes whose patches are known
  /// (an undo's, a redo's), copying what changed without comparing it by type.
  @MainActor
  func update(from root: AnyObject) {
    var rounds = 0
    let unused = ChangeLog()
    while compareAll(into: unused, logging: false) || hasUnreadModels, rounds < 16 {
      if findReachable(from: root).isEmpty { break }
      rounds += 1
    }
  }

  /// One look: the changes found by comparing every model kept, and the
  /// models that left the tree, which the caller lets go.
  @MainActor
  private func look(from root: AnyObject, expectsChanges: Bool) -> (ChangeLog, [AnyObject]) {
    let log = ChangeLog(layouts: madeLayouts)
    // As much as the last log took: a broadcast changes the same again.
    if expectsChanges { log.reserveCapacity(lastRecords, bytes: lastBytes) }
    changedModels.removeAll()
    let mayHaveMoved = compareAll(into: log)
    log.models = sharedModels()
    // A look that found nothing (most looks before a dispatch) leaves the
    // sizes of the last that found something, for the next.
    if !log.isEmpty {
      lastRecords = log.recordCount
      lastBytes = log.bytesUsed
    }
    guard mayHaveMoved || hasUnreadModels else {
      // Models that left the tree are checked on every look, a load each:
      // the step that held one may have been forgotten since.
      guard detachedStart < entries.count else { return (log, []) }
      return (log, forgetDetachedModelsNoLongerHeld())
    }
    return (log, findReachable(from: root))
  }

  /// The list of ``changedModels``: the last log's when it holds the same.
  private func sharedModels() -> ChangedModels {
    if changedModels.isEmpty { return noModels }
    if let lastModels, changedModels.withElements(lastModels.holds) { return lastModels }
    let models = ChangedModels(changedModels.withElements { Array($0) })
    lastModels = models
    return models
  }
}
