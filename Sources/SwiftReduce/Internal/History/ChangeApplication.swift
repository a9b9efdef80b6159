/// Applies recorded changes to the tree as it is now, each only where the
/// tree still holds what the change expects there; otherwise nothing at all.
///
/// Changes are applied one after another, in place, through each model's
/// stored property; when one finds its target changed (another writer
/// changed that element since), those already applied are taken back, in
/// reverse, and the conflict is thrown: the tree is as it was.
struct ChangeApplication {
  let plans: PlanCache
  private var difference: ValueDifference { ValueDifference(plans: plans) }

  init(plans: PlanCache) {
    self.plans = plans
  }

  /// Applies `changes` in order, or none of them.
  func apply(_ changes: [Change]) throws(ChangeConflict) {
    var applied = 0
    do {
      for change in changes {
        try apply(change)
        applied += 1
      }
    } catch {
      // Each was just applied, so its inverse finds what it expects.
      for change in changes[..<applied].reversed() { try? apply(change.inverse) }
      throw error
    }
  }

  /// Takes back `changes`, all applied, last first.
  func takeBack(_ changes: [Change]) {
    for change in changes.reversed() { try? apply(change.inverse) }
  }

  private func apply(_ change: Change) throws(ChangeConflict) {
    let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(change.model).toOpaque())
    try at(object + change.property.offset, change.property.plan, change.steps[...], change) {
      address, plan throws(ChangeConflict) in
      try edit(change, at: address, plan)
    }
  }

  /// Calls `body` with the address and plan the steps lead to from `address`.
  private func at(
    _ address: UnsafeMutableRawPointer, _ plan: TypePlan, _ steps: ArraySlice<ChangeStep>,
    _ change: Change,
    _ body: (UnsafeMutableRawPointer, TypePlan) throws(ChangeConflict) -> Void
  ) throws(ChangeConflict) {
    guard let step = steps.first else { return try body(address, plan) }
    let rest = steps.dropFirst()
    switch step {
    case let .field(field):
      try at(address + field.offset, field.plan, rest, change, body)
    case let .wrapped(optionalType):
      // The payload of a single-payload enum is stored at its start.
      guard optionalType.hasWrapped(at: address) else {
        throw ChangeConflict(change: change, depth: steps.startIndex, problem: .isNil)
      }
      try at(address, plans.plan(for: optionalType.wrappedType), rest, change, body)
    case let .element(recorded, collection):
      let element = plans.plan(for: collection.storedElementType)
      guard
        let position = collection.locate(
          recorded, for: .element(expected: nil), in: address,
          same: { difference.isSame($0, $1, element) })
      else {
        throw ChangeConflict(change: change, depth: steps.startIndex, problem: .noElement)
      }
      var thrown: ChangeConflict?
      let found = collection.withElement(at: position, in: address) { inner in
        do throws(ChangeConflict) {
          try at(inner, element, rest, change, body)
        } catch {
          thrown = error
        }
      }
      if let thrown { throw thrown }
      guard found else {
        throw ChangeConflict(change: change, depth: steps.startIndex, problem: .noElement)
      }
    }
  }

  private func edit(
    _ change: Change, at address: UnsafeMutableRawPointer, _ plan: TypePlan
  ) throws(ChangeConflict) {
    switch change.edit {
    case let .changed(expected, value) where change.property.ownership != .strong:
      // A `weak` or `unowned` reference, read and written through its storage.
      let ownership = change.property.ownership
      let current = ObjectReference(address).object(ownership)
      guard current === Self.referencedObject(in: expected, plan) else {
        throw ChangeConflict(
          change: change, depth: change.steps.count,
          problem: .differs(
            current: ObjectReference.withReference(to: current) { plan.access.load(from: $0) },
            expected: expected, plan))
      }
      ObjectReference.replace(
        at: address, ownership: ownership, with: Self.referencedObject(in: value, plan))
    case let .changed(expected, value):
      let current = plan.access.load(from: address)
      guard difference.isSame(current, expected, plan) else {
        throw ChangeConflict(
          change: change, depth: change.steps.count,
          problem: .differs(current: current, expected: expected, plan))
      }
      plan.access.assign(value, at: address)
    case let .inserted(recorded, element, collection):
      let plan = plans.plan(for: collection.storedElementType)
      guard
        let position = collection.locate(
          recorded, for: .insertion, in: address, same: { difference.isSame($0, $1, plan) }),
        collection.canInsert(at: position, in: address)
      else {
        throw ChangeConflict(change: change, depth: change.steps.count, problem: .occupied)
      }
      collection.insert(element, at: position, in: address)
    case let .removed(recorded, expected, collection):
      let element = plans.plan(for: collection.storedElementType)
      guard
        let position = collection.locate(
          recorded, for: .element(expected: expected), in: address,
          same: { difference.isSame($0, $1, element) }),
        let current = collection.element(at: position, in: address)
      else {
        throw ChangeConflict(change: change, depth: change.steps.count, problem: .noElement)
      }
      guard difference.isSame(current, expected, element) else {
        throw ChangeConflict(
          change: change, depth: change.steps.count,
          problem: .differs(current: current, expected: expected, element))
      }
      collection.remove(at: position, in: address)
    }
  }
}

extension ChangeApplication {
  /// The object `value`, of a type `plan` says is stored as one reference, refers to.
  fileprivate static func referencedObject(in value: Any, _ plan: TypePlan) -> AnyObject? {
    var object: AnyObject?
    plan.access.withBytes(of: value) { object = ObjectReference($0).object(.strong) }
    return object
  }
}

/// A change that found its target not as it expected.
// Unchecked: made, thrown and caught on the main actor, inside one undo or redo.
struct ChangeConflict: Error, @unchecked Sendable {
  let change: Change
  /// How many of the change's steps lead to where it was found.
  let depth: Int
  let problem: Problem

  enum Problem {
    /// The value there is `current`, not `expected`.
    case differs(current: Any, expected: Any, TypePlan)
    /// The optional on the way is `nil`.
    case isNil
    /// The element on the way, or to remove, is not there.
    case noElement
    /// The position to insert at is taken (a key or member), or past the end.
    case occupied
  }
}
