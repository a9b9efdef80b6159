import Observation

/// The tools' part of a plan: how snapshots and copies show and copy values.
///
/// Everything here is derived from the walk's ``TypePlan/Shape``: a type the
/// walk finds inert is shown on one line (or, for a struct without a
/// description of its own, property by property) and never searched for
/// models; a type the walk enters is shown the way the walk enters it.
extension PlanCache {
  /// How snapshots and copies treat values of `plan`'s type.
  func form(of plan: TypePlan) -> ValueForm {
    if let made = plan.formIfMade { return made }
    let made = makeForm(of: plan)
    plan.formIfMade = made
    return made
  }

  /// The stored properties of a model, struct or tuple with the names a
  /// reader knows them by, superclasses' first; `nil` when the runtime
  /// cannot describe them.
  func fields(of plan: TypePlan) -> [PlanField]? {
    if let made = plan.fieldsIfMade { return made }
    let made = makeFields(of: plan.type)
    plan.fieldsIfMade = .some(made)
    return made
  }

  /// How snapshots compare values of `plan`'s type by `==`: for an
  /// `Equatable` type that holds no model, shown on one line, property by
  /// property or element by element, and for an `Equatable` enum, whose
  /// values are kept only for cases whose payload holds no model; `nil` for
  /// any other type, and for a type whose text is its value.
  ///
  /// A value that may hold models is compared by what it holds, like a
  /// model, never by its `==`: a model's copy is another instance, and a
  /// value model's `==` would compare the copies of the models inside it.
  func equality(of plan: TypePlan) -> (any ValueEquality)? {
    switch plan.keepsValues {
    case .no: return nil
    case .yes: return plan.equality
    case .unknown: break
    }
    var made: (any ValueEquality)?
    switch form(of: plan) {
    case .text, .fields, .collection:
      made = plan.mayHoldModels ? nil : makeValueEquality(for: plan.type)
    case .enumeration:
      made = makeValueEquality(for: plan.type)
    default:
      made = nil
    }
    plan.equality = made
    plan.keepsValues = made == nil ? .no : .yes
    return made
  }

  // MARK: - Building

  private func makeForm(of plan: TypePlan) -> ValueForm {
    let type = plan.type
    if type == ObservationRegistrar.self { return .registrar }
    if type is any UntraversedStorage.Type { return .untraversed }
    if type == NoncopyableField.self { return .noncopyable }
    if let optional = type as? any OptionalType.Type { return .optional(optional) }
    if let collection = type as? any StandardCollection.Type { return .collection(collection) }
    switch plan.shape {
    case .model:
      return .model
    case .valueModel:
      // Shown and copied like any struct (or enum) of its shape.
      return Reflection.kind(of: type) == .enum ? .enumeration : .fields
    case .opaqueObject:
      return .object
    case .fields:
      return .fields
    case .optional(let optional):
      return .optional(optional)
    case .elements(let collection):
      return .collection(collection)
    case .deferred:
      // An existential, or a stand-in for a type met inside itself.
      if Reflection.kind(of: type) == .existential { return .existential }
      let finished = self.plan(for: type)
      return finished === plan ? .runtimeChildren : form(of: finished)
    case .allChildren:
      return Reflection.kind(of: type) == .enum ? .enumeration : .runtimeChildren
    case .inert:
      return inertForm(of: plan)
    }
  }

  /// A value that holds no model: on one line when the type can say what it
  /// is in a way that tells values apart, else property by property.
  private func inertForm(of plan: TypePlan) -> ValueForm {
    let type = plan.type
    if let formatter = PlainValues.formatter(for: type, access: plan.access) {
      return .text(formatter)
    }
    switch Reflection.kind(of: type) {
    case .function:
      return .text(FunctionFormatter())
    case .metatype:
      return .text(makeMetatypeFormatter(for: type))
    case .enum:
      return .text(describingFormatter(for: type) ?? makeEnumCaseFormatter(for: type))
    case .struct, .tuple:
      if let formatter = describingFormatter(for: type) { return .text(formatter) }
      guard let fields = fields(of: plan) else {
        return .text(makeReflectingFormatter(for: type))
      }
      // Storage the runtime calls builtin (`ObjectIdentifier`, `Task`, pointers) is
      // shown by its bits, behind the type's name.
      if !fields.isEmpty, fields.allSatisfy({ Reflection.kind(of: $0.type).isPlainData }) {
        return .text(BitsFormatter(name: plan.name, fields: fields.map { ($0.offset, $0.size) }))
      }
      return .fields
    case .opaque:
      return .text(BitsFormatter(name: nil, fields: [(0, plan.access.size)]))
    case .fixedArray, .unknown:
      // Never read: ``PlanCache/reportUnreadFields(in:_:)`` reported it.
      return .text(UnreadLayoutFormatter(name: plan.name))
    default:
      return .text(makeReflectingFormatter(for: type))
    }
  }

  private func makeFields(of type: Any.Type) -> [PlanField]? {
    guard let fields = Reflection.storedFields(of: type),
      let names = Reflection.storedFieldNames(of: type), names.count == fields.count
    else { return nil }
    let isObservable = names.contains("_$observationRegistrar")
    return zip(names, fields).map { name, field in
      PlanField(name: Self.displayName(name, field.type, isObservable), field: field)
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
}
