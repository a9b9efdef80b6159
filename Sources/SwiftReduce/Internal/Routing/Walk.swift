// How a dispatched action reaches its models, and how every tool sees the same tree.
//
// 1. Runtime (`Runtime/`): every raw read of the Swift ABI, one typed layout per
//    structure (`TypeMetadata`, `FieldDescriptor`, `HeapObject`, `ArrayStorage`,
//    `KeyPathLayout`, …); `Reflection.swift` is what the layers above ask of it
//    besides: stored properties, kinds, `Mirror`'s children.
// 2. Types (`Types/`): `PlanCache` builds one `TypePlan` per type, the one
//    description every part uses: the walk's `Shape` and `FieldRead`s (the raw
//    reads that find every model a value or instance can hold; types that
//    cannot hold one are `inert`, listed in `PlainValues`), and, derived from
//    them on first use, the `ValueForm` and named `PlanField`s snapshots
//    and copies use. `Receiver.swift` answers which models take an action and
//    casts it for those taking a family; `CollectionCursor.swift` iterates a
//    collection's elements.
// 3. Snapshots (`Snapshots/`) and 4. copies (`Copying/`) read the same plans,
//    so they show and copy exactly the models the walk reaches, in its order;
//    the differential test checks that on every generated graph.
// 5. Routing (this folder): the walk, a pre-order traversal over an explicit
//    stack (`Frame`, `VisitedSet`), makes each model's reads right after the
//    model reduces. This file holds its state, entry point and run loop;
//    `Walk+Objects.swift` reduces class models and goes through arrays of
//    them, leaves of one class in one loop; `Walk+Reading.swift` pushes what a
//    model or a copied value holds; `Walk+Places.swift` enters values where
//    they are stored (`Places.swift`) and reduces value models there, arrays
//    of value leaves in one loop; `Walk+Rechecks.swift` checks that what was
//    read is still there before using it (routing rule 13); and
//    `Walk+Collecting.swift` holds the modes that list models instead of
//    delivering, and the check of `handledBelow` declarations;
//    `Walk+EffectPlaces.swift` writes where a value model that started an
//    effect sits, only when one did (`Delivery.swift`). A walk answers
//    with a `Walk.Result` (`ReachedValue`, `PathStep`, `FalseDeclaration`).
//    An action of exactly a model's parameter type goes through the model
//    type's own entry (`Reducer.swift`, `ValueReducer.swift`), compiled in its
//    module. `ModelPaths` names what the walk reached by the paths snapshots
//    show.
// 6. Observation (`Observation/`), history (`History/`) and effects
//    (`Effects/`) are built on the walk: reads re-read after it, a shadow of
//    the models it reaches compared after it, the model it is delivering to.
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
  let action: any Action
  private let actionType: ObjectIdentifier
  /// The action's value, for delivery to models that take its exact type.
  let actionBytes: UnsafeRawPointer
  let plans: PlanCache
  /// The root of the dispatch, for the paths of messages.
  private let root: AnyObject
  /// What the walk does with models that take the action.
  let mode: Mode
  /// The models that took the action: counted when delivering, kept when collecting.
  var reached: [AnyObject] = []
  /// The value models that took the action, when collecting; each one's
  /// ``ReachedValue/position`` says which class models came before it.
  var reachedValues: [ReachedValue] = []
  /// The steps of value models' paths from their owners, when collecting:
  /// each names its parent step, `-1` for the owner itself.
  var pathSteps: [(parent: Int, step: PathStep)] = []
  /// Value models met where they cannot be changed in place, and the type
  /// of the value or model holding them: reported in debug builds.
  var notInPlace: [(model: Any.Type, container: Any.Type)] = []
  /// Arrays of value models that changed under the walk where it could not
  /// tell elements it had reduced from elements it had not: reported in debug builds.
  var indistinct: [IndistinctElements] = []
  var deliveries = 0
  /// A declaration found to leave out the action, which ends the walk.
  var falseDeclaration: FalseDeclaration?

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
  var stack: UnsafeStack<Frame>
  var visited: VisitedSet
  var retained: UnsafeStack<Unmanaged<AnyObject>>
  var classPlans: UnsafeStack<(key: UInt, model: Unmanaged<ModelPlan>?)>
  /// Arrays of object references being iterated, and the slots of those done.
  var objectCursors: UnsafeStack<ObjectCursor>
  var freeObjectCursors: UnsafeStack<Int>
  /// Values that may hold models, and the cursors of collections being
  /// iterated, each with the index of the field it was copied from (`-1`: none).
  var values: [(value: Any, plan: Unmanaged<TypePlan>, source: Int)] = []
  var cursors: [(cursor: any ElementCursor, source: Int)] = []
  /// The fields values were copied from, and their bytes then.
  var sources: [CopySource] = []
  var sourceBytes: [UInt8] = []
  /// Values entered where they are stored, and collections iterated in place.
  var places: [Place] = []
  var placeCursors: [PlaceCursor] = []
  /// The element addresses of dictionaries entered in place, and their keys
  /// when paths are kept.
  var lists: [(elements: ElementAddresses, keys: [Any], keysHoldModels: Bool, type: Any.Type)] =
    []
  /// Copies of collections entered in place through the generic path, which
  /// keep their storage alive for the walk.
  var heldStorage: [Any] = []
  /// Which positions of a changed collection the walk visited, for each ``PlaceCursor``.
  var visitedMarks: [[Bool]] = []
  /// Scratch for ``resolve(_:)``: the anchors between a place and its owner.
  var chain: [Int] = []
  /// Whether value models' paths are kept: only when collecting.
  let keepsPaths: Bool
  /// Whether runs of leaves are delivered in one loop each: when delivering.
  let deliversInRuns: Bool

  /// Delivers `action` to every model reachable from `root` that handles it.
  ///
  /// - Returns: The number of models that reduced the action; in debug
  ///   builds, a declaration found to leave out a model that takes the
  ///   action, which ended the walk there (the store words the message), the
  ///   value models met where they cannot be reduced in place, and the arrays
  ///   that changed under the walk where it could not tell elements apart.
  @MainActor
  /// Delivers `action` to `root` and the models below it, passing over the
  /// models `above` and `top`, which are above it in the tree (the rows a
  /// targeted action's path went through, and the store's root): a
  /// reference back up to one of them does not take the walk out of the subtree.
  static func deliver(
    _ action: any Action, from root: AnyObject, passingOver above: [AnyObject] = [],
    andRoot top: AnyObject? = nil
  ) -> Result {
    walk(action, from: root, mode: .deliver, plans: .shared, passingOver: above, andRoot: top)
  }

  static func walk(
    _ action: any Action, from root: AnyObject, mode: Mode, plans: PlanCache,
    passingOver above: [AnyObject] = [], andRoot top: AnyObject? = nil
  ) -> Result {
    func open<Concrete: Action>(_ concrete: Concrete) -> Result {
      withUnsafePointer(to: concrete) { bytes in
        var walk = Walk(
          action: action, actionBytes: UnsafeRawPointer(bytes), plans: plans, root: root,
          mode: mode)
        // Marked reduced: the caller holds them, above the walk, for all of it.
        if let top, top !== root {
          _ = walk.visited.insert(UnsafeRawPointer(Unmanaged.passUnretained(top).toOpaque()))
        }
        for model in above where model !== root {
          _ = walk.visited.insert(UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque()))
        }
        walk.run(from: root)
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
    mode: Mode
  ) {
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
    objectCursors = buffers.objectCursors
    freeObjectCursors = buffers.freeObjectCursors
    classPlans = buffers.classPlans
  }

  deinit {
    var buffers = WalkBuffers(
      stack: stack, visited: visited, retained: retained, objectCursors: objectCursors,
      freeObjectCursors: freeObjectCursors, classPlans: classPlans)
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
        if let field = location(of: origin), let object = ObjectReference(field).objectAddress,
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
        let storage = ArrayStorage(ofArrayAt: field).address
        let count = ArrayStorage(storage).count
        guard count > 0 else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
        nextObject(
          startObjectCursor(
            ObjectCursor(storage: storage, count: count, stride: stride, origin: origin)))
      case let .value(index):
        let entry = values[index]
        if isCurrent(source: entry.source) { read(entry.value, entry.plan, source: entry.source) }
      case let .elements(index):
        if isCurrent(source: cursors[index].source) { nextElement(index) }
      case let .place(index):
        if resolve(index) != nil { enter(index) }
      case let .placeCursor(index):
        nextInRun(index)
      case let .copyAgain(source):
        copyAgain(source)
      case let .valueLeaves(field, owner, plan):
        reduceValueLeaves(at: field, of: owner, plan)
      }
    }
  }

  // MARK: - How a model takes the action

  /// How a model of `model`'s type takes the action, and whether its
  /// declaration skips what it holds.
  ///
  /// Inlined: every model asks, and most ask what the last one of their type did.
  @inline(__always)
  func answer(of model: Unmanaged<ModelPlan>) -> (ModelPlan.Acceptance, Bool) {
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
}
