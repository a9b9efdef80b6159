/// The form the values of one type take for the tools that read them whole:
/// one line of text, a model, fields, an optional, a collection, an enum.
///
/// Derived from the type's ``TypePlan/Shape``, so that snapshots show,
/// copies copy, histories compare and test stores pair exactly what the walk
/// reaches; each tool decides from the form what it does with a value.
enum ValueForm {
  /// A value that holds no model, shown on one line and copied as it is.
  case text(any TextFormatter)
  /// A model instance: shown with its stored properties, copied field by field.
  case model
  /// An instance of a class that is not a model, or of an actor: shown on one line, shared.
  case object
  /// A struct or tuple, shown property by property.
  case fields
  /// An optional: its wrapped value under the same label, or `nil`.
  case optional(any OptionalType.Type)
  /// A standard library collection, element by element.
  case collection(any StandardCollection.Type)
  /// An enum with payloads: its case, and the payload when it may hold models.
  case enumeration
  /// A type whose layout cannot be read: its children as the runtime lists them.
  case runtimeChildren
  /// An existential: the value's dynamic type decides.
  case existential
  /// An Observation registrar: left out of printouts, made afresh in copies.
  case registrar
  /// The storage of an `@Untraversed` property: never looked inside.
  case untraversed
  /// A `~Copyable` property (``NoncopyableField``): shown by its type, never
  /// read, compared or recorded; a model holding one is not copied.
  case noncopyable
}

/// One stored property of a model, struct or tuple, as snapshots and copies see it.
final class PlanField {
  /// The name shown: the declared name, without the underscore that
  /// Observation and `@Untraversed` storage add.
  let name: String
  let offset: Int
  let type: Any.Type
  let ownership: ReferenceOwnership
  /// Whether the property holds one object pointer that is read directly:
  /// `weak`/`unowned` storage, or a class or class-bound existential type.
  let isReference: Bool
  /// The size of the property's storage in bytes; 0 for a `~Copyable` one,
  /// which is never read.
  let size: Int
  /// The plan of the declared type, looked up on first use: building it
  /// eagerly would loop on a type that holds itself.
  // Unchecked: set once, on the main actor, and never accessed while being set.
  @exclusivity(unchecked)
  private var resolvedPlan: TypePlan?
  /// How copies fill the property, decided by the copier on first use.
  @exclusivity(unchecked)
  @MainActor var copyStepIfMade: FieldCopyStep?

  init(name: String, field: StoredField) {
    self.name = name
    self.offset = field.offset
    self.type = field.type
    self.ownership = field.ownership
    self.isReference = field.ownership != .strong || Reflection.isObjectReference(field.type)
    self.size = makeAccess(for: field.type).size
  }

  /// The plan of the property's declared type.
  @MainActor
  var plan: TypePlan {
    if let resolvedPlan { return resolvedPlan }
    let plan = PlanCache.shared.plan(for: type)
    resolvedPlan = plan
    return plan
  }
}

/// How a copy fills one stored property, decided once per property.
enum FieldCopyStep {
  /// A reference to a class instance: the copy refers to the instance's copy.
  case reference
  /// An Observation registrar: made afresh.
  case registrar
  /// A collection that may hold class instances directly: mapped without boxing.
  case objects(any StandardCollection.Type)
  /// A value that may hold models: copied by its plan.
  case value
  /// A value that holds no model and no reference: its bytes are copied.
  case bits
  /// A value that holds no model: copied as it is.
  case plain
}
