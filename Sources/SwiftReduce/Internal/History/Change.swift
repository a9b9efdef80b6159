/// One change a dispatch made, found by comparing a model's stored property
/// before and after it reduced: the model, the property, the steps from the
/// property down to what changed, and the edit.
///
/// A change holds the model strongly, and the values it took and left, so
/// that it can be undone and redone on the tree as it is later, wherever the
/// model sits by then.
struct Change {
  let model: AnyObject
  let property: RecordedField
  /// From the property down to the value changed, or to the collection an
  /// element was inserted into or removed from.
  let steps: [ChangeStep]
  let edit: Edit
  /// Copies of the values before and after, for one that holds models,
  /// made when the change was found: what the models held then, which a
  /// patch shows and encodes; `nil` for a value that holds no model.
  var copies: (before: Any?, after: Any?)?
  /// Whether the value after holds a model that was reachable before the
  /// change (moved here, or held a second time): its identity is what
  /// matters there, which a copy in another tree cannot have.
  var afterHoldsKeptModels = false

  /// The plan of the value the steps lead to.
  func valuePlan(in plans: PlanCache) -> TypePlan {
    switch steps.last {
    case nil: property.plan
    case let .field(field): field.plan
    case let .wrapped(optionalType): plans.plan(for: optionalType.wrappedType)
    case let .element(_, collection): plans.plan(for: collection.storedElementType)
    }
  }

  /// The plan of the value the edit puts or finds there: an element's, for an insertion or a removal.
  func editedPlan(in plans: PlanCache) -> TypePlan {
    switch edit {
    case .changed: valuePlan(in: plans)
    case let .inserted(_, _, collection), let .removed(_, _, collection):
      plans.plan(for: collection.storedElementType)
    }
  }

  /// The change that takes this one back.
  var inverse: Change {
    Change(
      model: model, property: property, steps: steps, edit: edit.inverse,
      copies: copies.map { (before: $0.after, after: $0.before) },
      // What the change took away was in the tree: bringing it back refers to it.
      afterHoldsKeptModels: copies?.before != nil)
  }

  /// This change with copies of its values made now, when they hold models:
  /// a patch then shows what the models held when the change was found.
  ///
  /// `wasKept` tells whether a model was reachable before the change.
  @MainActor
  func withCopies(in plans: PlanCache, wasKept: (AnyObject) -> Bool) -> Change {
    let plan = editedPlan(in: plans)
    guard plan.mayHoldModels else { return self }
    var change = self
    func copy(_ value: Any?, _ isAfter: Bool) -> Any? {
      guard let value else { return nil }
      let copier = ModelCopier(expected: 16, cuttingLinks: true)
      let copied = copier.copyValueAndTrees(value, plan)
      if isAfter, copier.originals.contains(where: wasKept) { change.afterHoldsKeptModels = true }
      return copied
    }
    switch edit {
    case let .changed(before, after): change.copies = (copy(before, false), copy(after, true))
    case let .inserted(_, element, _): change.copies = (nil, copy(element, true))
    case let .removed(_, element, _): change.copies = (copy(element, false), nil)
    }
    return change
  }
}

/// One step from a stored property down to the value a change is about.
enum ChangeStep {
  /// A stored property of a struct, tuple or value model.
  case field(RecordedField)
  /// The value an `Optional` wraps: no label of its own.
  case wrapped(any OptionalType.Type)
  /// An element of a collection.
  case element(ElementPosition, in: any EditableCollection.Type)
}

extension ChangeStep {
  /// Whether the step goes into a stored property or an optional, not an element.
  var isField: Bool {
    if case .element = self { return false }
    return true
  }

  /// Whether both steps go into the same stored property, or both unwrap.
  func isSameField(as other: ChangeStep) -> Bool {
    switch (self, other) {
    case let (.field(first), .field(second)): first === second
    case (.wrapped, .wrapped): true
    default: false
    }
  }
}

/// Where an element sits in a standard collection.
enum ElementPosition {
  /// The position in an `Array` or `ContiguousArray`, and what identifies
  /// the element and its place beyond its index.
  case index(Int, ArrayPlace = ArrayPlace())
  /// The key in a `Dictionary`.
  case key(Any)
  /// The member of a `Set`: itself.
  case member(Any)
}

/// What finds an array element again after other writers moved it: the
/// element's identity, and its neighbours when it was inserted or removed.
///
/// Undo and redo address an element by its identity where it has one, and
/// put an element back after the neighbour it had (or before the one after
/// it), so that another writer's insertion above it does not shift it.
struct ArrayPlace {
  /// The element's identity, if it has one.
  var identity: RecordedIdentity?
  /// Whether the neighbours were recorded: only for an insertion or a removal.
  var hasNeighbours = false
  /// The element before it, or `nil` at the start.
  var before: Any?
  /// The element after it, or `nil` at the end.
  var after: Any?
}

/// What an element is, whatever its position: the instance of a class, or
/// the `id` of an `Identifiable` value.
enum RecordedIdentity {
  case object(AnyObject)
  case id(AnyHashable)

  /// The identity of `element`, if it has one.
  init?(of element: Any) {
    if type(of: element) is AnyObject.Type {
      self = .object(element as AnyObject)
    } else if let identifiable = element as? any Identifiable {
      self = .id(Self.id(of: identifiable))
    } else {
      return nil
    }
  }

  private static func id<Element: Identifiable>(of element: Element) -> AnyHashable {
    AnyHashable(element.id)
  }

  /// Whether `element` is the one this identifies.
  func identifies(_ element: Any) -> Bool {
    switch (self, RecordedIdentity(of: element)) {
    case let (.object(first), .object(second)?): first === second
    case let (.id(first), .id(second)?): first == second
    default: false
    }
  }
}

/// What a change did at the end of its steps.
enum Edit {
  /// The value there was `before`, and is `after`.
  case changed(before: Any, after: Any)
  /// `element` was inserted into the collection there, at `position`.
  case inserted(ElementPosition, element: Any, in: any EditableCollection.Type)
  /// `element` was removed from the collection there, from `position`.
  case removed(ElementPosition, element: Any, in: any EditableCollection.Type)

  var inverse: Edit {
    switch self {
    case let .changed(before, after): .changed(before: after, after: before)
    case let .inserted(position, element, collection):
      .removed(position, element: element, in: collection)
    case let .removed(position, element, collection):
      .inserted(position, element: element, in: collection)
    }
  }
}

/// A stored property a change is about: its name, where it is and its plan.
///
/// One per property of a type, made once and shared by every change to it.
final class RecordedField {
  let name: String
  let offset: Int
  let plan: TypePlan

  /// Whether values whose bits differ are different values, changed whole.
  ///
  /// Plain data shown on one line (a number, a flag, a plain enum), so that
  /// a changed `Int` is a change without asking its `==`. Not floating point, whose `==` finds `-0.0` equal to `0.0`, as
  /// everywhere in a history and in snapshots (``ValueDifference``); nor a
  /// struct or tuple, whose fields change one by one.
  let bitsDecide: Bool

  /// The size and alignment of the property's values, read once.
  let size: Int
  let alignment: Int
  /// Whether values are copied by their bytes and need no destroying: they hold no reference.
  let isPlain: Bool

  /// Whether a history records changes to the property; a ``TreeShadow``
  /// keeps one it does not record only to tell whether the models reachable changed.
  var isRecorded = true

  /// How the property holds its object, for a reference: a `weak` or
  /// `unowned` one is read and written through its storage, and its copy in
  /// a ``TreeShadow`` is its bits and a `weak` note of its object.
  let ownership: ReferenceOwnership

  init(
    name: String, offset: Int, plan: TypePlan, isOneLine: Bool,
    ownership: ReferenceOwnership = .strong
  ) {
    self.name = name
    self.offset = offset
    self.plan = plan
    self.ownership = ownership
    size = plan.access.size
    alignment = max(plan.access.alignment, 1)
    isPlain = plan.access.isBitwiseCopyable
    bitsDecide =
      isPlain && !plan.mayHoldModels && isOneLine && !(plan.type is any FloatingPoint.Type)
  }
}
