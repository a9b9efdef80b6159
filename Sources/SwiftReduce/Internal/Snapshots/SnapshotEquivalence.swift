/// Tells, without making either snapshot, that two trees of models would
/// print as equal snapshots.
///
/// A test store compares the tree an action left with a copy of the tree
/// before it, changed by the test into what it expects: two trees that are
/// nearly always alike, and whose values mostly share their storage, since a
/// copy shares everything that is not a model until one side changes it.
/// So the two trees are walked side by side, pairing each model with the
/// model at the same place in the other tree, and a value is first compared
/// by its bytes: the same bytes in a value that holds no object are the same
/// value, which prints the same and keeps the same copy for `==`. Only a
/// value whose bytes differ is compared the way its snapshot line would be.
///
/// The answer is `true` only when the snapshots would be equal. Where the
/// walk is not sure (a shape it does not pair, such as a dictionary or an
/// enum holding models), it answers `false`, and the caller makes the
/// snapshots and compares them: a `false` means "compare them in full", never
/// "they differ".
///
/// Why a consistent pairing is enough: a snapshot's lines are a function of
/// the tree's shape, its values and which models recur where. If every model
/// of one tree pairs with exactly one of the other, at the same places, with
/// the same class and equal values, the builder meets the two trees in the
/// same order and writes the same lines for both, references to models shown
/// earlier included.
@MainActor
struct SnapshotEquivalence {
  private let plans = PlanCache.shared
  /// The pairs found so far, by each side's object: the index of the pair.
  private var firstIndices = AddressTable<Int>()
  private var secondIndices = AddressTable<Int>()
  private var pairCount = 0
  /// Paired models whose properties are still to compare.
  private var pending: [(first: AnyObject, second: AnyObject)] = []
  /// The last class paired, and whether it is a model's.
  private var lastClass: (type: ObjectIdentifier, isModel: Bool)?
  /// The steps of the last model class compared: siblings are mostly of one class.
  private var lastSteps: (type: ObjectIdentifier, steps: [Step])?

  /// How one stored property is compared, decided once per model class or struct type.
  private struct Step {
    let field: PlanField
    let kind: Kind
  }

  private enum Kind {
    /// Left out of snapshots (an Observation registrar), or shown the same
    /// way whatever it holds (`@Untraversed` storage).
    case skip
    /// One object reference: the objects must pair.
    case reference
    /// An `Array` of object references: the same count, and elements that pair.
    case objectArray(stride: Int)
    /// Any other collection of object references kept in order (an `Array`
    /// whose storage is not read directly, a `ContiguousArray`, a slice): the
    /// same count, and elements that pair, asked of the collection.
    case objectElements(any StandardCollection.Type)
    /// A value that holds no object: the same bytes, or the same snapshot line(s).
    case plain
    /// A struct or tuple holding models, stored inline: its properties, compared in turn.
    case inline([Step])
    /// A shape this comparison does not pair.
    case unsure
  }

  /// Whether the snapshots of the trees below `first` and `second` would surely be equal.
  ///
  /// - Returns: `true` only when the snapshots would be equal; `false` when
  ///   they differ or this comparison cannot tell.
  static func showAlike(_ first: AnyObject, _ second: AnyObject) -> Bool {
    var equivalence = SnapshotEquivalence()
    return equivalence.compare(first, second)
  }

  private mutating func compare(_ first: AnyObject, _ second: AnyObject) -> Bool {
    guard pair(first, second) else { return false }
    while let (first, second) = pending.popLast() {
      guard let steps = steps(ofModel: type(of: first)) else { return false }
      // `first` and `second` hold the models, so their properties stay where they are.
      let firstBase = UnsafeRawPointer(Unmanaged.passUnretained(first).toOpaque())
      let secondBase = UnsafeRawPointer(Unmanaged.passUnretained(second).toOpaque())
      for step in steps where !compare(step, firstBase, secondBase) {
        return false
      }
      withExtendedLifetime((first, second)) {}
    }
    return true
  }

  /// Compares the property `step` describes, in the values at `first` and `second`.
  private mutating func compare(
    _ step: Step, _ first: UnsafeRawPointer, _ second: UnsafeRawPointer
  ) -> Bool {
    let field = step.field
    let first = first + field.offset
    let second = second + field.offset
    switch step.kind {
    case .skip:
      return true
    case .reference:
      return pair(
        ObjectReference(first).object(field.ownership),
        ObjectReference(second).object(field.ownership))
    case let .objectArray(stride):
      let firstStorage = ArrayStorage(ofArrayAt: first)
      let secondStorage = ArrayStorage(ofArrayAt: second)
      let count = firstStorage.count
      guard secondStorage.count == count else { return false }
      let firstElements = firstStorage.elements
      let secondElements = secondStorage.elements
      // Pairing calls no user code, so the storage the models hold stays as it is.
      for index in 0..<count {
        let paired = pair(
          Self.object(at: firstElements + index * stride),
          Self.object(at: secondElements + index * stride))
        guard paired else { return false }
      }
      return true
    case let .objectElements(collection):
      let plan = field.plan
      let firstElements = collection.elements(of: plan.access.load(from: first))
      let secondElements = collection.elements(of: plan.access.load(from: second))
      guard firstElements.count == secondElements.count else { return false }
      for (first, second) in zip(firstElements, secondElements)
      where !pair(first as AnyObject, second as AnyObject) {
        return false
      }
      return true
    case .plain:
      if bitwiseEqual(first, second, size: field.size) { return true }
      return showAlike(first, second, field.plan)
    case let .inline(steps):
      for step in steps where !compare(step, first, second) {
        return false
      }
      return true
    case .unsure:
      return false
    }
  }

  /// Pairs two objects found at the same place: models of one class seen at
  /// no other place, or seen together before; any other object must be the
  /// same instance on both sides, which is shown the same.
  private mutating func pair(_ first: AnyObject?, _ second: AnyObject?) -> Bool {
    guard let first, let second else { return first == nil && second == nil }
    let objectType: AnyObject.Type = type(of: first)
    guard objectType == type(of: second) else { return false }
    guard isModel(objectType) else { return first === second }
    let firstIndex = firstIndices[first]
    let secondIndex = secondIndices[second]
    guard firstIndex == nil, secondIndex == nil else {
      return firstIndex != nil && firstIndex == secondIndex
    }
    firstIndices[first] = pairCount
    secondIndices[second] = pairCount
    pairCount += 1
    pending.append((first, second))
    return true
  }

  /// Whether instances of `type` are models; the answer for the last class asked is at hand.
  private mutating func isModel(_ type: AnyObject.Type) -> Bool {
    let identifier = ObjectIdentifier(type)
    if let lastClass, lastClass.type == identifier { return lastClass.isModel }
    let isModel = plans.plan(for: type).model != nil
    lastClass = (identifier, isModel)
    return isModel
  }

  private static func object(at address: UnsafeRawPointer) -> AnyObject? {
    ObjectReference(address).objectAddress.map {
      Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue()
    }
  }

  // MARK: - Values whose bytes differ

  /// Whether two values of `plan`'s type, which holds no object, show alike:
  /// the lines the snapshot builder makes of each, compared as snapshots
  /// compare them (by `==` where they keep the values, else by text).
  private func showAlike(
    _ first: UnsafeRawPointer, _ second: UnsafeRawPointer, _ plan: TypePlan
  ) -> Bool {
    func builder(of address: UnsafeRawPointer) -> SnapshotBuilder {
      var builder = SnapshotBuilder()
      builder.record(plan.access.load(from: address), plan: plan, label: "")
      return builder
    }
    let (firstLines, secondLines) = (builder(of: first), builder(of: second))
    return SnapshotLine.areSame(
      firstLines.lines, firstLines.keptValues, secondLines.lines, secondLines.keptValues)
  }

  // MARK: - Steps

  /// The steps for a model class's stored properties, or `nil` when the
  /// runtime does not describe them.
  private mutating func steps(ofModel type: AnyObject.Type) -> [Step]? {
    let identifier = ObjectIdentifier(type)
    if let lastSteps, lastSteps.type == identifier { return lastSteps.steps }
    if let steps = Self.stepsByType[identifier] {
      lastSteps = (identifier, steps)
      return steps
    }
    guard let fields = plans.fields(of: plans.plan(for: type)) else { return nil }
    let steps = fields.map(makeStep)
    Self.stepsByType[identifier] = steps
    lastSteps = (identifier, steps)
    return steps
  }

  /// The steps of every model class and struct compared so far, for the life of the process.
  private static var stepsByType: [ObjectIdentifier: [Step]] = [:]

  /// How the builder shows the property, read in the order it decides:
  /// an object reference, an array of them, then the property's form.
  private func makeStep(for field: PlanField) -> Step {
    if field.isReference { return Step(field: field, kind: .reference) }
    let plan = field.plan
    if case let .fields(reads) = plan.shape, reads.count == 1,
      case let .objectArray(0, stride) = reads[0]
    {
      return Step(field: field, kind: .objectArray(stride: stride))
    }
    switch plans.form(of: plan) {
    case .registrar, .untraversed, .noncopyable:
      return Step(field: field, kind: .skip)
    case let .collection(collection)
    where Self.isKeptInOrder(collection) && Reflection.isObjectReference(collection.elementType):
      return Step(field: field, kind: .objectElements(collection))
    case .text:
      return Step(field: field, kind: .plain)
    case .fields where !holdsNoObject(plan):
      guard let fields = plans.fields(of: plan) else { return Step(field: field, kind: .unsure) }
      return Step(field: field, kind: .inline(fields.map(makeStep)))
    default:
      return Step(field: field, kind: holdsNoObject(plan) ? .plain : .unsure)
    }
  }

  private static func isKeptInOrder(_ collection: any StandardCollection.Type) -> Bool {
    if case .positions = collection.order { return true }
    return false
  }

  /// Whether values of `plan`'s type hold no class instance: plain values,
  /// value models that hold no model, and standard collections and optionals of those.
  ///
  /// Their bytes are then all there is to them (with the copy-on-write
  /// storage they point to, which nobody changes while it is shared).
  private func holdsNoObject(_ plan: TypePlan) -> Bool {
    switch plan.shape {
    case .inert:
      return true
    case let .valueModel(model):
      return model.isLeaf
    case let .elements(collection):
      if case let .keys(keyType) = collection.order, !holdsNoObject(plans.plan(for: keyType)) {
        return false
      }
      return holdsNoObject(plans.plan(for: collection.elementType))
    case let .optional(optional):
      return holdsNoObject(plans.plan(for: optional.wrappedType))
    default:
      return false
    }
  }
}
