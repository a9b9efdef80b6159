// How a dispatched action reaches its models, in four steps:
//
// 1. Reflection (`Reflection.swift`): the runtime describes a type's stored
//    properties, their offsets and reference ownership. Every reliance on the
//    Swift ABI is in that file.
// 2. Plan (`PlanCache.swift` builds `TypePlan`s, `ModelPlan`s and their
//    `FieldRead`s): once per type, the reflection is turned into the list of
//    raw reads that find every model a value or instance can hold. Types
//    that cannot hold one are `inert` and never looked at again.
// 3. Walk (this file, with `Frame`, `VisitedSet` and `CollectionCursor`): a
//    pre-order traversal over an explicit stack, making each model's reads
//    right after the model reduces.
// 4. Delivery (`Receiver.swift`): the action is handed to the model's typed
//    `reduce(action:)`, without a cast when the types match exactly.

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
  private(set) var deliveries = 0
  /// A declaration found to leave out the action, which ends the walk.
  private(set) var falseDeclaration: FalseDeclaration?

  /// What a walk does with the models that take its action.
  enum Mode {
    /// Deliver the action: a dispatch.
    case deliver
    /// Only list the models the action would be delivered to, in order.
    case collect(honoringDeclarations: Bool)
  }

  // The parts of a ``WalkBuffers``, taken apart so the hot paths reach them directly.
  private var stack: UnsafeStack<Frame>
  private var visited: VisitedSet
  private var retained: UnsafeStack<Unmanaged<AnyObject>>
  private var classPlans: UnsafeStack<(key: UInt, model: Unmanaged<ModelPlan>?)>
  /// Values that may hold models, and the cursors of collections being iterated.
  private var values: [(value: Any, plan: Unmanaged<TypePlan>)] = []
  private var cursors: [any ElementCursor] = []

  /// Delivers `action` to every model reachable from `root` that handles it.
  ///
  /// - Returns: The number of models that reduced the action.
  @MainActor
  @discardableResult
  static func dispatch(_ action: any Action, from root: AnyObject) -> Int {
    let result = walk(action, from: root, mode: .deliver, plans: .shared)
    if let falseDeclaration = result.falseDeclaration {
      falseDeclaration.stop(action: action, root: root)
    }
    return result.deliveries
  }

  /// The models `action` would be delivered to, in delivery order, reducing nothing.
  @MainActor
  static func recipients(of action: any Action, from root: AnyObject) -> [AnyObject] {
    walk(action, from: root, mode: .collect(honoringDeclarations: true), plans: .shared).reached
  }

  private static func walk(
    _ action: any Action, from root: AnyObject, mode: Mode, plans: PlanCache
  ) -> (deliveries: Int, reached: [AnyObject], falseDeclaration: FalseDeclaration?) {
    func open<Concrete: Action>(_ concrete: Concrete) -> (Int, [AnyObject], FalseDeclaration?) {
      withUnsafePointer(to: concrete) { bytes in
        var walk = Walk(
          action: action, actionBytes: UnsafeRawPointer(bytes), plans: plans, root: root,
          mode: mode)
        walk.run(from: root)
        return (walk.deliveries, walk.reached, walk.falseDeclaration)
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
      }
    }
  }

  // MARK: - Models

  /// Delivers the action to a model that was not visited before, then pushes what it holds.
  private mutating func reduceAndRead(
    _ object: UnsafeRawPointer, _ model: Unmanaged<ModelPlan>
  ) {
    // Unmanaged, borrowed without retaining: plans live as long as the process.
    let actionType = actionType
    var answer = model._withUnsafeGuaranteedRef {
      $0.lastActionType == actionType ? ($0.lastAcceptance, $0.lastSkipsBelow) : nil
    }
    if answer == nil {
      let plan = model.takeUnretainedValue()
      plan.acceptance(of: action, actionType: actionType)
      answer = (plan.lastAcceptance, plan.lastSkipsBelow)
    }
    guard let (acceptance, skipsBelow) = answer else { return }
    if acceptance != .ignores { take(object, model, acceptance) }
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
    perform(reads, at: object)
    stack.reverse(from: start)
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
    let below = Self.walk(
      action, from: declaring, mode: .collect(honoringDeclarations: false), plans: plans
    ).reached.filter { $0 !== declaring }
    guard let missed = below.first else { return }
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
        reach(Reflection.child(of: instance, as: level, at: index))
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
      let element = slot.load(as: UnsafeRawPointer?.self)
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

  /// Pushes what `reads` find in the instance or value at `base`, in order.
  private mutating func perform(_ reads: UnsafeBufferPointer<FieldRead>, at base: UnsafeRawPointer)
  {
    for read in reads {
      switch read {
      case let .object(offset, .strong), let .object(offset, .unmanaged):
        guard let object = (base + offset).load(as: UnsafeRawPointer?.self),
          let model = modelPlan(of: object)
        else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(object).retain())
        stack.append(.model(object, model))
      case let .object(offset, ownership):
        if let object = Reflection.loadObject(at: base + offset, ownership) { reach(object) }
      case let .objectArray(offset, stride):
        let storage = (base + offset).load(as: UnsafeRawPointer.self)
        let count = Reflection.arrayCount(storage: storage)
        guard count > 0 else { continue }
        retained.append(Unmanaged<AnyObject>.fromOpaque(storage).retain())
        stack.append(
          .objects(first: Reflection.arrayElements(storage: storage), count: count, stride: stride))
      case let .value(offset, plan):
        let value = plan._withUnsafeGuaranteedRef { $0.access.load(from: base + offset) }
        reach(value, plan)
      }
    }
  }

  /// Reads a value that may hold models, by its plan.
  private mutating func read(_ value: Any, _ plan: Unmanaged<TypePlan>) {
    let start = stack.count
    switch plan.takeUnretainedValue().shape {
    case let .fields(reads):
      plan._withUnsafeGuaranteedRef { $0.access }.withBytes(of: value) { perform(reads, at: $0) }
    case let .optional(optionalType):
      if let wrapped = optionalType.unwrap(value) { reach(wrapped) }
    case let .elements(collectionType):
      if let cursor = collectionType.makeCursor(over: value) {
        cursors.append(cursor)
        stack.append(.elements(index: cursors.count - 1))
      }
    case .allChildren:
      let type = plan.takeUnretainedValue().type
      for index in 0..<Reflection.childCount(of: value, as: type) {
        reach(Reflection.child(of: value, as: type, at: index))
      }
    case .inert, .model, .opaqueObject, .deferred:
      return
    }
    stack.reverse(from: start)
  }

  /// Visits the next element of the collection whose cursor is at `index`, leaving the cursor pushed.
  private mutating func nextElement(_ index: Int) {
    guard let element = cursors[index].next() else { return }
    stack.append(.elements(index: index))
    reach(element)
  }

  // MARK: - Reaching

  /// Pushes a value found in a field, a payload or a collection, if it may hold models.
  private mutating func reach(_ value: Any) {
    let plan = plans.plan(for: type(of: value))
    reach(value, Unmanaged.passUnretained(plan))
  }

  private mutating func reach(_ value: Any, _ plan: Unmanaged<TypePlan>) {
    switch plan.takeUnretainedValue().shape {
    case .inert, .opaqueObject:
      return
    case .model:
      reach(value as AnyObject)
    case .deferred:
      // An existential is opened, and a recursive type's plan finished, by now.
      reach(value)
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
}

/// A ``Reducer/handledBelow`` declaration that leaves out an action a model below takes.
struct FalseDeclaration {
  let declaringType: AnyClass
  /// The first model below the declaring one that takes the action.
  let missed: AnyObject

  /// Stops the program with a message naming the type, the action and the model's path.
  @MainActor
  func stop(action: any Action, root: AnyObject) -> Never {
    let path = ModelPaths.paths(to: [missed], from: root)[ObjectIdentifier(missed)]
    fatalError(
      """
      SwiftReduce: \(String(reflecting: declaringType)).handledBelow leaves out \
      \(String(reflecting: type(of: action))), but the \(String(reflecting: type(of: missed))) \
      at \(path ?? "a path no snapshot shows") below it handles \(String(reflecting: action)). \
      Add the action's type to the declaration, or remove the declaration.
      """
    )
  }
}
