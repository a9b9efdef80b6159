import Observation
@_spi(Reflection) import Swift

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
    switch Reflection.metadataKind(of: type) {
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
