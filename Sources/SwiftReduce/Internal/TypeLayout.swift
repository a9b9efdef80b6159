/// What printing and copying a tree of models know about one type: how its
/// values are shown and where the models inside them are.
///
/// Layouts are built once per type by ``TypeLayouts`` and follow the routing
/// rules: models are entered, instances of other classes and actors never
/// are, and `@Untraversed` storage is not looked inside.
@MainActor
final class TypeLayout {
  enum Kind {
    /// A model class: shown with its stored properties, copied field by field.
    case model
    /// A class instance that is not a model, or an actor: shared and shown opaquely.
    case object
    /// A value shown on one line, which holds no models.
    case text(any TextFormatter)
    /// A struct or tuple shown property by property.
    case fields
    /// An optional or a collection, which handles its own elements.
    case container(any TreeContainer.Type)
    /// An enum with payloads, read through `Mirror`.
    case enumeration
    /// An Observation registrar: left out of printouts, made afresh in copies.
    case registrar
    /// The storage of an `@Untraversed` property: never looked inside.
    case untraversed
    /// An existential: the dynamic type of each value decides.
    case existential
  }

  let type: Any.Type
  /// The type's name without its module, such as `FavoriteMovies` or `Array<Person>`.
  let name: String
  let kind: Kind
  /// The stored properties of a model, struct or tuple, superclasses' first.
  let fields: [LayoutField]
  /// Whether the stored properties of this model could be read; when not,
  /// the model is shown by name and cannot be copied.
  let fieldsAreReadable: Bool
  /// Whether a value of this type may contain a model.
  let mayHoldModels: Bool
  let access: any LayoutAccess

  init(
    _ type: Any.Type, _ kind: Kind, fields: [LayoutField] = [], fieldsAreReadable: Bool = true,
    mayHoldModels: Bool
  ) {
    self.type = type
    self.name = _typeName(type, qualified: false)
    self.kind = kind
    self.fields = fields
    self.fieldsAreReadable = fieldsAreReadable
    self.mayHoldModels = mayHoldModels
    self.access = makeLayoutAccess(for: type)
  }
}
