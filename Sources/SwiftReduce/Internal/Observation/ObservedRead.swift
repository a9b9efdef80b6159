import Observation

/// A read made through a store, as ``ObservedReads`` keeps it between dispatches.
@MainActor
protocol ObservedValue: AnyObject {
  /// Where observers of the read are registered and told.
  var point: ObservationPoint { get }

  /// Whether the read waits to be told of a change: it was made since it was last told.
  var isArmed: Bool { get }

  /// Makes the read wait to be told of a change.
  func arm()

  /// Stops the read waiting: it was told of a change.
  func disarm()

  /// Whether what the read returned changed in a dispatch of `action` that some model reduced.
  func hasChanged(after action: any Action, in root: AnyObject) -> Bool
}

/// One key path read through a store, compared after each dispatch at the grain of its value.
///
/// The grain is fixed by the value's type when the read is first made:
///
/// - a model, or an optional model, is compared by identity; a model that is
///   not `Observable` has also changed when it, or a model it holds, reduced
///   the action, or when any write changed it or a model it holds (another
///   model's reducer, say), which a ``ModelWatch`` made while the read is
///   armed finds, since it changes in place where no comparison can see it;
///   an `Observable` model's own registrar tracks its properties, so the read
///   adds nothing coarser, unless value models sit below it, at any depth
///   (``ValueModelsBelow``), which reduce in place past every holder's
///   setters: it is then read as a model that is not `Observable`;
/// - any other `Equatable` value is compared by `==`;
/// - an array, a dictionary or a set of `Observable` models (or optional
///   ones) with no value model below them is compared by the identities of
///   its models, in order, by key or as a set: their registrars track each
///   property read on them;
/// - any other value has changed whenever some model reduced the action.
@MainActor
final class ObservedRead<Root: AnyObject, Value>: ObservedValue {
  let point = ObservationPoint()
  private(set) var isArmed = false
  private let watch: ValueWatch<Root, Value>

  /// The model a plain-model read returned, to look for reductions in; `nil`
  /// for every other grain.
  private let plainModel: ((Value) -> AnyObject?)?

  /// Makes the watch of a plain model, while the read is armed.
  private let watchModel: (AnyObject) -> any ModelWatch

  /// The watch of the plain model the read returned, while the read is armed.
  private var modelWatch: (any ModelWatch)?

  /// Whether the read looks for reductions in and below the model it returned,
  /// so that every read reached through that model is told of them.
  var looksForReductions: Bool { plainModel != nil }

  /// - Parameters:
  ///   - project: Reads the value from the root, or `nil` when its path no longer applies.
  ///   - value: The value read now.
  ///   - watchModel: Makes the watch of a plain model the read returned.
  init(
    project: @escaping (Root) -> Value?, value: Value,
    watchModel: @escaping (AnyObject) -> any ModelWatch
  ) {
    let grain = ReadGrain.of(Value.self)
    watch = ValueWatch(project: project, isDuplicate: grain.isDuplicate, initial: value)
    plainModel = grain.plainModel
    self.watchModel = watchModel
  }

  func arm() {
    isArmed = true
    guard let plainModel, let model = plainModel(watch.last) else { return }
    if modelWatch?.model !== model { modelWatch = watchModel(model) }
  }

  func disarm() {
    isArmed = false
    modelWatch = nil
  }

  /// Takes `value`, read now, as the reading to compare the next dispatch with.
  func read(_ value: Value) {
    watch.reset(to: value)
    // Another plain model read while armed (after a change outside any dispatch) is watched now.
    if isArmed, plainModel != nil { arm() }
  }

  /// The value in `root` now, or the last one read when its path no longer applies.
  func current(in root: Root) -> Value {
    watch.value(in: root) ?? watch.last
  }

  func hasChanged(after action: any Action, in root: AnyObject) -> Bool {
    // The store calls this with its own root, of type `Root`. A path that no
    // longer applies counts as changed: its observers are told once and read
    // again, and the read is dropped until it is made again.
    switch watch.reading(in: unsafeDowncast(root, to: Root.self)) {
    case .changed, .noLongerApplies: return true
    case .unchanged: break
    }
    guard let plainModel, let model = plainModel(watch.last) else { return false }
    if Self.takes(action, inOrBelow: model) { return true }
    // A model not watched yet (one read anew by a binding) is watched from now.
    guard let modelWatch, modelWatch.model === model else {
      arm()
      return false
    }
    return modelWatch.hasChanged()
  }

  /// Whether `model`, or a model it holds, takes `action`.
  ///
  /// The model's own plan answers first, since a model usually reduces its
  /// own actions; only when it does not are the models it holds walked.
  private static func takes(_ action: any Action, inOrBelow model: AnyObject) -> Bool {
    if let direct = action as? any DirectChange {
      let changed = Set(direct.changedModels.map(ObjectIdentifier.init))
      return changed.contains(ObjectIdentifier(model))
        || Walk.reachableModels(from: model).contains { changed.contains(ObjectIdentifier($0)) }
    }
    let actionType = ObjectIdentifier(type(of: action))
    if let plan = PlanCache.shared.plan(for: type(of: model)).model,
      plan.acceptance(of: action, actionType: actionType) != .ignores
    {
      return true
    }
    let found = Walk.recipients(of: action, from: model)
    return !found.reached.isEmpty || !found.reachedValues.isEmpty
  }
}

/// How reads of one value type are compared: the rules of ``ObservedRead``.
@MainActor
struct ReadGrain<Value> {
  /// Whether a new reading (second) is the same as the last one (first).
  let isDuplicate: (Value, Value) -> Bool

  /// For a model that is not `Observable`, or an optional one: the model in a reading.
  let plainModel: ((Value) -> AnyObject?)?

  static func of(_ type: Value.Type) -> ReadGrain {
    if let model = modelType(of: type) {
      // A model, or an optional one: one reference, nil as zero, so read as `AnyObject?`.
      let object: (Value) -> AnyObject? = { ObjectReference.object(in: $0) }
      // No registrar is told of a value model below an `Observable` model,
      // however deep, since it reduces in place: a read of one looks for
      // reductions too.
      let isTracked = model is any Observable.Type && !ValueModelsBelow.mayBeBelow(model)
      return ReadGrain(
        isDuplicate: { object($0) === object($1) }, plainModel: isTracked ? nil : object)
    }
    if let equatable = type as? any Equatable.Type {
      return ReadGrain(isDuplicate: equality(equatable), plainModel: nil)
    }
    if let collection = type as? any StandardCollection.Type,
      let model = elementModelType(of: collection),
      model is any Observable.Type, !ValueModelsBelow.mayBeBelow(model)
    {
      return ReadGrain(
        isDuplicate: { holdSameModels(collection, $0, $1) }, plainModel: nil)
    }
    return ReadGrain(isDuplicate: { _, _ in false }, plainModel: nil)
  }

  /// The model type a collection's elements are, or wrap in one `Optional`.
  private static func elementModelType(
    of collection: any StandardCollection.Type
  ) -> (any Reducer.Type)? {
    func open<Element>(_: Element.Type) -> (any Reducer.Type)? {
      ReadGrain<Element>.modelType(of: Element.self)
    }
    return _openExistential(storedType(of: collection), do: open)
  }

  /// The type a collection stores: its elements', or a dictionary's values'.
  private static func storedType(of collection: any StandardCollection.Type) -> Any.Type {
    (collection as? any MutableElements.Type)?.storedElementType ?? collection.elementType
  }

  /// Whether two collections of models, or of optional models, hold the
  /// same instances: in the same order, under the same keys, or as sets.
  private static func holdSameModels(
    _ collection: any StandardCollection.Type, _ first: Value, _ second: Value
  ) -> Bool {
    // The elements are models or optional ones, one reference each (`modelType(of:)`).
    func identities<Element>(_ elements: [Any], _: Element.Type) -> [ObjectIdentifier?] {
      elements.map { element in
        (element as? Element).flatMap { ObjectReference.object(in: $0) }.map(ObjectIdentifier.init)
      }
    }
    func identities(of value: Value) -> [ObjectIdentifier?] {
      func open<Element>(_ type: Element.Type) -> [ObjectIdentifier?] {
        identities(collection.elements(of: value), type)
      }
      return _openExistential(storedType(of: collection), do: open)
    }
    let firstModels = identities(of: first)
    let secondModels = identities(of: second)
    guard firstModels.count == secondModels.count else { return false }
    switch collection.order {
    case .positions:
      return firstModels == secondModels
    case .keys:
      func byKey(
        _ value: Value, _ models: [ObjectIdentifier?]
      ) -> [AnyHashable: ObjectIdentifier?] {
        Dictionary(
          zip(collection.keys(of: value).map(ElementIdentity.key(of:)), models),
          uniquingKeysWith: { first, _ in first })
      }
      return byKey(first, firstModels) == byKey(second, secondModels)
    case .unordered:
      return Set(firstModels) == Set(secondModels)
    }
  }

  /// The model type `type` is, or wraps in one `Optional`; `nil` for any other type.
  ///
  /// An existential such as `any Reducer` is not a model type here: its
  /// values are two words, and it is compared as any other value.
  fileprivate static func modelType(of type: Value.Type) -> (any Reducer.Type)? {
    guard MemoryLayout<Value>.size == MemoryLayout<AnyObject?>.size else { return nil }
    if let model = type as? any Reducer.Type { return model }
    if let optional = type as? any OptionalType.Type,
      let model = optional.wrappedType as? any Reducer.Type
    {
      return model
    }
    return nil
  }

  /// `==` of `Equatable`, for a `Value` known only at run time to be `Equatable`.
  private static func equality(_ type: any Equatable.Type) -> (Value, Value) -> Bool {
    func open<Comparable: Equatable>(_: Comparable.Type) -> (Value, Value) -> Bool {
      // `Comparable` is `Value`, opened from `Value.self`, and both are generic
      // parameters, so the two function types take their arguments the same
      // way, by address: the values are compared where they are, not copied.
      let equal: (Comparable, Comparable) -> Bool = { $0 == $1 }
      return unsafeBitCast(equal, to: ((Value, Value) -> Bool).self)
    }
    return open(type)
  }
}
