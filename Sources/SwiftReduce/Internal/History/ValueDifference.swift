/// Compares a stored property's value before and after a dispatch, at the
/// grain a history records: elements of the standard collections
/// (``EditableCollection``), stored properties of structs, tuples and value
/// models, and every other value whole.
///
/// Types are read from the one description every part uses (``TypePlan``,
/// its ``ValueForm`` and named fields), so a model is compared by
/// identity as everywhere else (its own properties are recorded when it
/// reduces), and an `@Untraversed` property or a registrar is left out.
struct ValueDifference {
  let plans: PlanCache

  /// The changes from `before` to `after`, both of `plan`'s type, each
  /// reported with its steps below `steps`.
  func changes(
    from before: Any, to after: Any, _ plan: TypePlan, steps: [ChangeStep],
    _ report: (_ steps: [ChangeStep], _ edit: Edit) -> Void
  ) {
    if sameBits(before, after, plan) { return }
    switch plans.form(of: plan) {
    case .registrar, .untraversed, .noncopyable:
      return
    case let .optional(optionalType):
      let (first, second) = (optionalType.unwrap(before), optionalType.unwrap(after))
      if let first, let second {
        let wrapped = plans.plan(for: optionalType.wrappedType)
        return changes(
          from: first, to: second, wrapped, steps: steps + [.wrapped(optionalType)], report)
      }
      if (first == nil) != (second == nil) { report(steps, .changed(before: before, after: after)) }
      return
    case let .collection(collectionType):
      guard let editable = collectionType as? any EditableCollection.Type else { break }
      let element = plans.plan(for: editable.storedElementType)
      editable.differences(
        from: before, to: after, same: { isSame($0, $1, element) },
        changed: { position, first, second in
          changes(
            from: first, to: second, element,
            steps: steps + [.element(position, in: editable)], report)
        },
        edit: { report(steps, $0) })
      return
    case .fields:
      guard let fields = recordedFields(of: plan) else { break }
      plan.access.withBytes(of: before) { first in
        plan.access.withBytes(of: after) { second in
          for field in fields {
            changes(
              from: field.plan.access.load(from: first + field.offset),
              to: field.plan.access.load(from: second + field.offset), field.plan,
              steps: steps + [.field(field)], report)
          }
        }
      }
      return
    default:
      break
    }
    if !isSame(before, after, plan) { report(steps, .changed(before: before, after: after)) }
  }

  /// Whether `first` and `second`, of `plan`'s type, are the same value:
  /// the same bits, the same instance for a model or other object, equal by
  /// `==` for an `Equatable` value shown on one line (`-0.0` is `0.0`, as in
  /// snapshots), and otherwise the same in every part a history records,
  /// by that one rule (a struct's `==` is believed only when it tells values
  /// apart, so that a value is the same in a struct or a tuple as alone).
  func isSame(_ first: Any, _ second: Any, _ plan: TypePlan) -> Bool {
    if sameBits(first, second, plan) { return true }
    switch plans.form(of: plan) {
    case .registrar, .untraversed, .noncopyable:
      return true
    case .model, .object:
      return (first as AnyObject) === (second as AnyObject)
    case let .optional(optionalType):
      let (first, second) = (optionalType.unwrap(first), optionalType.unwrap(second))
      guard let first, let second else { return first == nil && second == nil }
      return isSame(first, second, plans.plan(for: optionalType.wrappedType))
    case .fields:
      // `==` is believed when it tells values apart; when it finds them
      // equal, their fields decide, by the same rule as every other value.
      if !plan.mayHoldModels, equalByOperator(first, second) == false { return false }
      guard let fields = recordedFields(of: plan) else { break }
      var same = true
      plan.access.withBytes(of: first) { first in
        plan.access.withBytes(of: second) { second in
          same = fields.allSatisfy { field in
            isSame(
              field.plan.access.load(from: first + field.offset),
              field.plan.access.load(from: second + field.offset), field.plan)
          }
        }
      }
      return same
    case .collection(let collectionType):
      if !plan.mayHoldModels, equalByOperator(first, second) == false { return false }
      guard let editable = collectionType as? any EditableCollection.Type else {
        // A slice or a dictionary's view: element by element, in order.
        let (firstElements, secondElements) = (
          collectionType.elements(of: first), collectionType.elements(of: second)
        )
        let element = plans.plan(for: collectionType.elementType)
        return firstElements.count == secondElements.count
          && zip(firstElements, secondElements).allSatisfy { isSame($0, $1, element) }
      }
      var differs = false
      editable.differences(
        from: first, to: second,
        same: { isSame($0, $1, plans.plan(for: editable.storedElementType)) },
        changed: { _, _, _ in differs = true }, edit: { _ in differs = true })
      return !differs
    case .existential:
      // The values' own types decide, as they do for the walk.
      let dynamicType = type(of: first)
      guard dynamicType == type(of: second) else { return false }
      let dynamic = plans.plan(for: dynamicType)
      if dynamic !== plan { return isSame(first, second, dynamic) }
    case .enumeration, .runtimeChildren:
      if equalByOperator(first, second) == false { return false }
      return sameChildren(first, second, plan)
    default:
      break
    }
    return equalByOperator(first, second) ?? false
  }

  /// Whether two values of a type read through the runtime (an enum with
  /// payloads, a type whose layout cannot be read) have the same children:
  /// the same case, and payloads that are the same value.
  private func sameChildren(_ first: Any, _ second: Any, _ plan: TypePlan) -> Bool {
    let count = Reflection.childCount(of: first, as: plan.type)
    // Cases without payloads differ in their bits, which differed.
    guard count > 0, count == Reflection.childCount(of: second, as: plan.type) else {
      return false
    }
    for index in 0..<count {
      let (firstChild, secondChild) = (
        Reflection.namedChild(of: first, as: plan.type, at: index),
        Reflection.namedChild(of: second, as: plan.type, at: index)
      )
      guard firstChild.name == secondChild.name,
        type(of: firstChild.value) == type(of: secondChild.value),
        isSame(
          firstChild.value, secondChild.value,
          plans.plan(for: type(of: firstChild.value)))
      else { return false }
    }
    return true
  }

  /// The stored properties of a struct, tuple or value model that a history
  /// records; of a model class too, with its `weak` and `unowned` references
  /// to a class (not an existential) when `withReferences` is set.
  func recordedFields(of plan: TypePlan, withReferences: Bool = false) -> [RecordedField]? {
    plans.fields(of: plan).map { fields in
      fields.compactMap { field in
        if field.ownership != .strong {
          guard withReferences, field.ownership != .unmanaged, field.size == 8 else { return nil }
          return RecordedField(
            name: field.name, offset: field.offset, plan: plans.plan(for: field.type),
            isOneLine: false,
            ownership: field.ownership)
        }
        let plan = plans.plan(for: field.type)
        let isOneLine: Bool
        if case .text = plans.form(of: plan) { isOneLine = true } else { isOneLine = false }
        return RecordedField(
          name: field.name, offset: field.offset, plan: plan, isOneLine: isOneLine)
      }
    }
  }

  private func sameBits(_ first: Any, _ second: Any, _ plan: TypePlan) -> Bool {
    var same = false
    let size = plan.access.size
    plan.access.withBytes(of: first) { first in
      plan.access.withBytes(of: second) { second in
        same = bitwiseEqual(first, second, size: size)
      }
    }
    return same
  }
}

/// `first == second` when both are of one `Equatable` type; `nil` when they are not.
func equalByOperator(_ first: Any, _ second: Any) -> Bool? {
  guard let first = first as? any Equatable else { return nil }
  return openEqual(first, second)
}

private func openEqual<Value: Equatable>(_ first: Value, _ second: Any) -> Bool {
  guard let second = second as? Value else { return false }
  return first == second
}
