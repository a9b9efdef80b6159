/// Finds what a patch changes in a tree of the patch's types, as it is now:
/// the model, the property, the steps down to the value and the edit, so
/// that ``ChangeApplication`` applies it as it applies an undo.
///
/// A patch's path is read from the root: a property by name (without the
/// underscore of Observation's storage), through optionals, struct fields,
/// array positions, dictionary keys and set members as snapshots write
/// them, into the models it passes. Its value before must be what the tree
/// holds there, compared by what it holds (a model by its properties, so
/// that a patch recorded on another tree applies); its value after is
/// decoded as the type there, or, for one recorded in this process, copied
/// with new instances of the models it holds.
@MainActor
struct PatchResolution {
  let plans: PlanCache
  private let coding: PatchValueCoding
  private let difference: ValueDifference

  init(plans: PlanCache) {
    self.plans = plans
    coding = PatchValueCoding(plans: plans)
    difference = ValueDifference(plans: plans)
  }

  /// Why a patch cannot be applied, in words: the message after its path.
  struct Refusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// Why the patch at `index` of a list could not be applied.
  struct Failure: Error {
    let index: Int
    let reason: String
  }

  /// Applies `patches` to the tree below `root` in order, each found in the
  /// tree as the ones before it left it, and returns their changes; or
  /// takes back those applied and throws for the first that does not fit.
  func apply(_ patches: [Patch], below root: AnyObject) throws(Failure) -> [Change] {
    try apply(patches, below: root) { _, _ in }
  }

  /// Applies `patches` as ``apply(_:below:)`` does, calling `found` with
  /// each patch as it was found in the tree, before it is applied.
  func apply(
    _ patches: [Patch], below root: AnyObject, found: (Resolved, Patch) -> Void
  ) throws(Failure) -> [Change] {
    let application = ChangeApplication(plans: plans)
    var applied: [Change] = []
    for (index, patch) in patches.enumerated() {
      do {
        let resolved = try resolve(patch, below: root)
        found(resolved, patch)
        let change = resolved.change
        try application.apply([change])
        applied.append(change)
      } catch let refusal as Refusal {
        application.takeBack(applied)
        throw Failure(index: index, reason: refusal.reason)
      } catch {
        application.takeBack(applied)
        throw Failure(index: index, reason: "the tree changed while it was applied")
      }
    }
    return applied
  }

  /// The change `patch` makes to the tree below `root`, or why it cannot.
  func change(for patch: Patch, below root: AnyObject) throws(Refusal) -> Change {
    try resolve(patch, below: root).change
  }

  /// A patch found in a tree: its change, and the Swift expression that
  /// reaches, from the root, the value it edits (`.favoriteMovies.movies`),
  /// or `nil` where Swift cannot write one (a set's member, a key that does
  /// not print as a literal of its type).
  struct Resolved {
    let change: Change
    let access: String?
  }

  /// `patch` found in the tree below `root`, or why it cannot be.
  func resolve(_ patch: Patch, below root: AnyObject) throws(Refusal) -> Resolved {
    guard !patch.recorded.afterHoldsTreeModels || patch.kind == .removed else {
      throw Refusal(
        "its value holds a model its tree held before (moved there, or held a second time), "
          + "whose identity a model made from a patch cannot have; send the action instead")
    }
    var components = patch.path.components[...]
    guard !components.isEmpty else {
      throw Refusal("the root cannot be replaced; patch its properties")
    }
    var model = root
    var access: String? = ""
    // A dictionary's element is optional: `?` before going into it.
    var chains = false
    while true {
      guard case let .property(name) = components.popFirst(),
        let field = field(named: name, of: model)
      else {
        throw Refusal("\(Self.typeName(model)) has no stored property named so")
      }
      if chains { access? += "?" }
      chains = false
      access? += "." + Self.swiftName(field.name)
      let object = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
      var value =
        field.ownership == .strong
        ? field.plan.access.load(from: object + field.offset)
        : ObjectReference.withReference(
          to: ObjectReference(object + field.offset).object(field.ownership)
        ) { field.plan.access.load(from: $0) }
      var plan = field.plan
      var steps: [ChangeStep] = []
      var entered = false
      while let next = components.first {
        // An insertion or a removal ends at the position in its collection
        // (a set's has none: its path ends at the set).
        if patch.kind != .changed, components.count == 1, case .subscript = next,
          case let .collection(collectionType) = plans.form(of: plan),
          !Self.isUnordered(collectionType)
        {
          break
        }
        // A model entered keeps the chain for its property, added above.
        if chains, !Self.isModel(plans.form(of: plan)) {
          access? += "?"
          chains = false
        }
        switch plans.form(of: plan) {
        case let .optional(optionalType):
          guard let wrapped = optionalType.unwrap(value) else { throw Refusal("it is nil now") }
          access? += "?"
          steps.append(.wrapped(optionalType))
          (value, plan) = (wrapped, plans.plan(for: optionalType.wrappedType))
        case .model where field.ownership == .strong:
          model = value as AnyObject
          entered = true
        case .fields:
          guard case let .property(label) = next,
            let inner = difference.recordedFields(of: plan)?.first(where: {
              Self.name($0.name, is: label)
            })
          else { throw Refusal("\(plan.name) has no stored property named so") }
          components.removeFirst()
          access? += "." + Self.swiftName(inner.name)
          steps.append(.field(inner))
          plan.access.withBytes(of: value) {
            value = inner.plan.access.load(from: $0 + inner.offset)
          }
          plan = inner.plan
        case let .collection(collectionType):
          guard case let .subscript(text) = next,
            let editable = collectionType as? any EditableCollection.Type
          else { throw Refusal("\(plan.name) has no part \(next)") }
          components.removeFirst()
          guard let (position, element) = existing(text, in: value, plan, editable) else {
            throw Refusal("[\(text)] is not there")
          }
          steps.append(.element(position, in: editable))
          switch collectionType.order {
          case .positions: access? += "[\(text)]"
          case .keys:
            access? += "[\(text)]"
            chains = true
          case .unordered: access = nil
          }
          (value, plan) = (element, plans.plan(for: editable.storedElementType))
          if editable.valueLabel != nil, components.first == .property("value") {
            components.removeFirst()
          }
        default:
          throw Refusal("\(plan.name) has no part \(next)")
        }
        if entered { break }
      }
      if entered { continue }
      guard field.ownership == .strong || !steps.isEmpty else {
        throw Refusal(
          "a \(field.ownership) reference is not applied from a patch: the model it names "
            + "would be a new instance that nothing holds")
      }
      let edit = try self.edit(of: patch, at: value, plan, last: components.first)
      return Resolved(
        change: Change(model: model, property: field, steps: steps, edit: edit), access: access)
    }
  }

  private static func isModel(_ form: ValueForm) -> Bool {
    if case .model = form { return true }
    return false
  }

  /// The Swift statement that makes `resolved`'s change in a `TestStore`'s
  /// `send` closure, on the root `$0`: `$0.name = "Ada"`,
  /// `$0.tracks.insert(Track(title: "Dune", plays: 0), at: 2)`; `nil` where
  /// Swift cannot reach the value.
  ///
  /// A value is written as snapshots show it: a literal, a case, or a
  /// struct's or model's memberwise initialiser.
  func statement(for resolved: Resolved) -> String? {
    guard let (access, text, keyText) = swiftParts(of: resolved) else { return nil }
    switch resolved.change.edit {
    case let .changed(_, after):
      return "$0\(access) = \(text(after))"
    case let .inserted(.index(offset, _), element, _):
      return "$0\(access).insert(\(text(element)), at: \(offset))"
    case let .inserted(.key(key), element, _):
      return "$0\(access)[\(keyText(key))] = \(text(element))"
    case let .inserted(.member, element, _):
      return "$0\(access).insert(\(text(element)))"
    case let .removed(.index(offset, _), _, _):
      return "$0\(access).remove(at: \(offset))"
    case let .removed(.key(key), _, _):
      return "$0\(access)[\(keyText(key))] = nil"
    case let .removed(.member, element, _):
      return "$0\(access).remove(\(text(element)))"
    }
  }

  /// The Swift condition that holds once `resolved`'s change is made, on the
  /// tree `root` reaches (`store.root`): `store.root.name == "Ada"`; `nil`
  /// where Swift cannot state one (a position removed, a set's member).
  func expectation(for resolved: Resolved, root: String) -> String? {
    guard let (access, text, keyText) = swiftParts(of: resolved) else { return nil }
    switch resolved.change.edit {
    case let .changed(_, after): return "\(root)\(access) == \(text(after))"
    case let .inserted(.index(offset, _), element, _):
      return "\(root)\(access)[\(offset)] == \(text(element))"
    case let .inserted(.key(key), element, _):
      return "\(root)\(access)[\(keyText(key))] == \(text(element))"
    case let .removed(.key(key), _, _): return "\(root)\(access)[\(keyText(key))] == nil"
    case .inserted(.member, _, _), .removed: return nil
    }
  }

  /// What Swift code about `resolved`'s change is written with: the path
  /// to the value it edits, and its values and keys as snapshots show them;
  /// `nil` where Swift cannot reach the value.
  private func swiftParts(of resolved: Resolved)
    -> (access: String, text: (Any) -> String, keyText: (Any) -> String)?
  {
    guard let access = resolved.access else { return nil }
    let plan = resolved.change.editedPlan(in: plans)
    return (
      access, { Patch.text($0, plan) }, { Patch.text($0, self.plans.plan(for: type(of: $0))) }
    )
  }

  /// A stored property's name as Swift code writes it: a tuple's element
  /// without the dot the runtime gives it.
  private static func swiftName(_ name: String) -> String {
    name.hasPrefix(".") ? String(name.dropFirst()) : name
  }

  /// The edit `patch` makes to `value`, of the type `plan` describes: the
  /// value itself for a change, the collection for an insertion or a
  /// removal of the element at `last`.
  private func edit(of patch: Patch, at value: Any, _ plan: TypePlan, last: TreePath.Component?)
    throws(Refusal) -> Edit
  {
    switch patch.kind {
    case .changed:
      try check(value, isBefore: patch, plan)
      return .changed(before: value, after: try newValue(patch.recorded.after, plan))
    case .inserted, .removed:
      guard case let .collection(collectionType) = plans.form(of: plan),
        let editable = collectionType as? any EditableCollection.Type
      else {
        throw Refusal("it is not a collection an element can be inserted into or removed from")
      }
      let elementPlan = plans.plan(for: editable.storedElementType)
      if Self.isUnordered(collectionType) {
        return try memberEdit(of: patch, in: value, collectionType, editable, elementPlan)
      }
      guard case let .subscript(text) = last else {
        throw Refusal("it names no position in the collection")
      }
      if patch.kind == .removed {
        guard let (position, element) = existing(text, in: value, plan, editable) else {
          throw Refusal("it is not there any more")
        }
        try check(element, isBefore: patch, elementPlan)
        return .removed(position, element: element, in: editable)
      }
      let element = try newValue(patch.recorded.after, elementPlan)
      let position: ElementPosition
      switch collectionType.order {
      case .positions:
        guard let offset = Int(text),
          (0...collectionType.elements(of: value).count).contains(offset)
        else { throw Refusal("it is past the end now") }
        position = .index(offset, ArrayPlace())
      case let .keys(keyType):
        guard let key = Self.key(text, as: keyType) else {
          throw Refusal("a \(plans.plan(for: keyType).name) key cannot be read from \(text)")
        }
        position = .key(key)
      case .unordered:
        throw Refusal("a set's member has no position")
      }
      if case .keys = collectionType.order, existing(text, in: value, plan, editable) != nil {
        throw Refusal("it is taken now")
      }
      return .inserted(position, element: element, in: editable)
    }
  }

  /// The insertion or the removal of a set's member: the value itself.
  private func memberEdit(
    of patch: Patch, in value: Any, _ collectionType: any StandardCollection.Type,
    _ editable: any EditableCollection.Type, _ elementPlan: TypePlan
  ) throws(Refusal) -> Edit {
    let members = collectionType.elements(of: value)
    if patch.kind == .inserted {
      let member = try newValue(patch.recorded.after, elementPlan)
      guard !members.contains(where: { difference.isSame($0, member, elementPlan) }) else {
        throw Refusal("\(Patch.text(member, elementPlan)) is in it already")
      }
      return .inserted(.member(member), element: member, in: editable)
    }
    let removed = try newValue(patch.recorded.before, elementPlan)
    guard let member = members.first(where: { difference.isSame($0, removed, elementPlan) }) else {
      throw Refusal("\(Patch.text(removed, elementPlan)) is not in it any more")
    }
    return .removed(.member(member), element: member, in: editable)
  }

  /// Throws unless `current` is what `patch` found before it, compared by
  /// what it holds.
  private func check(_ current: Any, isBefore patch: Patch, _ plan: TypePlan) throws(Refusal) {
    guard let before = patch.recorded.before else { return }
    let expected: Any
    if let encoded = before as? Patch.EncodedValue {
      switch coding.decode(encoded, plan) {
      case let .success(value): expected = value
      case let .failure(refusal): throw Refusal(refusal.reason)
      }
    } else {
      expected = before
    }
    var compared = Set<Pair>()
    guard sameContents(current, expected, plan, &compared) else {
      throw Refusal(
        "it is \(Patch.text(current, plan)) now, not \(Patch.text(expected, plan))")
    }
  }

  /// The value a patch puts in: decoded, or copied with new models.
  private func newValue(_ value: Any?, _ plan: TypePlan) throws(Refusal) -> Any {
    guard let value else { throw Refusal("the patch has no value after") }
    if let encoded = value as? Patch.EncodedValue, plan.type != Patch.EncodedValue.self {
      switch coding.decode(encoded, plan) {
      case let .success(decoded): return decoded
      case let .failure(refusal): throw Refusal(refusal.reason)
      }
    }
    var made = value
    if plan.mayHoldModels {
      let copier = ModelCopier(expected: 16, cuttingLinks: true)
      made = copier.copyValueAndTrees(value, plan)
      if let link = copier.unownedLinks.first {
        throw Refusal(
          "\(link) is an unowned reference: a model made from a patch cannot name what it names")
      }
      if let refused = copier.refusedModels.first {
        throw Refusal(refused.reason)
      }
    }
    guard plan.access.holds(made) else {
      throw Refusal("a \(type(of: value)) is not a \(plan.name)")
    }
    return made
  }

  // MARK: - Elements

  /// The position and the element of the collection `value` that `text`
  /// names, as a snapshot writes it between brackets.
  private func existing(
    _ text: String, in value: Any, _ plan: TypePlan, _ editable: any EditableCollection.Type
  ) -> (ElementPosition, Any)? {
    guard case let .collection(collectionType) = plans.form(of: plan) else { return nil }
    let elements = collectionType.elements(of: value)
    switch collectionType.order {
    case .positions:
      guard let offset = Int(text), elements.indices.contains(offset) else { return nil }
      return (.index(offset, ArrayPlace()), elements[offset])
    case let .keys(keyType):
      let keyPlan = plans.plan(for: keyType)
      let keys = collectionType.keys(of: value)
      guard let index = keys.firstIndex(where: { Patch.text($0, keyPlan) == text }) else {
        return nil
      }
      return (.key(keys[index]), elements[index])
    case .unordered:
      let elementPlan = plans.plan(for: editable.storedElementType)
      guard let member = elements.first(where: { Patch.text($0, elementPlan) == text }) else {
        return nil
      }
      return (.member(member), member)
    }
  }

  private static func isUnordered(_ collectionType: any StandardCollection.Type) -> Bool {
    if case .unordered = collectionType.order { return true }
    return false
  }

  /// The key of type `keyType` a snapshot writes as `text`: a string
  /// between quotes, or a number or other value that reads its own description.
  static func key(_ text: String, as keyType: Any.Type) -> Any? {
    guard keyType == String.self else { return PatchValueCoding.key(text, as: keyType) }
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
    var key = ""
    var rest = text.unicodeScalars.dropFirst().dropLast()[...]
    while let scalar = rest.popFirst() {
      guard scalar == "\\", let escape = rest.popFirst() else {
        key.unicodeScalars.append(scalar)
        continue
      }
      switch escape {
      case "n": key.append("\n")
      case "t": key.append("\t")
      case "r": key.append("\r")
      case "0": key.append("\0")
      case "u":
        // `\u{1B}`, as `String(reflecting:)` writes a control character.
        guard rest.first == "{", let close = rest.firstIndex(of: "}"),
          let value = UInt32(
            String(String.UnicodeScalarView(rest[rest.index(after: rest.startIndex)..<close])),
            radix: 16),
          let written = Unicode.Scalar(value)
        else {
          key.unicodeScalars.append(escape)
          continue
        }
        key.unicodeScalars.append(written)
        rest = rest[rest.index(after: close)...]
      default: key.unicodeScalars.append(escape)
      }
    }
    return key
  }

  // MARK: - Comparing

  /// Two values compared, to name a cycle of models once.
  private struct Pair: Hashable {
    let first: ObjectIdentifier
    let second: ObjectIdentifier
  }

  /// Whether `first` and `second` hold the same: a value by the history's
  /// rule of change, a model by its class and its stored properties.
  private func sameContents(
    _ first: Any, _ second: Any, _ plan: TypePlan, _ compared: inout Set<Pair>
  )
    -> Bool
  {
    guard plan.mayHoldModels else { return difference.isSame(first, second, plan) }
    switch plans.form(of: plan) {
    case .model:
      let (one, other) = (first as AnyObject, second as AnyObject)
      if one === other { return true }
      guard type(of: one) == type(of: other) else { return false }
      guard
        compared.insert(Pair(first: ObjectIdentifier(one), second: ObjectIdentifier(other)))
          .inserted
      else { return true }
      let plan = plans.plan(for: type(of: one))
      guard let fields = difference.recordedFields(of: plan) else { return false }
      let (firstAddress, secondAddress) = (
        UnsafeRawPointer(Unmanaged.passUnretained(one).toOpaque()),
        UnsafeRawPointer(Unmanaged.passUnretained(other).toOpaque())
      )
      return fields.allSatisfy { field in
        switch plans.form(of: field.plan) {
        case .registrar, .untraversed, .noncopyable: return true
        default:
          return sameContents(
            field.plan.access.load(from: firstAddress + field.offset),
            field.plan.access.load(from: secondAddress + field.offset), field.plan, &compared)
        }
      }
    case let .optional(optionalType):
      switch (optionalType.unwrap(first), optionalType.unwrap(second)) {
      case (nil, nil): return true
      case let (one?, other?):
        return sameContents(one, other, plans.plan(for: optionalType.wrappedType), &compared)
      default: return false
      }
    case .fields:
      guard let fields = difference.recordedFields(of: plan) else { return false }
      var same = true
      plan.access.withBytes(of: first) { one in
        plan.access.withBytes(of: second) { other in
          for field in fields where same {
            same = sameContents(
              field.plan.access.load(from: one + field.offset),
              field.plan.access.load(from: other + field.offset), field.plan, &compared)
          }
        }
      }
      return same
    case let .collection(collectionType):
      let stored = (collectionType as? any EditableCollection.Type)?.storedElementType
      let element = plans.plan(for: stored ?? collectionType.elementType)
      var (ones, others) = (collectionType.elements(of: first), collectionType.elements(of: second))
      if case let .keys(keyType) = collectionType.order {
        let keyPlan = plans.plan(for: keyType)
        let sorted = { (value: Any) in
          let keys = collectionType.keys(of: value).map { Patch.text($0, keyPlan) }
          return zip(keys, collectionType.elements(of: value)).sorted { $0.0 < $1.0 }
        }
        let (one, other) = (sorted(first), sorted(second))
        guard one.map(\.0) == other.map(\.0) else { return false }
        (ones, others) = (one.map(\.1), other.map(\.1))
      }
      guard ones.count == others.count else { return false }
      for (one, other) in zip(ones, others) where !sameContents(one, other, element, &compared) {
        return false
      }
      return true
    default:
      return difference.isSame(first, second, plan)
    }
  }

  // MARK: - Names

  /// The recorded stored property of `model` named `name`, as paths name it.
  private func field(named name: String, of model: AnyObject) -> RecordedField? {
    difference.recordedFields(of: plans.plan(for: type(of: model)), withReferences: true)?
      .first { Self.name($0.name, is: name) }
  }

  /// Whether a field named `fieldName` by the runtime is what a path names `name`.
  private static func name(_ fieldName: String, is name: String) -> Bool {
    fieldName == name || (fieldName.hasPrefix(".") && fieldName.dropFirst() == name)
  }

  static func typeName(_ object: AnyObject) -> String {
    _typeName(type(of: object), qualified: false)
  }
}
