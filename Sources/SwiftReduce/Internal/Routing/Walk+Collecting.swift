extension Walk {
  /// Every model a dispatch would reach from `root`, in the walk's order, reducing nothing.
  @MainActor
  static func reachableModels(from root: AnyObject) -> [AnyObject] {
    walk(Unrouted(), from: root, mode: .collectEveryModel, plans: .shared).reached
  }

  /// An action no model takes, for walks that only list models.
  private struct Unrouted: Action {}

  /// The models `action` would be delivered to, in delivery order, reducing nothing.
  @MainActor
  static func recipients(
    of action: any Action, from root: AnyObject, passingOver above: [AnyObject] = [],
    andRoot top: AnyObject? = nil
  ) -> Result {
    walk(
      action, from: root, mode: .collect(honoringDeclarations: true), plans: .shared,
      passingOver: above, andRoot: top)
  }

  /// Stops the program if a model below `object` takes the action its type's declaration skips.
  mutating func checkDeclaration(of object: UnsafeRawPointer, _ model: ModelPlan) {
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

  /// The index of a new step of a value model's path, after the step at
  /// `parent`; `-1`, keeping nothing, unless paths are kept.
  mutating func step(_ step: @autoclosure () -> PathStep, after parent: Int) -> Int {
    guard keepsPaths else { return -1 }
    pathSteps.append((parent, step()))
    return pathSteps.count - 1
  }

  /// A collected value model: where it sits, and a copy of it.
  func reachedValue(at place: Place) -> ReachedValue {
    let plan = place.plan.takeUnretainedValue()
    return ReachedValue(
      position: reached.count,
      owner: Unmanaged<AnyObject>.fromOpaque(place.owner).takeUnretainedValue(),
      path: place.path, value: plan.access.load(from: place.address))
  }
}
