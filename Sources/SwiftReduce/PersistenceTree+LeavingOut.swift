// Left-out properties: those a file that keeps a store's state never holds
// (`leavingOut:` at attach). They are read from the declared types, so that
// a path is checked before anything is read and holds past a collection the
// tree has no element of yet; and a value loaded whole, which lacks them, is
// given them before it is decoded: the tree's own value at the same place
// where it has one, or their type's empty value for a row the file adds.

extension PersistenceTree {
  /// Whether the components of a left-out path name the places `components`
  /// are: alike, or a subscript `*`, which stands for every element.
  package static func matches(
    _ leftOut: ArraySlice<TreePath.Component>, _ components: ArraySlice<TreePath.Component>
  ) -> Bool {
    leftOut.count == components.count
      && zip(leftOut, components).allSatisfy { leftOut, component in
        if leftOut == component { return true }
        if case .subscript("*") = leftOut, case .subscript = component { return true }
        return false
      }
  }

  /// Why `path` cannot be left out of the tree below `rootType`'s files, in
  /// words that follow the path; `nil` when it can.
  ///
  /// It must end at a stored property, each step naming a stored property of
  /// the model or struct it reaches or an element of the collection it
  /// reaches (through optionals). A property below a collection or an
  /// optional is missing from every row the file adds, which is given its
  /// type's empty value (`nil`, `false`, `0`, `""`, an empty collection, or
  /// a struct of those): a type without one is refused.
  package func problem(leavingOut path: TreePath, below rootType: AnyObject.Type) -> String? {
    guard case .property = path.last else {
      return "does not end at a property; name the property to leave out"
    }
    var plan = plans.plan(for: rootType)
    var isMadeFromTheFile = false
    for (index, component) in path.components.enumerated() {
      if case .optional = plans.form(of: plan) {
        plan = unwrapped(plan)
        isMadeFromTheFile = true
      }
      let place = TreePath(Array(path.components[..<index]))
      switch component {
      case let .property(name):
        guard let field = namedFields(of: plan)?.first(where: { Self.fileName(of: $0) == name })
        else {
          return "names \(name), which is not a stored property of \(plan.name)"
        }
        plan = field.plan
      case .subscript:
        guard case let .collection(collectionType) = plans.form(of: plan) else {
          return "\(place) is a \(plan.name), which has no elements"
        }
        plan = plans.plan(for: Self.storedElementType(of: collectionType))
        isMadeFromTheFile = true
      case .enumCase:
        return "\(place) is an enum's case; name a property of a model or a struct"
      }
    }
    if isMadeFromTheFile, emptyValue(of: plan) == nil {
      return
        "is a \(plan.name), and a row the file adds is given a left-out property's empty "
        + "value (nil, false, 0, \"\", an empty collection), which \(plan.name) has none of; "
        + "make it optional"
    }
    return nil
  }

  /// The value a left-out property of `plan`'s type is given in a row the
  /// file adds: `nil`, `false`, `0`, `""`, an empty collection, or a struct
  /// whose every stored property has one; `nil` for any other type.
  func emptyValue(of plan: TypePlan) -> Patch.EncodedValue? {
    switch plan.type {
    case is Bool.Type: return .bool(false)
    case is String.Type, is Substring.Type: return .string("")
    case is any FixedWidthInteger.Type: return .int(0)
    case is any BinaryFloatingPoint.Type: return .double(0)
    default: break
    }
    switch plans.form(of: plan) {
    case .optional:
      return .null
    case let .collection(collectionType):
      if case let .keys(keyType) = collectionType.order, Self.writesKeysAsNames(keyType) {
        return .object([:])
      }
      return .array([])
    case .fields:
      guard let fields = namedFields(of: plan) else { return nil }
      var members: [String: Patch.EncodedValue] = [:]
      for field in fields {
        guard let value = emptyValue(of: field.plan) else { return nil }
        members[Self.fileName(of: field)] = value
      }
      let value = Patch.EncodedValue.object(members)
      // A `Codable` struct is read by its own conformance, which must take it.
      if !plan.mayHoldModels, let decodable = plan.type as? any Decodable.Type,
        (try? Patch.decode(value, as: decodable)) == nil
      {
        return nil
      }
      return value
    default:
      return nil
    }
  }

  /// The stored properties a saved model or struct has by name: a model's
  /// saved ones, a struct's all but a registrar.
  func namedFields(of plan: TypePlan) -> [PlanField]? {
    if plan.model != nil { return savedFields(of: plan) }
    return plans.fields(of: plan)?.filter { field in
      if case .registrar = plans.form(of: plans.plan(for: field.type)) { return false }
      return true
    }
  }

  /// The plan of the value an optional of `plan`'s type wraps, through
  /// optionals of optionals; `plan` itself when it is not an optional.
  private func unwrapped(_ plan: TypePlan) -> TypePlan {
    var plan = plan
    while case let .optional(optionalType) = plans.form(of: plan) {
      plan = plans.plan(for: optionalType.wrappedType)
    }
    return plan
  }

  static func storedElementType(of collectionType: any StandardCollection.Type) -> Any.Type {
    (collectionType as? any EditableCollection.Type)?.storedElementType
      ?? collectionType.elementType
  }

  // MARK: - Filling in

  /// `patch`, given the left-out properties below its path when it inserts.
  ///
  /// The value it inserts lacks them, as the file does: it is given their
  /// types' empty values, as a row the file adds is. Other patches are as
  /// they are.
  package func fillingLeftOut(_ patch: Patch, below rootType: AnyObject.Type) -> Patch {
    guard !leftOut.isEmpty, patch.kind == .inserted, var after = patch.after as? Patch.EncodedValue,
      leftOut.contains(where: { Self.reaches($0, below: patch.path) }),
      let plan = plan(at: patch.path, below: rootType)
    else { return patch }
    fillLeftOut(&after, at: patch.path, plan, keeping: nil)
    return Patch(kind: patch.kind, path: patch.path, before: patch.before, after: after)
  }

  /// The plan of the value at `path` below a root of `rootType`, read from
  /// the declared types; `nil` when the path does not lead to one.
  private func plan(at path: TreePath, below rootType: AnyObject.Type) -> TypePlan? {
    var plan = plans.plan(for: rootType)
    for component in path.components {
      plan = unwrapped(plan)
      switch component {
      case let .property(name):
        guard let field = namedFields(of: plan)?.first(where: { Self.fileName(of: $0) == name })
        else { return nil }
        plan = field.plan
      case .subscript:
        guard case let .collection(collectionType) = plans.form(of: plan) else { return nil }
        plan = plans.plan(for: Self.storedElementType(of: collectionType))
      case .enumCase:
        return nil
      }
    }
    return plan
  }

  /// Whether `leftOut` names a property below `path`.
  private static func reaches(_ leftOut: TreePath, below path: TreePath) -> Bool {
    leftOut.components.count > path.components.count
      && matches(leftOut.components.prefix(path.components.count), path.components[...])
  }

  /// Gives `saved`, a value of `plan`'s type loaded whole at `path`, the
  /// left-out properties below `path` it lacks: from `kept`, the tree's
  /// value at the same place, where that has them, otherwise their types'
  /// empty values.
  func fillLeftOut(
    _ saved: inout Patch.EncodedValue, at path: TreePath, _ plan: TypePlan,
    keeping kept: Patch.EncodedValue?
  ) {
    for leftOut in leftOut where Self.reaches(leftOut, below: path) {
      fill(leftOut.components.dropFirst(path.components.count), &saved, plan, keeping: kept)
    }
  }

  private func fill(
    _ components: ArraySlice<TreePath.Component>, _ saved: inout Patch.EncodedValue,
    _ plan: TypePlan, keeping kept: Patch.EncodedValue?
  ) {
    guard let component = components.first, saved != .null else { return }
    let plan = unwrapped(plan)
    let rest = components.dropFirst()
    switch (component, saved) {
    case (let .property(name), .object(var members)):
      guard let field = namedFields(of: plan)?.first(where: { Self.fileName(of: $0) == name })
      else { return }
      let keptMember: Patch.EncodedValue? =
        if case let .object(keptMembers)? = kept { keptMembers[name] } else { nil }
      // Let go of, so that the members are changed in place rather than copied.
      saved = .null
      defer { saved = .object(members) }
      if rest.isEmpty {
        if members[name] == nil, let value = keptMember ?? emptyValue(of: field.plan) {
          members[name] = value
        }
      } else if var member = members[name] {
        members[name] = .null
        fill(rest, &member, field.plan, keeping: keptMember)
        members[name] = member
      }
    case (let .subscript(text), .array(var elements)):
      guard case let .collection(collectionType) = plans.form(of: plan) else { return }
      let elementPlan = plans.plan(for: Self.storedElementType(of: collectionType))
      saved = .null
      defer { saved = .array(elements) }
      switch collectionType.order {
      case .positions:
        let keptElements: [Patch.EncodedValue] =
          if case let .array(list)? = kept { list } else { [] }
        let offsets = text == "*" ? Array(elements.indices) : Int(text).map { [$0] } ?? []
        for offset in offsets where elements.indices.contains(offset) {
          var element = elements[offset]
          elements[offset] = .null
          let keptElement = keptElements.indices.contains(offset) ? keptElements[offset] : nil
          fill(rest, &element, elementPlan, keeping: keptElement)
          elements[offset] = element
        }
      case .keys:
        // Keys and values alternate; the tree's value is the one under the same key.
        guard text == "*" else { return }
        var keptValues: [Patch.EncodedValue: Patch.EncodedValue] = [:]
        if case let .array(list)? = kept {
          for index in stride(from: 0, to: list.count - 1, by: 2) {
            keptValues[list[index]] = list[index + 1]
          }
        }
        for index in stride(from: 1, to: elements.count, by: 2) {
          var element = elements[index]
          elements[index] = .null
          fill(rest, &element, elementPlan, keeping: keptValues[elements[index - 1]])
          elements[index] = element
        }
      case .unordered:
        // A set's elements have no place of their own in the tree's value.
        guard text == "*" else { return }
        for index in elements.indices {
          var element = elements[index]
          elements[index] = .null
          fill(rest, &element, elementPlan, keeping: nil)
          elements[index] = element
        }
      }
    case (let .subscript(text), .object(var members)):
      guard case let .collection(collectionType) = plans.form(of: plan) else { return }
      let elementPlan = plans.plan(for: Self.storedElementType(of: collectionType))
      let keptMembers: [String: Patch.EncodedValue] =
        if case let .object(keptMembers)? = kept { keptMembers } else { [:] }
      saved = .null
      defer { saved = .object(members) }
      let keys = text == "*" ? Array(members.keys) : [Self.stringKey(inSubscript: text) ?? text]
      for key in keys {
        guard var member = members[key] else { continue }
        members[key] = .null
        fill(rest, &member, elementPlan, keeping: keptMembers[key])
        members[key] = member
      }
    default:
      // A value the path does not fit: nothing to give it.
      break
    }
  }
}
