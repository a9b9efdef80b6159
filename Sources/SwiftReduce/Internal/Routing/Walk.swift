// How a dispatched action reaches its models, and how every tool sees the same tree.
//
// 1. Runtime (`Runtime/`): every raw read of the Swift ABI. `Reflection.swift`
//    describes a type's stored properties, offsets and reference ownership,
//    metadata kinds, array storage and key path layouts; `EnumPayload.swift`
//    and `CollectionLayout.swift` hold the layout facts copies need.
// 2. Types (`Types/`): `PlanCache` builds one `TypePlan` per type, the one
//    description every part uses: the walk's `Shape` and `FieldRead`s (the raw
//    reads that find every model a value or instance can hold; types that
//    cannot hold one are `inert`, listed in `PlainValues`), and, derived from
//    them on first use, the `Presentation` and named `PlanField`s snapshots
//    and copies use.
// 3. Routing (this folder): the walk, a pre-order traversal over an explicit
//    stack (`Frame`, `VisitedSet`, `CollectionCursor`), makes each model's
//    reads right after the model reduces; delivery (`Receiver.swift`) hands
//    the action to the typed `reduce(action:)`, without a cast when the types
//    match exactly.
// 4. Snapshots (`Snapshots/`) and copies (`Copying/`) read the same plans,
//    so they show and copy exactly the models the walk reaches, in its order;
//    the differential test checks that on every generated graph.
//
// Calls run one way, down this list; the public surface (`Store`,
// `TreeSnapshot`, `TestStore`) calls into the last two steps.

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
/// Everything the walk reaches stays alive until it ends: each object read
/// from a field is retained, and each array of objects is held by retaining
/// its storage, which is then never changed in place, so its elements stay
/// put. That is what lets frames hold raw pointers, and lets ``VisitedSet``
/// hold addresses that no new model can take over during the dispatch.
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
  private(set) var deliveries = 0
  /// A declaration found to leave out the action, which ends the walk.
  private(set) var falseDeclaration: FalseDeclaration?

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
  /// Values that may hold models, and the cursors of collections being iterated.
  private var values: [(value: Any, plan: Unmanaged<TypePlan>)] = []
  private var cursors: [any ElementCursor] = []
  /// Values entered where they are stored, and collections iterated in place.
  private var places: [Place] = []
  private var runs: [PlaceRun] = []
  /// The element addresses of dictionaries entered in place, and their keys
  /// when paths are kept.
  private var lists:
    [(elements: ElementPlaces, keys: [Any], keysHoldModels: Bool, type: Any.Type)] =
      []
  /// Whether value models' paths are kept: only when collecting.
  private let keepsPaths: Bool

  /// What one walk found.
  struct Result {
    var deliveries = 0
    var reached: [AnyObject] = []
    var reachedValues: [ReachedValue] = []
    var pathSteps: [(parent: Int, step: PathStep)] = []
    var falseDeclaration: FalseDeclaration?
    var notInPlace: [(model: Any.Type, container: Any.Type)] = []
  }

  /// Delivers `action` to every model reachable from `root` that handles it.
  ///
  /// - Returns: The number of models that reduced the action; in debug
  ///   builds, a declaration found to leave out a model that takes the
  ///   action, which ended the walk there (the store words the message), and
  ///   the value models met where they cannot be reduced in place.
  @MainActor
  static func deliver(_ action: any Action, from root: AnyObject) -> Result {
    walk(action, from: root, mode: .deliver, plans: .shared)
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
    _ action: any Action, from root: AnyObject, mode: Mode, plans: PlanCache
  ) -> Result {
    func open<Concrete: Action>(_ concrete: Concrete) -> Result {
      withUnsafePointer(to: concrete) { bytes in
        var walk = Walk(
          action: action, actionBytes: UnsafeRawPointer(bytes), plans: plans, root: root,
          mode: mode)
        walk.run(from: root)
        return Result(
          deliveries: walk.deliveries, reached: walk.reached, reachedValues: walk.reachedValues,
          pathSteps: walk.pathSteps, falseDeclaration: walk.falseDeclaration,
          notInPlace: walk.notInPlace)
      }
    }
    return open(action)
  }

  private init(
    action: any Action, actionBytes: UnsafeRawPointer, plans: PlanCache, root: AnyObject,
    mode: Mode
  ) {
    self.plans = plans
    self.root = root
    self.mode = mode
    self.action = action
    self.actionType = ObjectIdentifier(type(of: action))
    self.actionBytes = actionBytes
    if case .deliver = mode { keepsPaths = false } else { keepsPaths = true }
    let buffers = plans.spareBuffers.popLast() ?? WalkBuffers()
    stack = buffers.stack
    visited = buffers.visited
    retained = buffers.retained
    classPlans = buffers.classPlans
  }

  deinit {
    var buffers = WalkBuffers(
      stack: stack, visited: visited, retained: retained, classPlans: classPlans)
    buffers.reset()
    plans.spareBuffers.append(buffers)
  }

  private mutating func run(from root: AnyObject) {
    // The store holds the root for the whole dispatch.
    let rootAddress = UnsafeRawPointer(Unmanaged.passUnretained(root).toOpaque())
    if let model = modelPlan(of: rootAddress) { stack.append(.model(rootAddress, model)) }
    while !stack.isEmpty {
      switch stack.removeLast() {
      case let .model(object, model):
        if visited.insert(object) { reduceAndRead(object, model) }
      case let .objects(first, count, stride):
        nextObject(first, count: count, stride: stride)
      case let .value(index):
        read(values[index].value, values[index].plan)
      case let .elements(index):
        nextElement(index)
      case let .place(index):
        enter(places[index])
      case let .placeRun(index):
        nextInRun(index)
      }
    }
  }

  // MARK: - Models

  /// Delivers the action to a model that was not visited before, then pushes what it holds.
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
  private mutating func take(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>, _ acceptance: ModelPlan.Acceptance
  ) {
    guard case .deliver = mode else {
      reached.append(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
      return
    }
    deliveries += 1
    if acceptance == .exactType {
      let actionBytes = actionBytes
      model._withUnsafeGuaranteedRef { $0.receiver.deliverExact(actionBytes, to: object) }
    } else {
      model.takeUnretainedValue().receiver.deliverFamily(action, to: object)
    }
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
  private mutating func readThroughRuntime(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) {
    let model = model.takeUnretainedValue()
    let start = stack.count
    let instance = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    for level in model.hierarchy {
      for index in 0..<Reflection.childCount(of: instance, as: level) {
        reach(Reflection.child(of: instance, as: level, at: index), in: level)
      }
    }
    stack.reverse(from: start)
  }

  /// Visits the first model among `count` array slots from `first`, leaving the rest pushed.
  ///
  /// Slots whose model was reduced already, or that hold no model, are passed
  /// in a loop, and so are leaves, which hold nothing to push.
  private mutating func nextObject(_ first: UnsafeRawPointer, count: Int, stride: Int) {
    var slot = first
    var remaining = count
    while remaining > 0 {
      let element = Reflection.objectAddress(at: slot)
      slot += stride
      remaining -= 1
      guard let element, let model = modelPlan(of: element), visited.insert(element) else {
        continue
      }
      // A leaf pushes nothing, so the rest need not wait on the stack.
      if remaining > 0 && !model._withUnsafeGuaranteedRef({ $0.isLeaf }) {
        stack.append(.objects(first: slot, count: remaining, stride: stride))
        reduceAndRead(element, model)
        return
      }
      reduceAndRead(element, model)
    }
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

  // MARK: - Reading

  /// What holds the fields a list of reads is made in.
  private enum Container {
    /// A model instance: its `var`s holding value models are entered in place.
    case object
    /// A value entered in place, in the place list at the index.
    case place(Int)
    /// A copy, whose value models cannot be changed: `type` is its type, for reports.
    case copy(Any.Type)
  }

  /// Pushes what `reads` find in the instance or value at `base`, in order.
  private mutating func perform(
    _ reads: UnsafeBufferPointer<FieldRead>, at base: UnsafeRawPointer, in container: Container
  ) {
    for read in reads {
      switch read {
      case let .object(offset, .strong), let .object(offset, .unmanaged):
        guard let object = Reflection.objectAddress(at: base + offset),
          let model = modelPlan(of: object)
        else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(object).retain())
        stack.append(.model(object, model))
      case let .object(offset, ownership):
        if let object = Reflection.loadObject(at: base + offset, ownership) { reach(object) }
      case let .objectArray(offset, stride):
        let storage = Reflection.arrayStorage(at: base + offset)
        let count = Reflection.arrayCount(storage: storage)
        guard count > 0 else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
        stack.append(
          .objects(first: Reflection.arrayElements(storage: storage), count: count, stride: stride))
      case let .value(offset, plan):
        let value = plan._withUnsafeGuaranteedRef { $0.access.load(from: base + offset) }
        reach(value, plan, in: containerType(of: base, container))
      case let .place(offset, plan, property):
        let address = UnsafeMutableRawPointer(mutating: base + offset)
        switch container {
        case .object:
          push(
            Place(
              address: address, plan: plan,
              access: UnsafeMutableRawPointer(mutating: base + property),
              owner: base,
              path: step(.field(in: Reflection.classType(of: base), offset: offset), after: -1)))
        case let .place(index):
          let outer = places[index]
          push(
            Place(
              address: address, plan: plan, access: outer.access, owner: outer.owner,
              path: step(
                .field(in: outer.plan.takeUnretainedValue().type, offset: offset), after: outer.path
              )))
        case let .copy(type):
          let value = plan._withUnsafeGuaranteedRef { $0.access.load(from: base + offset) }
          reach(value, plan, in: type)
        }
      }
    }
  }

  /// The type holding fields at `base`, for reports of value models that cannot be changed.
  private func containerType(of base: UnsafeRawPointer, _ container: Container) -> Any.Type {
    switch container {
    case .object: Reflection.classType(of: base)
    case let .place(index): places[index].plan.takeUnretainedValue().type
    case let .copy(type): type
    }
  }

  /// Reads a value that may hold models, by its plan.
  private mutating func read(_ value: Any, _ plan: Unmanaged<TypePlan>) {
    let start = stack.count
    let type = plan.takeUnretainedValue().type
    switch plan.takeUnretainedValue().shape {
    case let .fields(reads):
      plan._withUnsafeGuaranteedRef { $0.access }.withBytes(of: value) {
        perform(reads, at: $0, in: .copy(type))
      }
    case let .valueModel(model):
      // A copy: the models it holds are routed, it is not reduced.
      if let reads = model.reads {
        plan._withUnsafeGuaranteedRef { $0.access }.withBytes(of: value) {
          perform(reads, at: $0, in: .copy(type))
        }
      } else {
        readChildren(of: value, as: type)
      }
    case let .optional(optionalType):
      if let wrapped = optionalType.unwrap(value) { reach(wrapped, in: type) }
    case let .elements(collectionType):
      if let cursor = collectionType.makeCursor(over: value) {
        cursors.append(cursor)
        stack.append(.elements(index: cursors.count - 1))
      }
    case .allChildren:
      readChildren(of: value, as: type)
    case .inert, .model, .opaqueObject, .deferred:
      return
    }
    stack.reverse(from: start)
  }

  /// Pushes every child the runtime shows of `value`, read as `type`.
  private mutating func readChildren(of value: Any, as type: Any.Type) {
    for index in 0..<Reflection.childCount(of: value, as: type) {
      reach(Reflection.child(of: value, as: type, at: index), in: type)
    }
  }

  /// Visits the next element of the collection whose cursor is at `index`, leaving the cursor pushed.
  private mutating func nextElement(_ index: Int) {
    guard let element = cursors[index].next() else { return }
    stack.append(.elements(index: index))
    reach(element, in: cursors[index].collectionType)
  }

  // MARK: - Reaching

  /// Pushes a value found in a field, a payload or a collection of a value
  /// of type `container`, if it may hold models.
  private mutating func reach(_ value: Any, in container: Any.Type) {
    let plan = plans.plan(for: type(of: value))
    reach(value, Unmanaged.passUnretained(plan), in: container)
  }

  private mutating func reach(_ value: Any, _ plan: Unmanaged<TypePlan>, in container: Any.Type) {
    switch plan.takeUnretainedValue().shape {
    case .inert, .opaqueObject:
      return
    case .model:
      reach(value as AnyObject)
    case .deferred:
      // An existential is opened, and a recursive type's plan finished, by now.
      reach(value, in: container)
    case .valueModel:
      // Met in a copy: a `let`, a set element, an enum payload or an existential.
      #if DEBUG
        notInPlace.append((plan.takeUnretainedValue().type, container))
      #endif
      values.append((value, plan))
      stack.append(.value(index: values.count - 1))
    case .fields, .optional, .elements, .allChildren:
      values.append((value, plan))
      stack.append(.value(index: values.count - 1))
    }
  }

  /// Pushes an object, if it is a model, keeping it alive for the dispatch.
  private mutating func reach(_ object: AnyObject) {
    let address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    guard let model = modelPlan(of: address) else { return }
    retained.append(Unmanaged.passRetained(object))
    stack.append(.model(address, model))
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

  /// Enters a value where it is stored: a value model is reduced there, and
  /// what a value holds is read there, so the value models inside it are too.
  private mutating func enter(_ place: Place) {
    let start = stack.count
    let plan = place.plan.takeUnretainedValue()
    switch plan.shape {
    case let .valueModel(model):
      reduceAndRead(place, Unmanaged.passUnretained(model))
    case let .fields(reads):
      places.append(place)
      perform(reads, at: place.address, in: .place(places.count - 1))
    case let .optional(optionalType):
      // The payload of a single-payload enum is stored at its start.
      guard optionalType.hasWrapped(at: place.address) else { return }
      let wrapped = Unmanaged.passUnretained(plans.plan(for: optionalType.wrappedType))
      enter(place.moved(to: place.address, wrapped))
      return
    case let .elements(collectionType):
      guard let placed = placedElements(of: place.plan, collectionType) else {
        reach(plan.access.load(from: place.address), place.plan, in: plan.type)
        return
      }
      let element = place.moved(to: place.address, placed.elementPlan)
      if placed.isArray, let run = arrayRun(at: place.address, element) {
        runs.append(run)
      } else {
        guard let elements = placed.mutable.elementPlaces(at: place.address) else { return }
        // A dictionary's keys cannot change in place, but the models they
        // hold are routed, each before its value.
        var keysHoldModels = false
        if case let .keys(keyType) = collectionType.order {
          keysHoldModels = plans.plan(for: keyType).mayHoldModels
        }
        let keys =
          (keepsPaths || keysHoldModels) && elements.first == nil
          ? collectionType.keys(of: elements.storage) : []
        lists.append((elements, keys, keysHoldModels, plan.type))
        runs.append(
          PlaceRun(
            first: elements.first, stride: elements.stride, count: elements.count, next: 0,
            list: elements.first == nil ? lists.count - 1 : -1, place: element))
      }
      stack.append(.placeRun(index: runs.count - 1))
      return
    case .deferred:
      // A struct met inside itself: its plan is finished by now.
      let finished = plans.plan(for: plan.type)
      guard finished !== plan else { return }
      enter(place.moved(to: place.address, Unmanaged.passUnretained(finished)))
      return
    case .inert, .model, .opaqueObject, .allChildren:
      reach(plan.access.load(from: place.address), place.plan, in: plan.type)
    }
    stack.reverse(from: start)
  }

  /// Enters the next element of the collection whose run is at `index`, leaving the run pushed.
  private mutating func nextInRun(_ index: Int) {
    let position = runs[index].next
    guard position < runs[index].count else { return }
    let keysHoldModels = runs[index].list >= 0 && lists[runs[index].list].keysHoldModels
    if position == 0, !keysHoldModels, case .deliver = mode, deliverToLeaves(of: index) {
      return
    }
    runs[index].next += 1
    stack.append(.placeRun(index: index))
    let run = runs[index]
    let step: PathStep
    if run.list < 0 || lists[run.list].keys.isEmpty {
      step = .index(position)
    } else {
      step = .key(lists[run.list].keys[position])
    }
    let element = Place(
      address: address(of: position, in: run), plan: run.place.plan, access: run.place.access,
      owner: run.place.owner, path: self.step(step, after: run.place.path))
    guard keysHoldModels else { return enter(element) }
    // The value waits on the stack under its key, which is read first.
    push(element)
    reach(lists[run.list].keys[position], in: lists[run.list].type)
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
  /// modified once, for the whole run.
  private mutating func deliverToLeaves(of index: Int) -> Bool {
    let run = runs[index]
    guard let model = run.place.plan._withUnsafeGuaranteedRef({ $0.valueModel }),
      model.isLeaf
    else { return false }
    let (acceptance, _) = answer(of: Unmanaged.passUnretained(model))
    guard acceptance != .ignores else { return true }
    deliveries += run.count
    let receiver = model.receiver
    if acceptance == .exactType, let first = run.first {
      let actionBytes = actionBytes
      Exclusivity.modifying(run.place.access) {
        receiver.deliverExact(actionBytes, toEach: first, count: run.count, stride: run.stride)
      }
      return true
    }
    let action = action
    let actionBytes = actionBytes
    let places = (0..<run.count).map { address(of: $0, in: run) }
    Exclusivity.modifying(run.place.access) {
      for place in places {
        if acceptance == .exactType {
          receiver.deliverExact(actionBytes, to: place)
        } else {
          receiver.deliverFamily(action, to: place)
        }
      }
    }
    return true
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

  /// The elements of the array at `address` as a run, read from its storage,
  /// which is retained for the walk; `nil` when the storage is shared, to be
  /// copied before it changes, or cannot be read.
  private mutating func arrayRun(at address: UnsafeMutableRawPointer, _ element: Place) -> PlaceRun?
  {
    #if _runtime(_ObjC) || SWIFTREDUCE_PORTABLE_TRAVERSAL
      return nil
    #else
      let access = element.plan._withUnsafeGuaranteedRef { $0.access }
      guard access.alignment <= 16 else { return nil }
      let storage = Reflection.arrayStorage(at: address)
      let count = Reflection.arrayCount(storage: storage)
      guard count > 0, RuntimeFunctions.isUniquelyReferenced(storage) else { return nil }
      retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
      return PlaceRun(
        first: UnsafeMutableRawPointer(mutating: Reflection.arrayElements(storage: storage)),
        stride: access.stride, count: count, next: 0, list: -1, place: element)
    #endif
  }

  /// Delivers the action to a value model where it is stored, then pushes what it holds.
  private mutating func reduceAndRead(_ place: Place, _ model: Unmanaged<ModelPlan>) {
    let (acceptance, _) = answer(of: model)
    if acceptance != .ignores {
      take(place, model, acceptance)
    } else if case .collectEveryModel = mode {
      reachedValues.append(reachedValue(at: place))
    }
    guard let reads = model._withUnsafeGuaranteedRef({ $0.isLeaf ? nil : $0.reads }) else {
      if model._withUnsafeGuaranteedRef({ $0.reads == nil }) {
        let plan = place.plan.takeUnretainedValue()
        readChildren(of: plan.access.load(from: place.address), as: plan.type)
      }
      return
    }
    places.append(place)
    perform(reads, at: place.address, in: .place(places.count - 1))
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
    let address = UnsafeRawPointer(place.address)
    // The class property holding the value is being modified while it reduces.
    if acceptance == .exactType {
      let actionBytes = actionBytes
      Exclusivity.modifying(place.access) {
        model._withUnsafeGuaranteedRef { $0.receiver.deliverExact(actionBytes, to: address) }
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
}

/// A value entered where it is stored.
struct Place {
  let address: UnsafeMutableRawPointer
  let plan: Unmanaged<TypePlan>
  /// The class property that holds the value, which Swift's exclusivity
  /// checks see being modified while a value model here reduces.
  let access: UnsafeMutableRawPointer
  /// The class model whose property holds the value.
  let owner: UnsafeRawPointer
  /// The last step of its path from the owner, in the walk's steps; `-1` for none.
  let path: Int

  /// The same place seen as a value of `plan`'s type at `address`.
  func moved(to address: UnsafeMutableRawPointer, _ plan: Unmanaged<TypePlan>) -> Place {
    Place(address: address, plan: plan, access: access, owner: owner, path: path)
  }
}

/// The elements of a collection entered in place, and the next one to enter.
struct PlaceRun {
  /// `count` elements from `first`, `stride` bytes apart; `nil` for a
  /// dictionary, whose element addresses are in the walk's list at `list`.
  let first: UnsafeMutableRawPointer?
  let stride: Int
  let count: Int
  var next: Int
  let list: Int
  /// Where the collection is, seen as an element: the plan is the elements'.
  let place: Place
}

/// How a collection type's elements are entered in place.
struct PlacedElements {
  let mutable: any MutableElements.Type
  let elementPlan: Unmanaged<TypePlan>
  /// Whether it is an `Array` or `ContiguousArray`, whose storage the walk can read.
  let isArray: Bool
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
