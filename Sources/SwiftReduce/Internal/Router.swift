/// Finds the models of a tree and delivers one action to those that handle it.
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
@MainActor
final class Router {
  private let plans = PlanCache.shared

  /// Delivers `action` to every model reachable from `root` that handles it.
  func route(_ action: any Action, from root: AnyObject) {
    var walk = Walk(action: action, plans: plans)
    walk.run(from: root)
  }
}

/// The state of one traversal, kept in a local value so that its stack and
/// caches are accessed without the dynamic exclusivity checks class
/// properties need.
@MainActor
private struct Walk: ~Copyable {
  private enum Item {
    case object(AnyObject)
    case value(Any, TypePlan)
    case objectArray(ObjectArrayCursor)
    case elements(any ElementCursor)
  }

  private let action: any Action
  private let actionType: ObjectIdentifier
  private let plans: PlanCache
  private var stack: [Item] = []
  private var visited: IdentitySet

  /// A small direct-mapped cache in front of the plan cache: the models of a
  /// tree are of few types, and looking one up here costs a shift and a compare.
  private var recentPlans: [(type: UInt, plan: TypePlan?)]

  init(action: any Action, plans: PlanCache) {
    self.action = action
    self.actionType = ObjectIdentifier(type(of: action))
    self.plans = plans
    self.visited = IdentitySet()
    self.recentPlans = Array(repeating: (0, nil), count: Self.recentPlanSlots)
  }

  private static let recentPlanSlots = 64

  mutating func run(from root: AnyObject) {
    stack.append(.object(root))
    while let item = stack.popLast() {
      switch consume item {
      case let .object(object):
        visit(object)
      case let .value(value, plan):
        visit(value, plan)
      case var .objectArray(cursor):
        guard let element = cursor.next() else { continue }
        if !cursor.isFinished { stack.append(.objectArray(cursor)) }
        // Visiting the element now, rather than pushing it, keeps pre-order:
        // what it pushes lands above the cursor and is walked first.
        visit(element)
      case let .elements(cursor):
        guard let element = cursor.next() else { continue }
        stack.append(.elements(cursor))
        switch element {
        case let .object(object): stack.append(.object(object))
        case let .value(value): push(value)
        }
      }
    }
  }

  // MARK: - Visiting

  private mutating func visit(_ object: AnyObject) {
    guard let model = plan(for: object).model, visited.insert(object) else { return }
    switch model.acceptance(of: action, actionType: actionType) {
    case .ignores: break
    case .exactType: model.receiver.deliverExact(action, to: object)
    case .family: model.receiver.deliverFamily(action, to: object)
    }
    let start = stack.count
    if let reads = model.reads {
      let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      perform(reads, at: base)
    } else {
      for level in model.hierarchy {
        for index in 0..<Reflection.childCount(of: object, as: level) {
          push(Reflection.child(of: object, as: level, at: index))
        }
      }
    }
    reverseStack(from: start)
  }

  private mutating func visit(_ value: Any, _ plan: TypePlan) {
    let start = stack.count
    switch plan.shape {
    case let .fields(reads, access):
      access.withBytes(of: value) { perform(reads, at: $0) }
    case let .optional(optionalType):
      if let wrapped = optionalType.unwrap(value) { push(wrapped) }
    case let .elements(walker):
      if let cursor = walker.cursor(over: value) { stack.append(.elements(cursor)) }
    case .allChildren:
      for index in 0..<Reflection.childCount(of: value, as: plan.type) {
        push(Reflection.child(of: value, as: plan.type, at: index))
      }
    case .inert, .model, .opaqueObject:
      return
    }
    reverseStack(from: start)
  }

  /// Reverses the items pushed since `start`, so they pop in the order they were found.
  private mutating func reverseStack(from start: Int) {
    var low = start
    var high = stack.count - 1
    while low < high {
      stack.swapAt(low, high)
      low += 1
      high -= 1
    }
  }

  /// Pushes what `reads` find in the instance or value at `base`, in order.
  private mutating func perform(_ reads: [FieldRead], at base: UnsafeRawPointer) {
    for read in reads {
      switch read {
      case let .object(offset, ownership):
        if let object = Reflection.loadObject(at: base + offset, ownership) {
          stack.append(.object(object))
        }
      case let .objectArray(offset):
        if let cursor = ObjectArrayCursor(arrayAt: base + offset) {
          stack.append(.objectArray(cursor))
        }
      case let .value(offset, access):
        push(access.load(from: base + offset))
      }
    }
  }

  // MARK: - Pushing

  private mutating func push(_ value: Any) {
    let plan = plan(for: type(of: value))
    switch plan.shape {
    case .inert:
      return
    case .model, .opaqueObject:
      stack.append(.object(value as AnyObject))
    case .fields, .optional, .elements, .allChildren:
      stack.append(.value(value, plan))
    }
  }

  private mutating func plan(for type: Any.Type) -> TypePlan {
    let key = UInt(bitPattern: ObjectIdentifier(type))
    let slot = Self.recentPlanSlot(for: key)
    if recentPlans[slot].type == key, let plan = recentPlans[slot].plan { return plan }
    let plan = plans.plan(for: type)
    recentPlans[slot] = (key, plan)
    return plan
  }

  /// The plan for the class of `object`.
  ///
  /// The first word of a Swift heap object is its class metadata, which is
  /// what `type(of:)` returns; reading it directly skips the runtime's
  /// general dynamic-type lookup on the hot path.
  private mutating func plan(for object: AnyObject) -> TypePlan {
    #if _runtime(_ObjC)
      // An Objective-C object's first word may be a non-pointer isa, and a
      // tagged pointer has no memory behind it at all.
      return plan(for: type(of: object))
    #else
      let key = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        .load(as: UInt.self)
      let slot = Self.recentPlanSlot(for: key)
      if recentPlans[slot].type == key, let plan = recentPlans[slot].plan { return plan }
      return plan(for: type(of: object))
    #endif
  }

  private static func recentPlanSlot(for key: UInt) -> Int {
    Int(truncatingIfNeeded: key >> 4) & (recentPlanSlots - 1)
  }
}
