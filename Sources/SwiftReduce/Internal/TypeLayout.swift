import Observation
@_spi(Reflection) import Swift

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

/// One stored property of a model, struct or tuple.
@MainActor
final class LayoutField {
  /// The name shown: the declared name, without the underscore that
  /// Observation and `@Untraversed` storage add.
  let name: String
  let offset: Int
  let type: Any.Type
  let ownership: ReferenceOwnership
  /// Whether the property holds one object pointer that is read directly:
  /// `weak`/`unowned` storage, or a class or class-bound existential type.
  let isReference: Bool
  /// The size of the property's storage in bytes.
  let size: Int
  let access: any LayoutAccess

  /// The field type's layout, looked up on first use: building it eagerly
  /// would loop on a type that holds itself.
  private var resolvedLayout: TypeLayout?

  init(name: String, field: StoredField) {
    self.name = name
    self.offset = field.offset
    self.type = field.type
    self.ownership = field.ownership
    self.isReference = field.ownership != .strong || Reflection.isObjectReference(field.type)
    self.access = makeLayoutAccess(for: field.type)
    self.size = access.size
  }

  /// The layout of the property's declared type.
  func layout(in layouts: TypeLayouts) -> TypeLayout {
    if let resolvedLayout { return resolvedLayout }
    let layout = layouts.layout(for: type)
    resolvedLayout = layout
    return layout
  }
}

/// Builds and keeps one ``TypeLayout`` per type, for every snapshot and copy.
@MainActor
final class TypeLayouts {
  static let shared = TypeLayouts()

  private var layouts: [ObjectIdentifier: TypeLayout] = [:]

  /// Types whose layout is being built; met again, they are assumed to hold models.
  private var inProgress: Set<ObjectIdentifier> = []

  /// The layout for `type`, built on first use.
  func layout(for type: Any.Type) -> TypeLayout {
    let key = ObjectIdentifier(type)
    if let layout = layouts[key] { return layout }
    inProgress.insert(key)
    let layout = makeLayout(for: type)
    inProgress.remove(key)
    layouts[key] = layout
    return layout
  }

  /// Whether values of `type` may contain a model, without looping on types
  /// that contain themselves.
  private func mayHoldModels(_ type: Any.Type) -> Bool {
    let key = ObjectIdentifier(type)
    if inProgress.contains(key) { return layouts[key]?.mayHoldModels ?? true }
    return layout(for: type).mayHoldModels
  }

  // MARK: - Building layouts

  private func makeLayout(for type: Any.Type) -> TypeLayout {
    switch Reflection.kind(of: type) {
    case .class:
      if !(type is any Actor.Type), type is any Reducer.Type {
        return makeModelLayout(for: type)
      }
      return TypeLayout(type, .object, mayHoldModels: true)
    case .foreignClass, .objcClassWrapper:
      return TypeLayout(type, .object, mayHoldModels: false)
    case .optional, .struct:
      return makeValueLayout(for: type)
    case .enum:
      if let formatter = describingFormatter(for: type) {
        return TypeLayout(type, .text(formatter), mayHoldModels: false)
      }
      return Reflection.enumHasNoPayloadCases(type)
        ? TypeLayout(type, .text(makeEnumCaseFormatter(for: type)), mayHoldModels: false)
        : TypeLayout(type, .enumeration, mayHoldModels: true)
    case .tuple:
      return makeFieldsLayout(for: type)
    case .function:
      return TypeLayout(type, .text(FunctionFormatter()), mayHoldModels: false)
    case .metatype, .existentialMetatype:
      return TypeLayout(type, .text(makeDescriptionFormatter(for: type)), mayHoldModels: false)
    default:
      return TypeLayout(type, .existential, mayHoldModels: true)
    }
  }

  private func makeModelLayout(for type: Any.Type) -> TypeLayout {
    guard let fields = layoutFields(of: type) else {
      return TypeLayout(type, .model, fieldsAreReadable: false, mayHoldModels: true)
    }
    return TypeLayout(type, .model, fields: fields, mayHoldModels: true)
  }

  private func makeValueLayout(for type: Any.Type) -> TypeLayout {
    if type == ObservationRegistrar.self {
      return TypeLayout(type, .registrar, mayHoldModels: false)
    }
    if type is any UntraversedStorage.Type {
      return TypeLayout(type, .untraversed, mayHoldModels: false)
    }
    if let formatter = quotedFormatter(for: type) {
      return TypeLayout(type, .text(formatter), mayHoldModels: false)
    }
    if let container = type as? any TreeContainer.Type {
      let holdsModels = container.elementTypes.contains { mayHoldModels($0) }
      return TypeLayout(type, .container(container), mayHoldModels: holdsModels)
    }
    let fieldsLayout = makeFieldsLayout(for: type)
    if !fieldsLayout.mayHoldModels, let formatter = describingFormatter(for: type) {
      return TypeLayout(type, .text(formatter), mayHoldModels: false)
    }
    return fieldsLayout
  }

  private func makeFieldsLayout(for type: Any.Type) -> TypeLayout {
    guard let fields = layoutFields(of: type) else {
      return TypeLayout(type, .text(makeReflectingFormatter(for: type)), mayHoldModels: false)
    }
    let holdsModels = fields.contains { $0.isReference || mayHoldModels($0.type) }
    return TypeLayout(type, .fields, fields: fields, mayHoldModels: holdsModels)
  }

  /// The stored properties of `type` with the names a reader knows them by.
  private func layoutFields(of type: Any.Type) -> [LayoutField]? {
    guard let fields = Reflection.storedFields(of: type),
      let names = Reflection.storedFieldNames(of: type), names.count == fields.count
    else { return nil }
    let isObservable = names.contains("_$observationRegistrar")
    return zip(names, fields).map { name, field in
      LayoutField(name: Self.displayName(name, field.type, isObservable), field: field)
    }
  }

  /// The name a property was declared with, from the name of its storage.
  private static func displayName(_ name: String, _ type: Any.Type, _ isObservable: Bool) -> String
  {
    let lazyPrefix = "$__lazy_storage_$_"
    if name.hasPrefix(lazyPrefix) { return String(name.dropFirst(lazyPrefix.count)) }
    if name.hasPrefix("_"), isObservable || type is any UntraversedStorage.Type {
      return String(name.dropFirst())
    }
    return name
  }

  // MARK: - One-line formats

  /// Standard library scalars, shown as Swift writes them: strings quoted,
  /// numbers and `Bool` plain.
  private func quotedFormatter(for type: Any.Type) -> (any TextFormatter)? {
    switch type {
    case is String.Type, is Substring.Type, is Character.Type, is Unicode.Scalar.Type,
      is Bool.Type, is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
      is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type,
      is Float.Type, is Double.Type:
      return describingFormatter(for: type)
    default:
      return nil
    }
  }
}
