/// Whether value models may sit below instances of a model type, at any depth.
///
/// An `Observable` model's registrar tracks its own properties, so a read
/// through the store that returns one needs nothing from the store, unless a
/// value model sits somewhere below it: a value model reduces in place, past
/// the setters of every `Observable` holder above it, so no registrar on the
/// way down is told. Such a read is compared as a plain model's instead (see
/// ``ReadGrain``), however many holders, `Observable` or not, stand between.
///
/// The answer comes from declared types, once per type: the stored properties
/// of the model and of every model, struct, tuple, optional and collection
/// they declare. A type whose contents are known only from a value (an
/// existential, an enum with payloads, a type whose layout cannot be read)
/// may hold anything, so it counts as holding value models. A subclass met
/// only at run time is not seen: its declared superclass stands for it.
@MainActor
enum ValueModelsBelow {
  /// The answers so far, by model type.
  private static var answers: [ObjectIdentifier: Bool] = [:]

  /// Whether a value model may sit anywhere below an instance of `type`.
  static func mayBeBelow(_ type: any Reducer.Type) -> Bool {
    let key = ObjectIdentifier(type)
    if let known = answers[key] { return known }
    let answer = search(from: type)
    answers[key] = answer
    return answer
  }

  /// Looks through the declared types below `type`, each once, for a value model.
  private static func search(from type: Any.Type) -> Bool {
    var pending: [Any.Type] = [type]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(type)]
    while let next = pending.popLast() {
      guard let held = heldTypes(of: next) else { return true }
      for type in held where seen.insert(ObjectIdentifier(type)).inserted {
        pending.append(type)
      }
    }
    return false
  }

  /// The declared types a value of `type` holds models through; `nil` when it
  /// is or may hold a value model.
  private static func heldTypes(of type: Any.Type) -> [Any.Type]? {
    let plan = PlanCache.shared.plan(for: type)
    switch plan.shape {
    case .inert, .opaqueObject:
      return []
    case .valueModel, .deferred, .allChildren:
      return nil
    case let .model(model):
      if model.holdsValueModelsInPlace { return nil }
      return Reflection.storedFields(of: type).map { $0.map(\.type) }
    case .fields:
      if plan.holdsValueModels { return nil }
      // An array of object references is read as its storage; its elements are what it holds.
      if let array = type as? any ContiguousStorageArray.Type, array.isReadAsStorage {
        return [array.storedElementType]
      }
      return Reflection.storedFields(of: type).map { $0.map(\.type) }
    case let .optional(optional):
      return [optional.wrappedType]
    case let .elements(collection):
      return plan.holdsValueModels ? nil : [collection.elementType]
    }
  }
}
