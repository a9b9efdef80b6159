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
  private enum Item {
    case object(AnyObject, TypePlan)
    case value(Any, TypePlan)
    case elements(any ElementCursor)
  }

  private let plans = PlanCache.shared
  private var stack: [Item] = []
  private var lastVisitedCount = 0

  /// The plan met last, checked before the cache: siblings usually share a type.
  private var lastPlan: (type: ObjectIdentifier, plan: TypePlan)?

  /// Delivers `action` to every model reachable from `root` that handles it.
  func route(_ action: any Action, from root: AnyObject) {
    var visited = IdentitySet(expectedCount: lastVisitedCount)
    defer {
      lastVisitedCount = visited.count
      stack.removeAll(keepingCapacity: stack.capacity <= 4096)
    }
    push(object: root)
    while let item = stack.popLast() {
      switch item {
      case let .object(object, plan):
        guard case let .model(model) = plan.shape, visited.insert(object) else { continue }
        if model.accepts(action) {
          model.receiver.deliver(action, to: object)
        }
        pushFields(of: object, model)
      case let .value(value, plan):
        pushChildren(of: value, plan)
      case let .elements(cursor):
        guard let element = cursor.next() else { continue }
        stack.append(item)
        switch element {
        case let .object(object): push(object: object)
        case let .value(value): push(value)
        }
      }
    }
  }

  // MARK: - Pushing

  private func plan(for type: Any.Type) -> TypePlan {
    let key = ObjectIdentifier(type)
    if let lastPlan, lastPlan.type == key { return lastPlan.plan }
    let plan = plans.plan(for: type)
    lastPlan = (key, plan)
    return plan
  }

  private func push(object: AnyObject) {
    stack.append(.object(object, plan(for: type(of: object))))
  }

  private func push(_ value: Any) {
    let plan = plan(for: type(of: value))
    switch plan.shape {
    case .inert:
      return
    case .model, .opaqueObject:
      stack.append(.object(value as AnyObject, plan))
    case .fields, .allChildren, .elements:
      stack.append(.value(value, plan))
    }
  }

  /// Pushes the children of a model so that they pop in declaration order.
  private func pushFields(of object: AnyObject, _ model: ModelPlan) {
    let start = stack.count
    if let fields = model.fields {
      for field in fields {
        push(Reflection.child(of: object, as: field.level, at: field.index))
      }
    } else {
      for level in model.hierarchy {
        for index in 0..<Reflection.childCount(of: object, as: level) {
          push(Reflection.child(of: object, as: level, at: index))
        }
      }
    }
    stack[start...].reverse()
  }

  /// Pushes the parts of a value that may hold models so that they pop in order.
  private func pushChildren(of value: Any, _ plan: TypePlan) {
    let start = stack.count
    switch plan.shape {
    case let .fields(indices):
      for index in indices {
        push(Reflection.child(of: value, as: plan.type, at: index))
      }
    case .allChildren:
      for index in 0..<Reflection.childCount(of: value, as: plan.type) {
        push(Reflection.child(of: value, as: plan.type, at: index))
      }
    case let .elements(walker):
      if let cursor = walker.cursor(over: value) {
        stack.append(.elements(cursor))
      }
    case .inert, .model, .opaqueObject:
      return
    }
    stack[start...].reverse()
  }
}

extension Reducer {
  /// Reduces `action` if this model handles its type.
  func receive(_ action: any Action) -> Bool {
    guard let typed = action as? ReducedAction else { return false }
    reduce(action: typed)
    return true
  }
}
