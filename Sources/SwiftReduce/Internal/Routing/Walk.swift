// How a dispatched action reaches its models, and how every tool sees the same tree.
//
// 1. Runtime (`Runtime/`): every raw read of the Swift ABI, one typed layout per
//    structure (`TypeMetadata`, `FieldDescriptor`, `HeapObject`, `ArrayStorage`,
//    `KeyPathLayout`, …); `Reflection.swift` is what the layers above ask of it:
//    stored properties, kinds, and the walk's reads of objects and arrays.
// 2. Types (`Types/`): `PlanCache` builds one `TypePlan` per type, the one
//    description every part uses: the walk's `Shape` and `FieldRead`s (the raw
//    reads that find every model a value or instance can hold; types that
//    cannot hold one are `inert`, listed in `PlainValues`), and, derived from
//    them on first use, the `Presentation` and named `PlanField`s snapshots
//    and copies use. `Receiver.swift` answers which models take an action and
//    casts it for those taking a family; `CollectionCursor.swift` iterates a
//    collection's elements.
// 3. Snapshots (`Snapshots/`) and 4. copies (`Copying/`) read the same plans,
//    so they show and copy exactly the models the walk reaches, in its order;
//    the differential test checks that on every generated graph.
// 5. Routing (this folder): the walk, a pre-order traversal over an explicit
//    stack (`Frame`, `VisitedSet`), makes each model's reads right after the
//    model reduces. An action of exactly a model's parameter type goes through
//    the model type's own entry (`Reducer.swift`, `ValueReducer.swift`),
//    compiled in its module. `ModelPaths` names what the walk reached by the
//    paths snapshots show.
// 6. Observation (`Observation/`), history (`History/`) and effects
//    (`Effects/`) are built on the walk: reads re-read after it, a recorder it
//    tells of each delivery, the model it is delivering to.
//
// Calls run one way, up this list: each folder names only what the folders
// before it declare (`Internal/` itself holds the debug reports all may use),
// the protocols the public files declare for models and actions, and the
// public values it makes (`TreeSnapshot` and `TreeDifference` in Snapshots,
// `Send` in Effects); `LayeringTests` checks it. The public surface (`Store`,
// `TreeSnapshot`, `TestStore`) calls into any of them.

/// One traversal of a model tree, delivering one action.
///
/// The walk is pre-order over an explicit stack, so neither a deep chain of
/// models nor a long array of them grows the thread's call stack:
///
/// - a model is reduced when it is popped, and only then are its stored
///   properties read and pushed, so children a `reduce` adds are visited and
///   children it removes are not;
/// - each model instance is reduced once, at its first pre-order position;
/// - values are entered only where their type's ``TypePlan`` says a model may
///   be inside, and instances of classes that are not models never are.
///
/// The tree may change under the walk (routing rule 13): any `reduce`, and
/// the `deinit`s and `onChange`s it sets off, may change containers above or
/// beside it. So every frame says where its contents were read (``Origin``),
/// and the walk reads that place again before using them: a model whose field
/// now holds another is passed over for what the field holds, an array that
/// was replaced is followed into its new storage, and a value entered in place
/// is found again from the class model that holds it (``Anchor``) before it is
/// reduced or read. Everything the walk reached stays alive until it ends:
/// each object read from a field is retained, and so is each storage of an
/// array the walk iterates, so a change through the owner copies that storage
/// first and the walk sees its reference change, and no address the walk
/// compares can be taken over by a new object during the dispatch.
///
/// Only ``Store``, on the main actor, starts a walk; the walk itself is not
/// isolated, so that its hot paths carry no executor checks.
struct Walk: ~Copyable {
  private let action: any Action
  private let actionType: ObjectIdentifier
  /// The action's value, for delivery to models that take its exact type.
  private let actionBytes: UnsafeRawPointer
  private let plans: PlanCache
  /// The root of the dispatch, for the paths of messages.
  private let root: AnyObject
  /// What the walk does with models that take the action.
  private let mode: Mode
  /// The models that took the action: counted when delivering, kept when collecting.
  private(set) var reached: [AnyObject] = []
  /// The value models that took the action, when collecting; each one's
  /// ``ReachedValue/position`` says which class models came before it.
  private(set) var reachedValues: [ReachedValue] = []
  /// The steps of value models' paths from their owners, when collecting:
  /// each names its parent step, `-1` for the owner itself.
  private(set) var pathSteps: [(parent: Int, step: PathStep)] = []
  /// Value models met where they cannot be changed in place, and the type
  /// of the value or model holding them: reported in debug builds.
  private(set) var notInPlace: [(model: Any.Type, container: Any.Type)] = []
  /// Arrays of value models that changed under the walk where it could not
  /// tell elements it had reduced from elements it had not: reported in debug builds.
  private(set) var indistinct: [IndistinctElements] = []
  private(set) var deliveries = 0
  /// A declaration found to leave out the action, which ends the walk.
  private(set) var falseDeclaration: FalseDeclaration?
  /// Told of each model before it reduces, while a history records; `nil` otherwise.
  private let recorder: UnretainedRecorder?

  /// What a walk does with the models that take its action.
  enum Mode {
    /// Deliver the action: a dispatch.
    case deliver
    /// Only list the models the action would be delivered to, in order.
    case collect(honoringDeclarations: Bool)
    /// List every model the walk reaches, whatever it takes, reducing nothing.
    case collectEveryModel
  }

  // The parts of a ``WalkBuffers``, taken apart so the hot paths reach them directly.
  private var stack: UnsafeStack<Frame>
  private var visited: VisitedSet
  private var retained: UnsafeStack<Unmanaged<AnyObject>>
  private var classPlans: UnsafeStack<(key: UInt, model: Unmanaged<ModelPlan>?)>
  /// Arrays of object references being iterated, and the slots of those done.
  private var objectRuns: UnsafeStack<ObjectRun>
  private var freeObjectRuns: UnsafeStack<Int>
  /// Values that may hold models, and the cursors of collections being
  /// iterated, each with the index of the field it was copied from (`-1`: none).
  private var values: [(value: Any, plan: Unmanaged<TypePlan>, source: Int)] = []
  private var cursors: [(cursor: any ElementCursor, source: Int)] = []
  /// The fields values were copied from, and their bytes then.
  private var sources: [CopySource] = []
  private var sourceBytes: [UInt8] = []
  /// Values entered where they are stored, and collections iterated in place.
  private var places: [Place] = []
  private var runs: [PlaceRun] = []
  /// The element addresses of dictionaries entered in place, and their keys
  /// when paths are kept.
  private var lists:
    [(elements: ElementPlaces, keys: [Any], keysHoldModels: Bool, type: Any.Type)] =
      []
  /// Copies of collections entered in place through the generic path, which
  /// keep their storage alive for the walk.
  private var heldStorage: [Any] = []
  /// Which positions of a changed collection the walk visited, for each ``PlaceRun``.
  private var visitedMarks: [[Bool]] = []
  /// Scratch for ``resolve(_:)``: the anchors between a place and its owner.
  private var chain: [Int] = []
  /// Whether value models' paths are kept: only when collecting.
  private let keepsPaths: Bool
  /// Whether runs of leaves are delivered in one loop each: when delivering.
  ///
  /// A recorder is told of each leaf of a run before it reduces, and of an
  /// array of value leaves before the loop over it.
  private let deliversInRuns: Bool

  /// What one walk found.
  struct Result {
    var deliveries = 0
    var reached: [AnyObject] = []
    var reachedValues: [ReachedValue] = []
    var pathSteps: [(parent: Int, step: PathStep)] = []
    var falseDeclaration: FalseDeclaration?
    var notInPlace: [(model: Any.Type, container: Any.Type)] = []
    var indistinct: [IndistinctElements] = []
  }

  /// Delivers `action` to every model reachable from `root` that handles it.
  ///
  /// - Returns: The number of models that reduced the action; in debug
  ///   builds, a declaration found to leave out a model that takes the
  ///   action, which ended the walk there (the store words the message), the
  ///   value models met where they cannot be reduced in place, and the arrays
  ///   that changed under the walk where it could not tell elements apart.
  @MainActor
  static func deliver(
    _ action: any Action, from root: AnyObject, recorder: (any DeliveryRecorder)? = nil
  ) -> Result {
    walk(action, from: root, mode: .deliver, plans: .shared, recorder: recorder)
  }

  /// Every model a dispatch would reach from `root`, in the walk's order, reducing nothing.
  @MainActor
  static func reachableModels(from root: AnyObject) -> [AnyObject] {
    walk(Unrouted(), from: root, mode: .collectEveryModel, plans: .shared).reached
  }

  /// An action no model takes, for walks that only list models.
  private struct Unrouted: Action {}

  /// The models `action` would be delivered to, in delivery order, reducing nothing.
  @MainActor
  static func recipients(of action: any Action, from root: AnyObject) -> Result {
    walk(action, from: root, mode: .collect(honoringDeclarations: true), plans: .shared)
  }

  private static func walk(
    _ action: any Action, from root: AnyObject, mode: Mode, plans: PlanCache,
    recorder: (any DeliveryRecorder)? = nil
  ) -> Result {
    func open<Concrete: Action>(_ concrete: Concrete) -> Result {
      withUnsafePointer(to: concrete) { bytes in
        var walk = Walk(
          action: action, actionBytes: UnsafeRawPointer(bytes), plans: plans, root: root,
          mode: mode, recorder: recorder)
        walk.run(from: root)
        // While the walk still holds every model it reached.
        walk.recorder?.didDeliver()
        return Result(
          deliveries: walk.deliveries, reached: walk.reached, reachedValues: walk.reachedValues,
          pathSteps: walk.pathSteps, falseDeclaration: walk.falseDeclaration,
          notInPlace: walk.notInPlace, indistinct: walk.indistinct)
      }
    }
    return open(action)
  }

  private init(
    action: any Action, actionBytes: UnsafeRawPointer, plans: PlanCache, root: AnyObject,
    mode: Mode, recorder: (any DeliveryRecorder)?
  ) {
    self.recorder = recorder.map(UnretainedRecorder.init)
    self.plans = plans
    self.root = root
    self.mode = mode
    self.action = action
    self.actionType = ObjectIdentifier(type(of: action))
    self.actionBytes = actionBytes
    if case .deliver = mode { keepsPaths = false } else { keepsPaths = true }
    if case .deliver = mode { deliversInRuns = true } else { deliversInRuns = false }
    let buffers = WalkBuffers.spare.popLast() ?? WalkBuffers()
    stack = buffers.stack
    visited = buffers.visited
    retained = buffers.retained
    objectRuns = buffers.objectRuns
    freeObjectRuns = buffers.freeObjectRuns
    classPlans = buffers.classPlans
  }

  deinit {
    var buffers = WalkBuffers(
      stack: stack, visited: visited, retained: retained, objectRuns: objectRuns,
      freeObjectRuns: freeObjectRuns, classPlans: classPlans)
    buffers.reset()
    WalkBuffers.spare.append(buffers)
  }

  private mutating func run(from root: AnyObject) {
    // The store holds the root for the whole dispatch.
    let rootAddress = UnsafeRawPointer(Unmanaged.passUnretained(root).toOpaque())
    if let model = modelPlan(of: rootAddress) { stack.append(.model(rootAddress, model, .none)) }
    while !stack.isEmpty {
      switch stack.removeLast() {
      case let .model(object, model, origin):
        if isStillThere(object, origin), visited.insert(object) { reduceAndRead(object, model) }
      case let .emptyField(origin):
        // A model stored there since is reached now, like one that replaced another.
        if let field = location(of: origin), let object = Reflection.objectAddress(at: field),
          let model = modelPlan(of: object)
        {
          retained.append(Unmanaged<AnyObject>.fromOpaque(object).retain())
          if visited.insert(object) { reduceAndRead(object, model) }
        }
      case let .objects(index):
        nextObject(index)
      case let .emptyObjects(origin, stride):
        // Elements added since are visited like those of any array.
        guard let field = location(of: origin) else { continue }
        let storage = Reflection.arrayStorage(at: field)
        let count = Reflection.arrayCount(storage: storage)
        guard count > 0 else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
        nextObject(
          startObjectRun(ObjectRun(storage: storage, count: count, stride: stride, origin: origin)))
      case let .value(index):
        let entry = values[index]
        if isCurrent(source: entry.source) { read(entry.value, entry.plan, source: entry.source) }
      case let .elements(index):
        if isCurrent(source: cursors[index].source) { nextElement(index) }
      case let .place(index):
        if resolve(index) != nil { enter(index) }
      case let .placeRun(index):
        nextInRun(index)
      case let .copyAgain(source):
        copyAgain(source)
      case let .valueLeaves(field, owner, plan):
        reduceValueLeaves(at: field, of: owner, plan)
      }
    }
  }

  // MARK: - Models

  /// Delivers the action to a model that was not visited before, then pushes what it holds.
  ///
  /// Inlined, like the old walk's loop: every model passes here, and a call
  /// per model costs more than the work around it.
  @inline(__always)
  private mutating func reduceAndRead(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) {
    let (acceptance, skipsBelow) = answer(of: model)
    if acceptance != .ignores {
      take(object, model, acceptance)
    } else if case .collectEveryModel = mode {
      reached.append(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
    }
    if skipsBelow, case .deliver = mode {
      #if DEBUG
        checkDeclaration(of: object, model.takeUnretainedValue())
      #endif
      return
    }
    if skipsBelow, case .collect(honoringDeclarations: true) = mode { return }
    guard let reads = model._withUnsafeGuaranteedRef({ $0.isLeaf ? nil : $0.reads }) else {
      if model._withUnsafeGuaranteedRef({ $0.reads == nil }) { readThroughRuntime(object, model) }
      return
    }
    let start = stack.count
    perform(reads, at: object, in: .object)
    stack.reverse(from: start)
  }

  /// How a model of `model`'s type takes the action, and whether its
  /// declaration skips what it holds.
  ///
  /// Inlined: every model asks, and most ask what the last one of their type did.
  @inline(__always)
  private func answer(of model: Unmanaged<ModelPlan>) -> (ModelPlan.Acceptance, Bool) {
    // Unmanaged, borrowed without retaining: plans live as long as the process.
    let actionType = actionType
    if let answer = model._withUnsafeGuaranteedRef({
      $0.lastActionType == actionType ? ($0.lastAcceptance, $0.lastSkipsBelow) : nil
    }) {
      return answer
    }
    return firstAnswer(of: model)
  }

  /// The answer for an action type the model's type was not asked about last.
  @inline(never)
  private func firstAnswer(of model: Unmanaged<ModelPlan>) -> (ModelPlan.Acceptance, Bool) {
    let plan = model.takeUnretainedValue()
    plan.acceptance(of: action, actionType: actionType)
    return (plan.lastAcceptance, plan.lastSkipsBelow)
  }

  /// Delivers the action to a model that takes it, or lists the model.
  @inline(__always)
  private mutating func take(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>, _ acceptance: ModelPlan.Acceptance
  ) {
    guard case .deliver = mode else {
      reached.append(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
      return
    }
    if acceptance == .exactType,
      let reducer = model._withUnsafeGuaranteedRef({ $0.objectReducer })
    {
      return deliver(to: object, reducer)
    }
    deliveries += 1
    if let recorder { recorder.willReduce(model: object) }
    Delivery.model = object
    Delivery.isValueModel = false
    model.takeUnretainedValue().receiver.deliverFamily(action, to: object)
  }

  /// Delivers the action to a class model whose `reduce(action:)` takes exactly its type.
  @inline(__always)
  private mutating func deliver(to object: UnsafeRawPointer, _ reducer: any Reducer.Type) {
    deliveries += 1
    if let recorder { recorder.willReduce(model: object) }
    Delivery.model = object
    Delivery.isValueModel = false
    reducer._reduce(exactly: actionBytes, on: object)
  }

  /// Stops the program if a model below `object` takes the action its type's declaration skips.
  private mutating func checkDeclaration(of object: UnsafeRawPointer, _ model: ModelPlan) {
    let declaring = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    let found = Self.walk(
      action, from: declaring, mode: .collect(honoringDeclarations: false), plans: plans)
    let below = found.reached.filter { $0 !== declaring }
    // The first value model below comes before the class models listed after it.
    let missed: FalseDeclaration.Missed
    if let value = found.reachedValues.first,
      value.position < (found.reached.firstIndex { $0 !== declaring } ?? .max)
    {
      missed = .value(value, steps: found.pathSteps)
    } else if let object = below.first {
      missed = .object(object)
    } else {
      return
    }
    // The walk ends here; the store stops the program with the path, on the main actor.
    falseDeclaration = FalseDeclaration(declaringType: model.type, missed: missed)
    stack.removeAll()
  }

  /// Pushes the children of a model whose layout could not be read, one runtime child at a time.
  ///
  /// The runtime shows copies, not places, so what they hold is followed as read.
  private mutating func readThroughRuntime(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) {
    let model = model.takeUnretainedValue()
    let start = stack.count
    let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    for level in model.hierarchy {
      for index in 0..<Reflection.childCount(of: instance, as: level) {
        reach(Reflection.child(of: instance, as: level, at: index), in: level, source: -1)
      }
    }
    stack.reverse(from: start)
  }

  /// Visits the next models of the array of object references in the object
  /// run at `index`, leaving the rest pushed.
  ///
  /// Slots whose model was reduced already, or that hold no model, are passed
  /// in a loop, and so are leaves, which hold nothing to push. The array is
  /// read again from where it was read before each slot, since the last
  /// `reduce` may have changed it.
  private mutating func nextObject(_ index: Int) {
    // The class of the leaf met last, when a dispatch delivers to its
    // instances without asking again: `reducer` is `nil` if they ignore the action.
    var leaves: (key: UInt, reducer: (any Reducer.Type)?) = (0, nil)
    while true {
      // In place, derived again each time round: the table grows only when a
      // model that is not a leaf is read, after which this returns.
      let run = objectRuns.base + index
      guard isCurrent(&run.pointee), run.pointee.next < run.pointee.count else { break }
      let slot =
        Reflection.arrayElements(storage: run.pointee.storage) + run.pointee.next
        * run.pointee.stride
      run.pointee.next += 1
      guard let element = Reflection.objectAddress(at: slot) else { continue }
      if Reflection.classKey(of: element) == leaves.key {
        // A leaf like the last: one that ignores the action need not be marked
        // visited, since reaching it again does nothing either.
        guard let reducer = leaves.reducer else { continue }
        if visited.insert(element) { deliver(to: element, reducer) }
        if let field = run.pointee.field {
          deliverToLeaves(&objectRuns.base[index], at: field, leaves.key, reducer)
        }
        continue
      }
      guard let model = modelPlan(of: element), visited.insert(element) else { continue }
      // A leaf pushes nothing, so the rest need not wait on the stack.
      if !model._withUnsafeGuaranteedRef({ $0.isLeaf }) {
        let below = stack.count
        stack.append(.objects(index: index))
        reduceAndRead(element, model)
        // It pushed nothing, so the run is taken next anyway: go on with it here.
        guard stack.count == below + 1 else { return }
        _ = stack.removeLast()
        continue
      }
      if deliversInRuns {
        leaves = leafClass(of: element, model)
        if leaves.key != 0 {
          // Delivered as those after it will be, which is what reduceAndRead does for a leaf.
          guard let reducer = leaves.reducer else { continue }
          deliver(to: element, reducer)
          if let field = objectRuns.base[index].field {
            deliverToLeaves(&objectRuns.base[index], at: field, leaves.key, reducer)
          }
          continue
        }
      }
      reduceAndRead(element, model)
    }
    // Done with it, and with everything its models hold: its slot is free again.
    freeObjectRuns.append(index)
  }

  /// Delivers the action to the leaves that follow in an array read from a
  /// class instance's field, while they are of the class `key`, whose
  /// instances take exactly the action's type, and the field holds the array.
  ///
  /// The loop of ``nextObject(_:)`` with only what such leaves need: the
  /// field is read again after each `reduce`, as there, and it stops at the
  /// first slot of another class, or the first change, for the full loop.
  @inline(__always)
  private mutating func deliverToLeaves(
    _ run: inout ObjectRun, at field: UnsafeRawPointer, _ key: UInt,
    _ reducer: any Reducer.Type
  ) {
    let storage = run.storage
    let (count, stride) = (run.count, run.stride)
    let elements = Reflection.arrayElements(storage: storage)
    let actionBytes = actionBytes
    var next = run.next
    var delivered = 0
    while next < count, Reflection.arrayStorage(at: field) == storage {
      guard let element = Reflection.objectAddress(at: elements + next * stride),
        Reflection.classKey(of: element) == key
      else { break }
      next += 1
      guard visited.insert(element) else { continue }
      delivered += 1
      if let recorder { recorder.willReduce(model: element) }
      Delivery.model = element
      Delivery.isValueModel = false
      reducer._reduce(exactly: actionBytes, on: element)
    }
    run.next = next
    deliveries += delivered
  }

  /// Delivers the action to the leaves of one class at the start of what is
  /// left of `run`, an array read from the field at `field`, when they ignore
  /// it or take exactly its type, as ``nextObject(_:)`` would.
  private mutating func deliverLeadingLeaves(_ run: inout ObjectRun, at field: UnsafeRawPointer) {
    let slot = Reflection.arrayElements(storage: run.storage) + run.next * run.stride
    guard run.next < run.count, let first = Reflection.objectAddress(at: slot),
      let model = modelPlan(of: first), model._withUnsafeGuaranteedRef({ $0.isLeaf })
    else { return }
    let leaves = leafClass(of: first, model)
    guard leaves.key != 0 else { return }
    if let reducer = leaves.reducer {
      return deliverToLeaves(&run, at: field, leaves.key, reducer)
    }
    // They ignore the action: passed over, as in nextObject.
    let elements = Reflection.arrayElements(storage: run.storage)
    while run.next < run.count,
      let element = Reflection.objectAddress(at: elements + run.next * run.stride),
      Reflection.classKey(of: element) == leaves.key
    {
      run.next += 1
    }
  }

  /// The class of a leaf and how its instances take the action, for leaves
  /// delivered to without asking again.
  ///
  /// That is when they ignore the action or take exactly its type; a leaf
  /// holds nothing, so a declaration of what it holds changes nothing.
  /// Otherwise the key is one no class has.
  private func leafClass(
    of element: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) -> (key: UInt, reducer: (any Reducer.Type)?) {
    switch answer(of: model).0 {
    case .ignores:
      return (Reflection.classKey(of: element), nil)
    case .exactType:
      guard let reducer = model._withUnsafeGuaranteedRef({ $0.objectReducer }) else {
        return (0, nil)
      }
      return (Reflection.classKey(of: element), reducer)
    case .family:
      return (0, nil)
    }
  }

  /// Puts `run` in a free slot of the object runs, and returns the slot.
  ///
  /// Slots are reused once their run is done, so the table holds only the runs
  /// under way, not one for every array a dispatch meets.
  private mutating func startObjectRun(_ run: ObjectRun) -> Int {
    if !freeObjectRuns.isEmpty {
      let free = freeObjectRuns.removeLast()
      objectRuns[free] = run
      return free
    }
    objectRuns.append(run)
    return objectRuns.count - 1
  }

  /// Whether the array an object run iterates is still where it was read,
  /// following it into new storage if it changed there; `false` if the value
  /// holding it is gone.
  @inline(__always)
  private mutating func isCurrent(_ run: inout ObjectRun) -> Bool {
    if let field = run.field, Reflection.arrayStorage(at: field) == run.storage { return true }
    return isCurrentAfterChecking(&run)
  }

  /// ``isCurrent(_:)`` for an array that changed, or was not read from a class instance.
  private mutating func isCurrentAfterChecking(_ run: inout ObjectRun) -> Bool {
    let address: UnsafeRawPointer
    switch run.origin.kind {
    case .none:
      return true
    case let .field(field):
      address = field
    case let .inPlace(place, offset):
      guard let base = resolve(place) else { return false }
      address = UnsafeRawPointer(base + offset)
    case let .copied(source):
      return isCurrent(source: source)
    }
    let storage = Reflection.arrayStorage(at: address)
    guard storage != run.storage else { return true }
    // Changed through its owner: go on in the array it holds now. Models
    // already reduced are passed over by the visited set, so the rest, old
    // and new, are reduced once each.
    retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
    run = ObjectRun(
      storage: storage, count: Reflection.arrayCount(storage: storage), stride: run.stride,
      origin: run.origin)
    return true
  }

  /// The model plan of the object at `object`'s class, or `nil` if it is not a model.
  private mutating func modelPlan(of object: UnsafeRawPointer) -> Unmanaged<ModelPlan>? {
    let key = Reflection.classKey(of: object)
    let slot = Int(truncatingIfNeeded: key >> 4) & (WalkBuffers.classPlanSlots - 1)
    let cached = classPlans[slot]
    if cached.key == key { return cached.model }
    let model = plans.plan(for: Reflection.classType(of: object)).model.map {
      Unmanaged.passUnretained($0)
    }
    classPlans[slot] = (key, model)
    return model
  }

  // MARK: - Checking what was read

  /// Whether the model a frame holds is still where it was read; if its
  /// field now holds something else, that is pushed in its place.
  @inline(__always)
  private mutating func isStillThere(_ object: UnsafeRawPointer, _ origin: Origin) -> Bool {
    if let field = origin.fieldAddress, Reflection.objectAddress(at: field) == object {
      return true
    }
    return isStillThereAfterChecking(object, origin)
  }

  /// ``isStillThere(_:_:)`` for a model whose field changed, or that was not read from a
  /// class instance.
  private mutating func isStillThereAfterChecking(
    _ object: UnsafeRawPointer, _ origin: Origin
  ) -> Bool {
    let field: UnsafeRawPointer
    switch origin.kind {
    case .none:
      return true
    case let .field(address):
      field = address
    case let .inPlace(place, offset):
      guard let base = resolve(place) else { return false }
      field = UnsafeRawPointer(base + offset)
    case let .copied(source):
      return isCurrent(source: source)
    }
    let now = Reflection.objectAddress(at: field)
    if now == object { return true }
    // The field was changed before the walk got to it: what it holds now is
    // what the walk visits there.
    if let now, let model = modelPlan(of: now) {
      retained.append(Unmanaged<AnyObject>.fromOpaque(now).retain())
      stack.append(.model(now, model, origin))
    }
    return false
  }

  /// Whether the field a value was copied from still holds it; the first
  /// time it does not, the field is pushed to be read again.
  @inline(__always)
  private mutating func isCurrent(source: Int) -> Bool {
    guard source >= 0 else { return true }
    if sources[source].isStale { return false }
    let (start, size) = (sources[source].bytes, sources[source].size)
    if let field = location(of: sources[source].origin),
      sourceBytes.withUnsafeBytes({
        UnsafeRawBufferPointer(rebasing: $0[start..<start + size]).elementsEqual(
          UnsafeRawBufferPointer(start: field, count: size))
      })
    {
      return true
    }
    sources[source].isStale = true
    stack.append(.copyAgain(source: source))
    return false
  }

  /// The address of a field an origin names, or `nil` if the value holding it is gone.
  private mutating func location(of origin: Origin) -> UnsafeRawPointer? {
    switch origin.kind {
    case let .field(address): return address
    case let .inPlace(place, offset): return resolve(place).map { UnsafeRawPointer($0 + offset) }
    case .none, .copied: return nil
    }
  }

  /// Remembers the field at `address` that a value of `plan`'s type is copied from.
  private mutating func recordSource(
    _ origin: Origin, _ plan: Unmanaged<TypePlan>, at address: UnsafeRawPointer,
    in container: Any.Type
  ) -> Int {
    let size = plan._withUnsafeGuaranteedRef { $0.access.size }
    sources.append(
      CopySource(
        origin: origin, plan: plan, container: container, bytes: sourceBytes.count, size: size))
    sourceBytes.append(contentsOf: UnsafeRawBufferPointer(start: address, count: size))
    return sources.count - 1
  }

  /// Reads a field again whose value changed after the walk copied it out.
  private mutating func copyAgain(_ index: Int) {
    let source = sources[index]
    guard let field = location(of: source.origin) else { return }
    let value = source.plan._withUnsafeGuaranteedRef { $0.access.load(from: field) }
    let start = stack.count
    let again = recordSource(source.origin, source.plan, at: field, in: source.container)
    reach(value, source.plan, in: source.container, source: again)
    stack.reverse(from: start)
  }

  // MARK: - Reading

  /// What holds the fields a list of reads is made in.
  private enum Container {
    /// A model instance: its `var`s holding value models are entered in place.
    case object
    /// A value entered in place, in the place list at the index.
    case place(Int)
    /// A copy, whose value models cannot be changed: `type` is its type, for
    /// reports, and `source` the field it was copied from (`-1`: none).
    case copy(Any.Type, source: Int)
  }

  /// Where a read at `offset` in `container`, whose fields are at `base`, was made.
  @inline(__always)
  private func origin(_ offset: Int, at base: UnsafeRawPointer, in container: Container) -> Origin {
    switch container {
    case .object: .field(base + offset)
    case let .place(index): .inPlace(index, offset: offset)
    case let .copy(_, source): source >= 0 ? .copied(source) : .none
    }
  }

  /// Pushes what `reads` find in the instance or value at `base`, in order.
  ///
  /// Every caller reverses what this pushes and returns to ``run(from:)``,
  /// so the first frame pushed is the next one taken, before any user code
  /// runs: a field or array found empty before anything was pushed is still
  /// empty then, and is not pushed at all, and an array of value leaves is
  /// reduced at once (the reads after it are then made after it reduced,
  /// which is what the walk does for every model).
  private mutating func perform(
    _ reads: UnsafeBufferPointer<FieldRead>, at base: UnsafeRawPointer, in container: Container
  ) {
    let start = stack.count
    for read in reads {
      switch read {
      case let .object(offset, .strong), let .object(offset, .unmanaged):
        guard let object = Reflection.objectAddress(at: base + offset) else {
          // Empty now, but a model may be stored there before the walk gets to it; a
          // copy cannot change without its source, which is checked instead.
          if case .copy = container { continue }
          if stack.count == start { continue }
          stack.append(.emptyField(origin(offset, at: base, in: container)))
          continue
        }
        guard let model = modelPlan(of: object) else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(object).retain())
        stack.append(.model(object, model, origin(offset, at: base, in: container)))
      case let .object(offset, ownership):
        // A weak or unowned reference is followed as it was read.
        guard let object = Reflection.loadObject(at: base + offset, ownership) else { continue }
        reach(object, origin: .none)
      case let .objectArray(offset, stride):
        let storage = Reflection.arrayStorage(at: base + offset)
        let count = Reflection.arrayCount(storage: storage)
        guard count > 0 else {
          // Elements may be added before the walk gets to it, unless it is a copy.
          if case .copy = container { continue }
          if stack.count == start { continue }
          stack.append(.emptyObjects(origin(offset, at: base, in: container), stride: stride))
          continue
        }
        retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
        var run = ObjectRun(
          storage: storage, count: count, stride: stride,
          origin: origin(offset, at: base, in: container))
        if stack.count == start, deliversInRuns, let field = run.field {
          // Taken next: its leading leaves are delivered now, and it is pushed
          // only if slots are left, or a reduce changed it.
          deliverLeadingLeaves(&run, at: field)
          if run.next == run.count, Reflection.arrayStorage(at: field) == storage { continue }
        }
        stack.append(.objects(index: startObjectRun(run)))
      case let .value(offset, plan):
        let value = plan._withUnsafeGuaranteedRef { $0.access.load(from: base + offset) }
        let type = containerType(of: base, container)
        if case let .copy(_, source) = container {
          reach(value, plan, in: type, source: source)
        } else {
          let source = recordSource(
            origin(offset, at: base, in: container), plan, at: base + offset, in: type)
          reach(value, plan, in: type, source: source)
        }
      case let .place(offset, plan, property):
        let address = UnsafeMutableRawPointer(mutating: base + offset)
        switch container {
        case .object:
          #if !(_runtime(_ObjC) || SWIFTREDUCE_PORTABLE_TRAVERSAL)
            if offset == property, deliversInRuns, leafValueElements(of: plan) != nil {
              // Taken next, so reduced now: what follows is read after, as it would be.
              if stack.count == start {
                reduceValueLeaves(at: address, of: base, plan)
              } else {
                stack.append(.valueLeaves(field: address, owner: base, plan))
              }
              continue
            }
          #endif
          push(
            Place(
              address: address, plan: plan,
              access: UnsafeMutableRawPointer(mutating: base + property),
              owner: base,
              path: step(.field(in: Reflection.classType(of: base), offset: offset), after: -1),
              anchor: .owner))
        case let .place(index):
          let outer = places[index]
          push(
            Place(
              address: address, plan: plan, access: outer.access, owner: outer.owner,
              path: step(
                .field(in: outer.plan.takeUnretainedValue().type, offset: offset), after: outer.path
              ), anchor: .inside(index, offset: offset)))
        case let .copy(type, source):
          let value = plan._withUnsafeGuaranteedRef { $0.access.load(from: base + offset) }
          reach(value, plan, in: type, source: source)
        }
      }
    }
  }

  /// The type holding fields at `base`, for reports of value models that cannot be changed.
  private func containerType(of base: UnsafeRawPointer, _ container: Container) -> Any.Type {
    switch container {
    case .object: Reflection.classType(of: base)
    case let .place(index): places[index].plan.takeUnretainedValue().type
    case let .copy(type, _): type
    }
  }

  /// Reads a value that may hold models, by its plan.
  private mutating func read(_ value: Any, _ plan: Unmanaged<TypePlan>, source: Int) {
    let start = stack.count
    let type = plan.takeUnretainedValue().type
    switch plan.takeUnretainedValue().shape {
    case let .fields(reads):
      plan._withUnsafeGuaranteedRef { $0.access }.withBytes(of: value) {
        perform(reads, at: $0, in: .copy(type, source: source))
      }
    case let .valueModel(model):
      // A copy: the models it holds are routed, it is not reduced.
      if let reads = model.reads {
        plan._withUnsafeGuaranteedRef { $0.access }.withBytes(of: value) {
          perform(reads, at: $0, in: .copy(type, source: source))
        }
      } else {
        readChildren(of: value, as: type, source: source)
      }
    case let .optional(optionalType):
      if let wrapped = optionalType.unwrap(value) { reach(wrapped, in: type, source: source) }
    case let .elements(collectionType):
      if let cursor = collectionType.makeCursor(over: value) {
        cursors.append((cursor, source))
        stack.append(.elements(index: cursors.count - 1))
      }
    case .allChildren:
      readChildren(of: value, as: type, source: source)
    case .inert, .model, .opaqueObject, .deferred:
      return
    }
    stack.reverse(from: start)
  }

  /// Pushes every child the runtime shows of `value`, read as `type`.
  private mutating func readChildren(of value: Any, as type: Any.Type, source: Int) {
    for index in 0..<Reflection.childCount(of: value, as: type) {
      reach(Reflection.child(of: value, as: type, at: index), in: type, source: source)
    }
  }

  /// Visits the next element of the collection whose cursor is at `index`, leaving the cursor pushed.
  private mutating func nextElement(_ index: Int) {
    guard let element = cursors[index].cursor.next() else { return }
    stack.append(.elements(index: index))
    reach(element, in: cursors[index].cursor.collectionType, source: cursors[index].source)
  }

  // MARK: - Reaching

  /// Pushes a value found in a field, a payload or a collection of a value
  /// of type `container`, if it may hold models; `source` is the field it was
  /// copied from.
  private mutating func reach(_ value: Any, in container: Any.Type, source: Int) {
    let plan = plans.plan(for: type(of: value))
    reach(value, Unmanaged.passUnretained(plan), in: container, source: source)
  }

  private mutating func reach(
    _ value: Any, _ plan: Unmanaged<TypePlan>, in container: Any.Type, source: Int
  ) {
    switch plan.takeUnretainedValue().shape {
    case .inert, .opaqueObject:
      return
    case .model:
      reach(value as AnyObject, origin: source >= 0 ? .copied(source) : .none)
    case .deferred:
      // An existential is opened, and a recursive type's plan finished, by now.
      reach(value, in: container, source: source)
    case .valueModel:
      // Met in a copy: a `let`, a set element, an enum payload or an existential.
      #if DEBUG
        notInPlace.append((plan.takeUnretainedValue().type, container))
      #endif
      values.append((value, plan, source))
      stack.append(.value(index: values.count - 1))
    case .fields, .optional, .elements, .allChildren:
      values.append((value, plan, source))
      stack.append(.value(index: values.count - 1))
    }
  }

  /// Pushes an object, if it is a model, keeping it alive for the dispatch.
  private mutating func reach(_ object: AnyObject, origin: Origin) {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    guard let model = modelPlan(of: address) else { return }
    retained.append(Unmanaged.passRetained(object))
    stack.append(.model(address, model, origin))
  }

  // MARK: - Values in place

  /// Pushes a value to enter where it is stored.
  private mutating func push(_ place: Place) {
    places.append(place)
    stack.append(.place(index: places.count - 1))
  }

  /// The index of a new step of a value model's path, after the step at
  /// `parent`; `-1`, keeping nothing, unless paths are kept.
  private mutating func step(_ step: @autoclosure () -> PathStep, after parent: Int) -> Int {
    guard keepsPaths else { return -1 }
    pathSteps.append((parent, step()))
    return pathSteps.count - 1
  }

  /// The address of the place at `index`, found again from the class model
  /// that holds it; `nil` if the value holding it is gone: an optional that
  /// is `nil` now, or an element removed from its collection.
  ///
  /// Collections on the way that changed are followed into the storage their
  /// owners hold now (``realign(_:at:)``), so the address is always one the
  /// owner holds.
  private mutating func resolve(_ index: Int) -> UnsafeMutableRawPointer? {
    if case .owner = places[index].anchor { return places[index].address }
    // Up to the owner, then down again: each step is checked from the one above it.
    chain.removeAll(keepingCapacity: true)
    var next = index
    while true {
      switch places[next].anchor {
      case .owner:
        break
      case let .inside(parent, _), let .payload(parent):
        chain.append(next)
        next = parent
        continue
      case let .element(run):
        chain.append(next)
        // A run is `-2 - index`, so it cannot be taken for a place.
        chain.append(-2 - run)
        next = runs[run].collection
        continue
      }
      break
    }
    var address = places[next].address
    var position = chain.count - 1
    while position >= 0 {
      let link = chain[position]
      position -= 1
      if link < 0 {
        let run = -2 - link
        guard checkRun(run, at: address), runs[run].active >= 0 else { return nil }
        address = self.address(of: runs[run].active, in: runs[run])
        continue
      }
      switch places[link].anchor {
      case .owner, .element:
        break
      case let .inside(_, offset):
        address += offset
      case let .payload(parent):
        guard case let .optional(optionalType) = places[parent].plan.takeUnretainedValue().shape,
          optionalType.hasWrapped(at: address)
        else { return nil }
      }
      places[link].address = address
    }
    return address
  }

  /// Enters the value at the place at `index` where it is stored: a value
  /// model is reduced there, and what a value holds is read there, so the
  /// value models inside it are too.
  private mutating func enter(_ index: Int) {
    let start = stack.count
    let place = places[index]
    let plan = place.plan.takeUnretainedValue()
    switch plan.shape {
    case let .valueModel(model):
      return reduceAndRead(place: index, Unmanaged.passUnretained(model))
    case let .fields(reads):
      perform(reads, at: place.address, in: .place(index))
    case let .optional(optionalType):
      // The payload of a single-payload enum is stored at its start.
      guard optionalType.hasWrapped(at: place.address) else { return }
      let wrapped = Unmanaged.passUnretained(plans.plan(for: optionalType.wrappedType))
      places.append(
        Place(
          address: place.address, plan: wrapped, access: place.access, owner: place.owner,
          path: place.path, anchor: .payload(index)))
      return enter(places.count - 1)
    case let .elements(collectionType):
      guard let placed = placedElements(of: place.plan, collectionType) else {
        return copy(index)
      }
      startRun(of: index, placed, collectionType)
      return
    case .deferred:
      // A struct met inside itself: its plan is finished by now.
      let finished = plans.plan(for: plan.type)
      guard finished !== plan else { return }
      places.append(place.retyped(Unmanaged.passUnretained(finished)))
      return enter(places.count - 1)
    case .inert, .model, .opaqueObject, .allChildren:
      return copy(index)
    }
    stack.reverse(from: start)
  }

  /// Reads the value at a place as a copy: what it holds cannot be changed in place.
  private mutating func copy(_ index: Int) {
    let place = places[index]
    let type = place.plan.takeUnretainedValue().type
    let start = stack.count
    let source = recordSource(
      .inPlace(index, offset: 0), place.plan, at: place.address, in: type)
    reach(
      place.plan._withUnsafeGuaranteedRef { $0.access.load(from: place.address) }, place.plan,
      in: type, source: source)
    stack.reverse(from: start)
  }

  /// Starts iterating, in place, the collection at the place at `index`.
  private mutating func startRun(
    of index: Int, _ placed: PlacedElements, _ collectionType: any StandardCollection.Type
  ) {
    let place = places[index]
    let element = place.retyped(placed.elementPlan)
    guard let layout = elementLayout(at: place.address, placed, collectionType) else { return }
    let size = place.plan._withUnsafeGuaranteedRef { $0.access.size }
    runs.append(
      PlaceRun(
        first: layout.first, stride: layout.stride, count: layout.count, next: 0,
        list: layout.list, collection: index, element: element,
        words: CollectionWords(at: place.address, size: size)))
    stack.append(.placeRun(index: runs.count - 1))
  }

  /// Where the elements of the collection at `address` are, after making its
  /// storage unique and holding it for the walk; `nil` if it is empty.
  private mutating func elementLayout(
    at address: UnsafeMutableRawPointer, _ placed: PlacedElements,
    _ collectionType: any StandardCollection.Type
  ) -> (first: UnsafeMutableRawPointer?, stride: Int, count: Int, list: Int)? {
    let stride = placed.elementPlan._withUnsafeGuaranteedRef { $0.access.stride }
    if placed.isArray, let storage = uniqueArrayStorage(at: address, placed) {
      return (
        UnsafeMutableRawPointer(mutating: Reflection.arrayElements(storage: storage)), stride,
        Reflection.arrayCount(storage: storage), -1
      )
    }
    guard let elements = placed.mutable.elementPlaces(at: address) else { return nil }
    guard elements.first == nil else {
      // Its copy holds the storage for the walk, as a retain does on the direct path: a
      // change through the owner then copies it, and what the walk read stays readable.
      heldStorage.append(elements.storage)
      return (elements.first, elements.stride, elements.count, -1)
    }
    // A dictionary's keys cannot change in place, but the models they
    // hold are routed, each before its value.
    var keysHoldModels = false
    if case let .keys(keyType) = collectionType.order {
      keysHoldModels = plans.plan(for: keyType).mayHoldModels
    }
    let keys =
      keepsPaths || keysHoldModels ? collectionType.keys(of: elements.storage) : []
    lists.append((elements, keys, keysHoldModels, placed.elementPlan.takeUnretainedValue().type))
    return (nil, 0, elements.count, lists.count - 1)
  }

  /// Whether the collection of the run at `index`, at `address`, is still the
  /// one the walk iterates, following it into its new storage if it changed;
  /// `false` if it has no elements left to visit.
  private mutating func checkRun(_ index: Int, at address: UnsafeMutableRawPointer) -> Bool {
    guard !runs[index].isGone else { return false }
    let size = places[runs[index].collection].plan._withUnsafeGuaranteedRef { $0.access.size }
    if CollectionWords(at: address, size: size) != runs[index].words {
      realign(index, at: address)
    }
    return !runs[index].isGone
  }

  /// Enters the next element of the collection whose run is at `index`, leaving the run pushed.
  private mutating func nextInRun(_ index: Int) {
    guard let collection = resolve(runs[index].collection), checkRun(index, at: collection) else {
      runs[index].isGone = true
      return
    }
    // The element the walk was in is done, with everything it holds.
    runs[index].active = -1
    var position = runs[index].next
    let marks = runs[index].visited
    let hasVisited = marks >= 0
    if hasVisited {
      while position < runs[index].count, visitedMarks[marks][position] { position += 1 }
    }
    guard position < runs[index].count else {
      runs[index].next = position
      return
    }
    let keysHoldModels = runs[index].list >= 0 && lists[runs[index].list].keysHoldModels
    if position == 0, !hasVisited, !keysHoldModels, case .deliver = mode,
      deliverToLeaves(of: index)
    {
      runs[index].next = runs[index].count
      return
    }
    runs[index].next = position + 1
    runs[index].active = position
    if hasVisited { visitedMarks[marks][position] = true }
    stack.append(.placeRun(index: index))
    let run = runs[index]
    let step: PathStep
    if run.list < 0 || lists[run.list].keys.isEmpty {
      step = .index(position)
    } else {
      step = .key(lists[run.list].keys[position])
    }
    places.append(
      Place(
        address: address(of: position, in: run), plan: run.element.plan,
        access: run.element.access, owner: run.element.owner,
        path: self.step(step, after: run.element.path), anchor: .element(run: index)))
    guard keysHoldModels else { return enter(places.count - 1) }
    // The value waits on the stack under its key, which is read first.
    stack.append(.place(index: places.count - 1))
    reach(lists[run.list].keys[position], in: lists[run.list].type, source: -1)
  }

  /// The address of the element at `position` of a run.
  @inline(__always)
  private func address(of position: Int, in run: PlaceRun) -> UnsafeMutableRawPointer {
    if let first = run.first { return first + position * run.stride }
    return lists[run.list].elements.list[position]
  }

  /// Delivers the action to every element of a run of value models that
  /// hold nothing to route, in one loop; returns `false`, doing nothing, if
  /// the elements are not such value models.
  ///
  /// The elements are all of one type, so they take the action alike, and
  /// no code but their reducers runs between them: the holding property is
  /// modified once, for the whole run, so none of them can change the
  /// collection. Where the runtime's access checks cannot be called, each
  /// element is entered on its own, checked like any other.
  private mutating func deliverToLeaves(of index: Int) -> Bool {
    let run = runs[index]
    guard let model = run.element.plan._withUnsafeGuaranteedRef({ $0.valueModel }),
      model.isLeaf
    else { return false }
    let (acceptance, _) = answer(of: Unmanaged.passUnretained(model))
    guard acceptance != .ignores else { return true }
    guard Exclusivity.isChecked else { return false }
    if let recorder {
      recorder.willReduce(valueIn: run.element.owner, property: run.element.access)
    }
    deliveries += run.count
    Delivery.model = run.element.owner
    Delivery.isValueModel = true
    let receiver = model.receiver
    let reducer = model.valueReducer.unsafelyUnwrapped
    let actionBytes = actionBytes
    if acceptance == .exactType, let first = run.first {
      // Contiguous elements: one loop in the model's own module.
      Exclusivity.modifying(run.element.access) {
        reducer._reduce(exactly: actionBytes, onEach: first, count: run.count)
      }
      return true
    }
    let action = action
    let places = (0..<run.count).map { address(of: $0, in: run) }
    Exclusivity.modifying(run.element.access) {
      for place in places {
        if acceptance == .exactType {
          reducer._reduce(exactly: actionBytes, onEach: place, count: 1)
        } else {
          receiver.deliverFamily(action, to: place)
        }
      }
    }
    return true
  }

  /// The plan of the elements of an `Array` or `ContiguousArray` type of
  /// value models that hold nothing to route, or `nil` for any other type.
  private func leafValueElements(of plan: Unmanaged<TypePlan>) -> Unmanaged<TypePlan>? {
    if let made = plan._withUnsafeGuaranteedRef({ $0.leafValueElementsIfMade }) { return made }
    var made: Unmanaged<TypePlan>?
    if case let .elements(collectionType) = plan.takeUnretainedValue().shape,
      let placed = placedElements(of: plan, collectionType), placed.isArray,
      let model = placed.elementPlan.takeUnretainedValue().valueModel, model.isLeaf,
      model.valueReducer != nil,
      placed.elementPlan.takeUnretainedValue().access.alignment <= 16
    {
      made = placed.elementPlan
    }
    plan.takeUnretainedValue().leafValueElementsIfMade = .some(made)
    return made
  }

  /// Reduces, in one loop, the value models of the array in the field at
  /// `field` of the class model at `owner`, which hold nothing to route.
  ///
  /// What ``deliverToLeaves(of:)`` does, without entering the array as a
  /// place first: the array is read from its field when the walk reaches it,
  /// made unique, and reduced while the field is being modified, so no
  /// `reduce` can change it. An array whose storage is shared, or whose
  /// elements take the action as one of a family, is entered as a place.
  private mutating func reduceValueLeaves(
    at field: UnsafeMutableRawPointer, of owner: UnsafeRawPointer, _ plan: Unmanaged<TypePlan>
  ) {
    let storage = Reflection.arrayStorage(at: field)
    let count = Reflection.arrayCount(storage: storage)
    guard count > 0 else { return }
    // Made on the frame's push, so only read here.
    let model = plan._withUnsafeGuaranteedRef {
      $0.leafValueElementsIfMade.unsafelyUnwrapped.unsafelyUnwrapped
    }._withUnsafeGuaranteedRef { $0.valueModel.unsafelyUnwrapped }
    let (acceptance, _) = answer(of: Unmanaged.passUnretained(model))
    guard acceptance != .ignores else { return }
    var inOneLoop =
      acceptance == .exactType && Exclusivity.isChecked && model.valueReducer != nil
      && RuntimeFunctions.isUniquelyReferenced(storage)
    if inOneLoop, let recorder {
      recorder.willReduce(valueIn: owner, property: field)
      // The recorder keeps a copy that shares nothing with the array; were it
      // shared all the same, the array is entered as a place, which the
      // recorder, told already, passes over.
      inOneLoop = RuntimeFunctions.isUniquelyReferenced(storage)
    }
    guard inOneLoop, let reducer = model.valueReducer else {
      push(
        Place(
          address: field, plan: plan, access: field, owner: owner,
          path: step(
            .field(in: Reflection.classType(of: owner), offset: UnsafeRawPointer(field) - owner),
            after: -1),
          anchor: .owner))
      return
    }
    deliveries += count
    Delivery.model = owner
    Delivery.isValueModel = true
    let actionBytes = actionBytes
    let first = UnsafeMutableRawPointer(mutating: Reflection.arrayElements(storage: storage))
    Exclusivity.modifying(field) {
      reducer._reduce(exactly: actionBytes, onEach: first, count: count)
    }
  }

  /// How the collection type of `plan` is entered in place, or `nil` if it is not.
  private func placedElements(
    of plan: Unmanaged<TypePlan>, _ collectionType: any StandardCollection.Type
  ) -> PlacedElements? {
    if let made = plan._withUnsafeGuaranteedRef({ $0.placedElementsIfMade }) { return made }
    let made = (collectionType as? any MutableElements.Type).map { mutable in
      PlacedElements(
        mutable: mutable,
        elementPlan: Unmanaged.passUnretained(plans.plan(for: mutable.placedElementType)),
        isArray: mutable.isArray)
    }
    plan.takeUnretainedValue().placedElementsIfMade = .some(made)
    return made
  }

  /// The storage of the array at `address`, read directly and retained for
  /// the walk; `nil` when it is empty, shared (to be copied before it
  /// changes, by the generic path) or cannot be read.
  private mutating func uniqueArrayStorage(
    at address: UnsafeMutableRawPointer, _ placed: PlacedElements
  ) -> UnsafeRawPointer? {
    #if _runtime(_ObjC) || SWIFTREDUCE_PORTABLE_TRAVERSAL
      return nil
    #else
      guard placed.elementPlan._withUnsafeGuaranteedRef({ $0.access.alignment }) <= 16 else {
        return nil
      }
      let storage = Reflection.arrayStorage(at: address)
      let count = Reflection.arrayCount(storage: storage)
      guard count > 0, RuntimeFunctions.isUniquelyReferenced(storage) else { return nil }
      retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
      return storage
    #endif
  }

  /// Delivers the action to a value model where it is stored, then pushes what it holds.
  private mutating func reduceAndRead(place index: Int, _ model: Unmanaged<ModelPlan>) {
    let (acceptance, _) = answer(of: model)
    if acceptance != .ignores {
      take(places[index], model, acceptance)
    } else if case .collectEveryModel = mode {
      reachedValues.append(reachedValue(at: places[index]))
    }
    // Its own reduce cannot change what holds it (the holding property was
    // being modified), but where the runtime's access checks cannot be
    // called, that is checked.
    guard Exclusivity.isChecked || resolve(index) != nil else { return }
    let place = places[index]
    guard let reads = model._withUnsafeGuaranteedRef({ $0.isLeaf ? nil : $0.reads }) else {
      if model._withUnsafeGuaranteedRef({ $0.reads == nil }) {
        let plan = place.plan.takeUnretainedValue()
        let start = stack.count
        let source = recordSource(
          .inPlace(index, offset: 0), place.plan, at: place.address, in: plan.type)
        readChildren(of: plan.access.load(from: place.address), as: plan.type, source: source)
        stack.reverse(from: start)
      }
      return
    }
    let start = stack.count
    perform(reads, at: place.address, in: .place(index))
    stack.reverse(from: start)
  }

  /// Delivers the action to a value model that takes it, or lists the model.
  private mutating func take(
    _ place: Place, _ model: Unmanaged<ModelPlan>, _ acceptance: ModelPlan.Acceptance
  ) {
    guard case .deliver = mode else {
      reachedValues.append(reachedValue(at: place))
      return
    }
    deliveries += 1
    if let recorder { recorder.willReduce(valueIn: place.owner, property: place.access) }
    Delivery.model = place.owner
    Delivery.isValueModel = true
    let address = UnsafeRawPointer(place.address)
    // The class property holding the value is being modified while it reduces.
    if acceptance == .exactType {
      let actionBytes = actionBytes
      let reducer = model._withUnsafeGuaranteedRef { $0.valueReducer.unsafelyUnwrapped }
      Exclusivity.modifying(place.access) {
        reducer._reduce(exactly: actionBytes, onEach: place.address, count: 1)
      }
    } else {
      let action = action
      Exclusivity.modifying(place.access) {
        model.takeUnretainedValue().receiver.deliverFamily(action, to: address)
      }
    }
  }

  /// A collected value model: where it sits, and a copy of it.
  private func reachedValue(at place: Place) -> ReachedValue {
    let plan = place.plan.takeUnretainedValue()
    return ReachedValue(
      position: reached.count,
      owner: Unmanaged<AnyObject>.fromOpaque(place.owner).takeUnretainedValue(),
      path: place.path, value: plan.access.load(from: place.address))
  }

  // MARK: - Collections that changed

  /// Goes on with the collection of the run at `index`, changed through its
  /// owner, in the storage the owner holds now (routing rule 13).
  ///
  /// The storage the walk held keeps the elements as they were, so each new
  /// element is matched with an old one: by key in a dictionary; in an array
  /// by `id`, value or snapshot (``ElementIdentity``). The walk then goes
  /// over the new collection from its start, passing the elements matched
  /// with ones it visited, and finds the element it is in, if it is still there.
  private mutating func realign(_ index: Int, at address: UnsafeMutableRawPointer) {
    let run = runs[index]
    let elementPlan = run.element.plan.takeUnretainedValue()
    let collectionPlan = places[run.collection].plan
    guard case let .elements(collectionType) = collectionPlan.takeUnretainedValue().shape,
      let placed = placedElements(of: collectionPlan, collectionType)
    else {
      runs[index].isGone = true
      return
    }
    // What the walk had: keys of the old elements, and which it visited.
    let isDictionary = run.list >= 0
    let old: [AnyHashable] =
      isDictionary
      ? collectionType.keys(of: lists[run.list].elements.storage).map(ElementIdentity.key(of:))
      : (0..<run.count).map {
        ElementIdentity.identity(
          of: elementPlan.access.load(from: self.address(of: $0, in: run)), elementPlan)
      }
    let oldVisited = (0..<run.count).map {
      run.visited < 0 ? $0 < run.next : visitedMarks[run.visited][$0]
    }
    // What the owner holds now.
    let size = collectionPlan._withUnsafeGuaranteedRef { $0.access.size }
    guard let layout = elementLayout(at: address, placed, collectionType) else {
      runs[index].words = CollectionWords(at: address, size: size)
      runs[index].count = 0
      runs[index].active = -1
      return
    }
    runs[index].first = layout.first
    runs[index].count = layout.count
    runs[index].list = layout.list
    runs[index].words = CollectionWords(at: address, size: size)
    let new: [AnyHashable] =
      isDictionary
      ? collectionType.keys(of: lists[layout.list].elements.storage).map(ElementIdentity.key(of:))
      : (0..<layout.count).map {
        ElementIdentity.identity(
          of: elementPlan.access.load(from: self.address(of: $0, in: self.runs[index])),
          elementPlan)
      }
    let matched = ElementIdentity.match(
      old: old, visited: oldVisited, active: run.active, new: new, atEnds: !isDictionary)
    runs[index].next = 0
    visitedMarks.append(matched.visited)
    runs[index].visited = visitedMarks.count - 1
    runs[index].active = matched.active
    if matched.isAmbiguous, case .deliver = mode {
      indistinct.append(
        IndistinctElements(
          elementType: elementPlan.type, collection: collectionPlan.takeUnretainedValue().type,
          owner: Unmanaged<AnyObject>.fromOpaque(run.element.owner).takeUnretainedValue(),
          steps: pathSteps(to: run.collection)))
    }
  }

  /// The steps of the path from its owner to the place at `index`, for messages.
  private func pathSteps(to index: Int) -> [PathStep] {
    var steps: [PathStep] = []
    var next = index
    while true {
      let place = places[next]
      switch place.anchor {
      case .owner:
        steps.append(
          .field(
            in: Reflection.classType(of: place.owner),
            offset: UnsafeRawPointer(place.address) - place.owner))
        return steps.reversed()
      case let .inside(parent, offset):
        steps.append(.field(in: places[parent].plan.takeUnretainedValue().type, offset: offset))
        next = parent
      case let .payload(parent):
        next = parent
      case let .element(run):
        let position = max(runs[run].active, 0)
        if runs[run].list >= 0, !lists[runs[run].list].keys.isEmpty {
          steps.append(.key(lists[runs[run].list].keys[position]))
        } else {
          steps.append(.index(position))
        }
        next = runs[run].collection
      }
    }
  }
}

/// One step of a value model's path from the class model that holds it.
enum PathStep {
  /// The stored property at `offset` in a value or instance of type `in`,
  /// looking through inline structs and tuples.
  case field(in: Any.Type, offset: Int)
  case index(Int)
  case key(Any)
}

/// A value model a collecting walk found: a copy of it, and where it sits.
struct ReachedValue {
  /// How many class models were found before it.
  let position: Int
  /// The class model whose property holds it.
  let owner: AnyObject
  /// The last step of its path from the owner, in the walk's steps.
  let path: Int
  let value: Any
}

/// A ``Reducer/handledBelow`` declaration that leaves out an action a model below takes.
struct FalseDeclaration {
  let declaringType: Any.Type
  /// The first model below the declaring one that takes the action.
  let missed: Missed

  enum Missed {
    case object(AnyObject)
    /// A value model, with the steps of the walk that found it.
    case value(ReachedValue, steps: [(parent: Int, step: PathStep)])
  }
}
