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
      return "it does not end at a property; name the property to leave out"
    }
    switch walk(path.components[...], from: plans.plan(for: rootType), checking: true) {
    case let .problem(problem):
      return problem
    case let .reached(plan, isMadeFromTheFile) where isMadeFromTheFile:
      guard emptyValue(of: plan) == nil else { return nil }
      return
        "it is of type \(plan.name), and a row the file adds is given a left-out property's empty "
        + "value (nil, false, 0, \"\", an empty collection), which \(plan.name) has none of; "
        + "make it optional"
    case .reached, .unsaved, .atAKeyNotText:
      return nil
    }
  }

  /// Where a walk of a path along the declared types ends.
  private enum Walked {
    /// At a value of `plan`'s type; `isMadeFromTheFile` when the path
    /// passed a collection or an optional, whose values loading may make.
    case reached(TypePlan, isMadeFromTheFile: Bool)
    /// At, or below, a stored property no file holds (`weak`, `@Untraversed`).
    case unsaved
    /// At a key of a dictionary whose keys are not text, where a walk asked
    /// to stop there stopped.
    case atAKeyNotText
    /// Nowhere: why, in words that follow the path.
    case problem(String)
  }

  /// Follows `components` from a value of `plan`'s type along the declared
  /// types, through optionals.
  ///
  /// `checking` a left-out path, it also refuses the steps a left-out path
  /// cannot take: into a set, whose elements are known by their whole
  /// value; to one position of an array, which moves as rows come and go; to
  /// one key of a dictionary other than a key written as snapshots write it
  /// (`byName["k"]`, `byNumber[3]`); and into a value saved by its own
  /// `Codable` conformance whose keys are not its stored properties' names.
  private func walk(
    _ components: ArraySlice<TreePath.Component>, from plan: TypePlan, checking: Bool = false,
    stoppingAtAKeyNotText: Bool = false
  ) -> Walked {
    var plan = plan
    var isMadeFromTheFile = false
    for (index, component) in zip(components.indices, components) {
      if case .optional = plans.form(of: plan) {
        plan = unwrapped(plan)
        isMadeFromTheFile = true
      }
      let place = TreePath(Array(components[..<index]))
      switch component {
      case let .property(name):
        if checking, !isSavedByItsStoredNames(plan) {
          return .problem(
            "\(place) is of type \(plan.name), saved by its own Codable conformance under keys "
              + "that are not its stored properties' names (or that could not be checked); "
              + "leave out \(place) whole")
        }
        guard let field = namedField(name, of: plan) else {
          // A `weak` or `@Untraversed` property, which no file holds: nothing to leave out.
          if plans.fields(of: plan)?.contains(where: { Self.fileName(of: $0) == name }) == true {
            return .unsaved
          }
          return .problem("it names \(name), which is not a stored property of \(plan.name)")
        }
        plan = field.plan
      case let .subscript(text):
        guard case let .collection(collectionType) = plans.form(of: plan) else {
          return .problem("\(place) is of type \(plan.name), which has no elements")
        }
        if checking, let problem = problem(leavingOut: text, of: collectionType, at: place) {
          return .problem(problem)
        }
        if stoppingAtAKeyNotText, case let .keys(keyType) = collectionType.order,
          !Self.writesKeysAsNames(keyType)
        {
          return .atAKeyNotText
        }
        plan = plans.plan(for: Self.storedElementType(of: collectionType))
        isMadeFromTheFile = true
      case .enumCase:
        return .problem("\(place) is an enum's case; name a property of a model or a struct")
      }
    }
    return .reached(plan, isMadeFromTheFile: isMadeFromTheFile)
  }

  /// Why a left-out path cannot step to the elements `text` names in the
  /// collection at `place`; `nil` when it can.
  private func problem(
    leavingOut text: String, of collectionType: any StandardCollection.Type, at place: TreePath
  ) -> String? {
    switch collectionType.order {
    case .unordered:
      return
        "\(place) is a set, whose elements are known by their whole value: a property of them "
        + "cannot be left out; leave out \(place) whole"
    case .positions:
      guard text != "*" else { return nil }
      guard Int(text) != nil else {
        return "\(place)[\(text)] is not a position; name every element with \(place)[*]"
      }
      return
        "\(place)[\(text)] names one position, which moves as rows come and go; name every "
        + "element with \(place)[*]"
    case let .keys(keyType):
      guard text != "*" else { return nil }
      guard Self.writesKeysAsNames(keyType) else {
        return
          "\(place)'s keys are not text, so one of them cannot be named; name every element "
          + "with \(place)[*]"
      }
      guard keyType == String.self else {
        guard PatchValueCoding.key(text, as: keyType) == nil else { return nil }
        return "\(place)[\(text)] is not a key of \(place), whose keys are whole numbers"
      }
      guard Self.stringKey(inSubscript: text) == nil else { return nil }
      return
        "\(place)[\(text)] is not a key as snapshots write one: write \(place)[\"\(text)\"]"
    }
  }

  /// Whether the stored properties of a value of `plan`'s type are saved
  /// under their own names: a model or a struct saved property by property,
  /// or a `Codable` one whose conformance, tried on a value of empty values,
  /// reads and writes exactly its stored properties' names.
  private func isSavedByItsStoredNames(_ plan: TypePlan) -> Bool {
    guard !plan.mayHoldModels, let codable = plan.type as? any Codable.Type,
      case .fields = plans.form(of: plan)
    else { return true }
    // `emptyValue(of:)` has decoded it by its conformance already.
    guard case let .object(members)? = emptyValue(of: plan),
      let decoded = try? Patch.decode(.object(members), as: codable),
      case let .object(written)? = try? PatchValueEncoder.encode(decoded)
    else { return false }
    return Set(written.keys) == Set(members.keys)
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

  /// The stored property of a saved model or struct the file names `name`.
  func namedField(_ name: String, of plan: TypePlan) -> PlanField? {
    namedFields(of: plan)?.first { Self.fileName(of: $0) == name }
  }

  /// The plan of the value an optional of `plan`'s type wraps, through
  /// optionals of optionals; `plan` itself when it is not an optional.
  func unwrapped(_ plan: TypePlan) -> TypePlan {
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

  // MARK: - Taking out and filling in

  /// Takes the left-out properties out of `state`, the saved state of a
  /// tree below a root of `rootType`, in place.
  package func removeLeftOut(from state: inout Patch.EncodedValue, below rootType: AnyObject.Type) {
    let plan = plans.plan(for: rootType)
    for leftOut in leftOut {
      edit(leftOut.components[...], &state, plan, keeping: nil) { members, name, _, _ in
        members.removeValue(forKey: name)
      }
    }
  }

  /// Takes the left-out properties below `path` out of `value`, a patch's
  /// value at `path` in a tree below a root of `rootType`, in place.
  package func removeLeftOut(
    from value: inout Patch.EncodedValue, at path: TreePath, below rootType: AnyObject.Type
  ) {
    let reaching = leftOut.filter { Self.reaches($0, below: path) }
    guard !reaching.isEmpty, let plan = plan(at: path, below: rootType) else { return }
    for leftOut in reaching {
      edit(leftOut.components.dropFirst(path.components.count), &value, plan, keeping: nil) {
        members, name, _, _ in members.removeValue(forKey: name)
      }
    }
  }

  /// `patch`, given the left-out properties below its path when it inserts.
  ///
  /// The value it inserts lacks them, as the file does: it is given their
  /// types' empty values, as a row the file adds is. Other patches are as
  /// they are.
  package func fillingLeftOut(_ patch: Patch, below rootType: AnyObject.Type) -> Patch {
    guard !leftOut.isEmpty, patch.kind == .inserted,
      var after = patch.after as? Patch.EncodedValue,
      leftOut.contains(where: { Self.reaches($0, below: patch.path) }),
      let plan = plan(at: patch.path, below: rootType)
    else { return patch }
    fillLeftOut(&after, at: patch.path, plan, keeping: nil)
    return Patch(kind: patch.kind, path: patch.path, before: patch.before, after: after)
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
      edit(leftOut.components.dropFirst(path.components.count), &saved, plan, keeping: kept) {
        members, name, field, keptMember in
        if members[name] == nil, let value = keptMember ?? emptyValue(of: field.plan) {
          members[name] = value
        }
      }
    }
  }

  /// The plan of the value at `path` below a root of `rootType`, read from
  /// the declared types; `nil` when the path does not lead to one.
  private func plan(at path: TreePath, below rootType: AnyObject.Type) -> TypePlan? {
    guard case let .reached(plan, _) = walk(path.components[...], from: plans.plan(for: rootType))
    else { return nil }
    return plan
  }

  /// Whether `path`, a patch's in a tree below a root of `rootType`, steps to
  /// a key of a dictionary whose keys are not text.
  ///
  /// A saved state holds such a dictionary as keys and values in turn, and
  /// a patch names the key only as text: it cannot be folded into a saved
  /// state, which is saved whole instead. Paths whose subscripts are all
  /// positions and quoted strings are told apart from their text alone.
  package func stepsToAKeyNotText(_ path: TreePath, below rootType: AnyObject.Type) -> Bool {
    let mayStep = path.components.contains { component in
      guard case let .subscript(text) = component else { return false }
      return Int(text) == nil && !text.hasPrefix("\"")
    }
    guard mayStep else { return false }
    let walked = walk(
      path.components[...], from: plans.plan(for: rootType), stoppingAtAKeyNotText: true)
    if case .atAKeyNotText = walked { return true }
    return false
  }

  /// Whether `leftOut` names a property below `path`.
  private static func reaches(_ leftOut: TreePath, below path: TreePath) -> Bool {
    leftOut.components.count > path.components.count
      && matches(leftOut.components.prefix(path.components.count), path.components[...])
  }

  /// The rows of an array as the tree holds them, matched with the rows of
  /// a saved array, which lack the left-out properties: a row that rows
  /// were inserted or removed before is the tree's row it was, not the one
  /// at its position.
  private struct KeptRows {
    let kept: [Patch.EncodedValue]
    /// How many more rows the saved array has.
    let shift: Int
    /// The tree's rows by their `id`, made when first asked.
    var byID: [Patch.EncodedValue: Patch.EncodedValue]?

    init(_ kept: [Patch.EncodedValue], count: Int) {
      self.kept = kept
      shift = count - kept.count
    }

    /// The tree's row that `saved`, at `offset` in the saved array, is: the
    /// one at its position, or shifted by the rows inserted or removed, that
    /// holds everything `saved` does; else the one with its `id`; else, in
    /// an array of the same length, the one at its position; else none.
    mutating func keptRow(of saved: Patch.EncodedValue, at offset: Int) -> Patch.EncodedValue? {
      guard !kept.isEmpty else { return nil }
      for candidate in Set([offset, offset - shift]).sorted()
      where kept.indices.contains(candidate) && Self.holds(kept[candidate], saved) {
        return kept[candidate]
      }
      if case let .object(members) = saved, let id = members["id"] {
        if byID == nil {
          byID = [:]
          for row in kept {
            if case let .object(rowMembers) = row, let rowID = rowMembers["id"] {
              byID?[rowID] = row
            }
          }
        }
        if let row = byID?[id] { return row }
      }
      return shift == 0 ? kept[offset] : nil
    }

    /// Whether `row` holds everything `saved` holds: equal but for the
    /// members `saved` lacks, at any depth.
    static func holds(_ row: Patch.EncodedValue, _ saved: Patch.EncodedValue) -> Bool {
      switch (row, saved) {
      case let (.object(rowMembers), .object(savedMembers)):
        savedMembers.allSatisfy { name, member in
          rowMembers[name].map { holds($0, member) } ?? false
        }
      case let (.array(rowElements), .array(savedElements)):
        rowElements.count == savedElements.count
          && zip(rowElements, savedElements).allSatisfy { holds($0, $1) }
      default:
        row == saved
      }
    }
  }

  /// What ``edit(_:_:_:keeping:_:)`` does where a left-out path ends: to
  /// the members of the model or struct that has the property, given its
  /// name, its stored property and the tree's value of it, if known.
  private typealias EditAtEnd = (
    _ members: inout [String: Patch.EncodedValue], _ name: String, _ field: PlanField,
    _ kept: Patch.EncodedValue?
  ) -> Void

  /// Edits the members that hold the property `components` end at.
  ///
  /// Follows `components` through `value`, a value of `plan`'s type as the
  /// file's JSON holds it, and `kept`, the tree's value at the same place,
  /// into every element a `*` names. A dictionary whose keys are not text
  /// holds keys and values in turn: only its values are followed.
  private func edit(
    _ components: ArraySlice<TreePath.Component>, _ value: inout Patch.EncodedValue,
    _ plan: TypePlan, keeping kept: Patch.EncodedValue?, _ atEnd: EditAtEnd
  ) {
    guard let component = components.first, value != .null else { return }
    let plan = unwrapped(plan)
    let rest = components.dropFirst()
    switch (component, value) {
    case (let .property(name), .object(var members)):
      guard let field = namedField(name, of: plan) else { return }
      let keptMember: Patch.EncodedValue? =
        if case let .object(keptMembers)? = kept { keptMembers[name] } else { nil }
      // Let go of, so that the members are changed in place rather than copied.
      value = .null
      defer { value = .object(members) }
      if rest.isEmpty {
        atEnd(&members, name, field, keptMember)
      } else if var member = members[name] {
        members[name] = .null
        edit(rest, &member, field.plan, keeping: keptMember, atEnd)
        members[name] = member
      }
    case (let .subscript(text), .array(var elements)):
      guard case let .collection(collectionType) = plans.form(of: plan) else { return }
      let elementPlan = plans.plan(for: Self.storedElementType(of: collectionType))
      let keptList: [Patch.EncodedValue] = if case let .array(list)? = kept { list } else { [] }
      // Each element followed, with the tree's value of it where the tree has one.
      var visits: [(index: Int, kept: Patch.EncodedValue?)] = []
      switch collectionType.order {
      case .positions:
        let offsets = text == "*" ? Array(elements.indices) : Int(text).map { [$0] } ?? []
        var rows = KeptRows(keptList, count: elements.count)
        visits = offsets.filter(elements.indices.contains).map { offset in
          (offset, rows.keptRow(of: elements[offset], at: offset))
        }
      case .keys:
        // Keys and values in turn; the tree's value is the one under the same key.
        guard text == "*" else { return }
        var keptValues: [Patch.EncodedValue: Patch.EncodedValue] = [:]
        for index in stride(from: 1, to: keptList.count, by: 2) {
          keptValues[keptList[index - 1]] = keptList[index]
        }
        visits = stride(from: 1, to: elements.count, by: 2).map {
          ($0, keptValues[elements[$0 - 1]])
        }
      case .unordered:
        // A set's elements have no place of their own in the tree's value.
        guard text == "*" else { return }
        visits = elements.indices.map { ($0, nil) }
      }
      value = .null
      defer { value = .array(elements) }
      for visit in visits {
        var element = elements[visit.index]
        elements[visit.index] = .null
        edit(rest, &element, elementPlan, keeping: visit.kept, atEnd)
        elements[visit.index] = element
      }
    case (let .subscript(text), .object(var members)):
      guard case let .collection(collectionType) = plans.form(of: plan) else { return }
      let elementPlan = plans.plan(for: Self.storedElementType(of: collectionType))
      let keptMembers: [String: Patch.EncodedValue] =
        if case let .object(keptMembers)? = kept { keptMembers } else { [:] }
      value = .null
      defer { value = .object(members) }
      let keys = text == "*" ? Array(members.keys) : [Self.stringKey(inSubscript: text) ?? text]
      for key in keys {
        guard var member = members[key] else { continue }
        members[key] = .null
        edit(rest, &member, elementPlan, keeping: keptMembers[key], atEnd)
        members[key] = member
      }
    default:
      // A value the path does not fit: nothing to edit there.
      break
    }
  }
}
