extension PersistenceTree {
  /// What loads a saved state into a tree in place: the whole values of
  /// kept models' stored properties, and patches for the elements of kept
  /// collections, for ``Store/applyLoading(_:)``.
  package struct Loading {
    /// A stored property of a kept model, given its saved value whole.
    struct Replacement {
      let model: AnyObject
      let field: PlanField
      let path: TreePath
      let saved: Patch.EncodedValue
    }

    var replacements: [Replacement] = []
    /// Elements inserted into, removed from or changed in the collections of
    /// models the tree keeps, in order.
    package var patches: [Patch] = []

    /// Whether the tree holds the saved state already.
    package var isEmpty: Bool { replacements.isEmpty && patches.isEmpty }
  }

  /// What brings the tree below `root` to the saved state `saved`, keeping
  /// its models in place.
  ///
  /// A model the tree holds in a stored property, at a position of an array
  /// or a key of a dictionary that the saved state has too, or in an
  /// optional that holds one in both, is kept and loaded property by
  /// property; every other value that differs is loaded whole. A saved
  /// property the tree's model does not have is refused; a stored property
  /// the saved model does not have keeps the value the tree gives it.
  ///
  /// Values are decoded when they are applied, so that a valid file is read
  /// once; a value that does not fit is then checked part by part, to name
  /// the first part that does not.
  ///
  /// - Throws: ``BadValue`` for the first saved value, in the order of the
  ///   stored properties, that is not shaped as its property's type.
  package func loading(_ saved: Patch.EncodedValue, below root: AnyObject)
    throws(BadValue) -> Loading
  {
    var loading = Loading()
    try load(saved, into: root, at: .root, &loading)
    return loading
  }

  private func load(
    _ saved: Patch.EncodedValue, into model: AnyObject, at path: TreePath,
    _ loading: inout Loading
  ) throws(BadValue) {
    let plan = plans.plan(for: type(of: model))
    guard case let .object(members) = saved else {
      throw BadValue(path: path, reason: "\(saved) is not a \(plan.name)")
    }
    guard let fields = savedFields(of: plan) else {
      throw BadValue(path: path, reason: "the runtime does not describe \(plan.name)'s properties")
    }
    try refuseUnknownMembers(members, fields, plan, path)
    let address = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
    for field in fields {
      let name = Self.fileName(of: field)
      guard let member = members[name] else { continue }
      let fieldPlan = field.plan
      let current = fieldPlan.access.load(from: address + field.offset)
      try load(
        member, over: current, fieldPlan, at: path.appending(.property(name)), &loading,
        owner: (model, field))
    }
  }

  /// Loads `saved` over `current`, a value of the type `plan` describes,
  /// held by `owner`'s stored property or, when it is `nil`, inside one.
  private func load(
    _ saved: Patch.EncodedValue, over current: Any, _ plan: TypePlan, at path: TreePath,
    _ loading: inout Loading, owner: (model: AnyObject, field: PlanField)? = nil
  ) throws(BadValue) {
    switch plans.form(of: plan) {
    case .model:
      return try load(saved, into: current as AnyObject, at: path, &loading)
    case .optional:
      // Through optionals of optionals, to the model the tree holds, if it holds one.
      var wrappedPlan = plan
      var wrapped: Any? = current
      while case let .optional(optionalType) = plans.form(of: wrappedPlan), let value = wrapped {
        wrapped = optionalType.unwrap(value)
        wrappedPlan = plans.plan(for: optionalType.wrappedType)
      }
      if case .model = plans.form(of: wrappedPlan), let wrapped, saved != .null {
        return try load(saved, into: wrapped as AnyObject, at: path, &loading)
      }
    case let .collection(collectionType):
      let stored =
        Self.storedElementType(of: collectionType)
      let elementPlan = plans.plan(for: stored)
      guard case .model = plans.form(of: elementPlan) else { break }
      let elements = collectionType.elements(of: current)
      guard !elements.isEmpty else { break }
      switch (collectionType.order, saved) {
      case let (.positions, .array(list)):
        return try loadElements(list, over: elements, elementPlan, at: path, &loading)
      case let (.keys(keyType), .object(members)) where Self.writesKeysAsNames(keyType):
        // Keys by the member names the file gives them: a string, or an integer's digits.
        let keysAreText = keyType == String.self
        let names = collectionType.keys(of: current).map { key in
          keysAreText ? key as? String ?? "" : "\(key)"
        }
        return try loadEntries(
          members, over: Dictionary(zip(names, elements)) { first, _ in first }, elementPlan,
          at: path, keysAreText: keysAreText, &loading)
      default:
        break
      }
    default:
      break
    }
    let before = try encode(current, plan, path)
    var saved = saved
    fillLeftOut(&saved, at: path, plan, keeping: before)
    guard before != saved else { return }
    if let owner {
      loading.replacements.append(
        Loading.Replacement(model: owner.model, field: owner.field, path: path, saved: saved))
      return
    }
    try check(saved, plan, path)
    loading.patches.append(Patch(kind: .changed, path: path, before: before, after: saved))
  }

  /// Loads the models of an array in place, position by position; those
  /// past the end of one are inserted or removed.
  private func loadElements(
    _ list: [Patch.EncodedValue], over elements: [Any], _ elementPlan: TypePlan,
    at path: TreePath, _ loading: inout Loading
  ) throws(BadValue) {
    for (offset, (saved, element)) in zip(list, elements).enumerated() {
      try load(
        saved, into: element as AnyObject, at: path.appending(.subscript(String(offset))),
        &loading)
    }
    for offset in elements.count..<max(elements.count, list.count) {
      let elementPath = path.appending(.subscript(String(offset)))
      var added = list[offset]
      fillLeftOut(&added, at: elementPath, elementPlan, keeping: nil)
      try check(added, elementPlan, elementPath)
      loading.patches.append(Patch(kind: .inserted, path: elementPath, before: nil, after: added))
    }
    // From the end, so that each position is still the element's.
    for offset in (list.count..<max(list.count, elements.count)).reversed() {
      let elementPath = path.appending(.subscript(String(offset)))
      let before = try encode(elements[offset], elementPlan, elementPath)
      loading.patches.append(Patch(kind: .removed, path: elementPath, before: before, after: nil))
    }
  }

  /// Loads the models of a dictionary with `String` or integer keys in
  /// place, key by key, each by the member name the file gives it; keys in
  /// one of them only are inserted or removed.
  private func loadEntries(
    _ members: [String: Patch.EncodedValue], over entries: [String: Any],
    _ elementPlan: TypePlan, at path: TreePath, keysAreText: Bool, _ loading: inout Loading
  ) throws(BadValue) {
    for key in Set(members.keys).union(entries.keys).sorted() {
      // A path writes a string key between quotes, an integer as its digits.
      let entryPath = path.appending(
        .subscript(keysAreText ? subscriptText(ofStringKey: key) : key))
      switch (members[key], entries[key]) {
      case let (saved?, element?):
        try load(saved, into: element as AnyObject, at: entryPath, &loading)
      case (var added?, nil):
        fillLeftOut(&added, at: entryPath, elementPlan, keeping: nil)
        try check(added, elementPlan, entryPath)
        loading.patches.append(Patch(kind: .inserted, path: entryPath, before: nil, after: added))
      case let (nil, element?):
        let before = try encode(element, elementPlan, entryPath)
        loading.patches.append(Patch(kind: .removed, path: entryPath, before: before, after: nil))
      case (nil, nil):
        continue
      }
    }
  }

  private func encode(_ value: Any, _ plan: TypePlan, _ path: TreePath) throws(BadValue)
    -> Patch.EncodedValue
  {
    var inside: [ObjectIdentifier] = []
    return try encode(value, plan, path, &inside)
  }

  private func refuseUnknownMembers(
    _ members: [String: Patch.EncodedValue], _ fields: [PlanField], _ plan: TypePlan,
    _ path: TreePath
  ) throws(BadValue) {
    let known = Set(fields.map(Self.fileName(of:)))
    if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
      throw BadValue(
        path: path.appending(.property(unknown)),
        reason: "\(plan.name) has no saved stored property named \(unknown)")
    }
  }

  // MARK: - Checking

  /// The path of the value a decoding error's `codingPath` names, below
  /// `path`, where a value of `plan`'s type is: a dictionary's key as a
  /// subscript, as snapshots write it (`ratings["Odes"]`), a property by
  /// its name, a position by its number.
  private func path(to codingPath: [any CodingKey], from path: TreePath, _ plan: TypePlan)
    -> TreePath
  {
    var path = path
    var plan: TypePlan? = plan
    for key in codingPath {
      let current = plan.map(unwrapped)
      var component: TreePath.Component =
        key.intValue.map { .subscript(String($0)) } ?? .property(key.stringValue)
      if let current, case let .collection(collectionType) = plans.form(of: current) {
        if case let .keys(keyType) = collectionType.order, Self.writesKeysAsNames(keyType) {
          component = .subscript(
            keyType == String.self ? subscriptText(ofStringKey: key.stringValue) : key.stringValue)
        }
        plan = plans.plan(for: Self.storedElementType(of: collectionType))
      } else {
        // A key a conformance of its own names may be no stored property: the plan ends.
        plan = current.flatMap { namedField(key.stringValue, of: $0)?.plan }
      }
      path = path.appending(component)
    }
    return path
  }

  /// Throws for the first part of `saved` that is not a value of the type
  /// `plan` describes, naming its path.
  func check(_ saved: Patch.EncodedValue, _ plan: TypePlan, _ path: TreePath) throws(BadValue) {
    if !plan.mayHoldModels, let decodable = plan.type as? any Decodable.Type {
      do {
        _ = try Patch.decode(saved, as: decodable)
        return
      } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(
        _, context),
        let DecodingError.keyNotFound(_, context), let DecodingError.dataCorrupted(context)
      {
        throw BadValue(
          path: self.path(to: context.codingPath, from: path, plan),
          reason: context.debugDescription)
      } catch {
        throw BadValue(path: path, reason: "\(saved) is not a \(plan.name): \(error)")
      }
    }
    switch plans.form(of: plan) {
    case .model, .fields:
      guard case let .object(members) = saved else {
        throw BadValue(path: path, reason: "\(saved) is not a \(plan.name)")
      }
      guard let fields = namedFields(of: plan) else {
        throw BadValue(
          path: path, reason: "the runtime does not describe \(plan.name)'s properties")
      }
      try refuseUnknownMembers(members, fields, plan, path)
      for field in fields {
        let name = Self.fileName(of: field)
        guard let member = members[name] else {
          throw BadValue(
            path: path.appending(.property(name)), reason: "\(plan.name).\(name) is missing")
        }
        try check(member, field.plan, path.appending(.property(name)))
      }
    case let .optional(optionalType):
      guard saved != .null else { return }
      try check(saved, plans.plan(for: optionalType.wrappedType), path)
    case let .collection(collectionType):
      let stored =
        Self.storedElementType(of: collectionType)
      let elementPlan = plans.plan(for: stored)
      switch (collectionType.order, saved) {
      case let (.keys(keyType), .object(members)) where Self.writesKeysAsNames(keyType):
        let keyPlan = plans.plan(for: keyType)
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
          guard let key = PatchValueCoding.key(name, as: keyType) else {
            throw BadValue(path: path, reason: "\"\(name)\" is not a \(keyPlan.name) key")
          }
          try check(member, elementPlan, path.appending(.subscript(Patch.text(key, keyPlan))))
        }
      case let (.keys(keyType), .array(list)) where !Self.writesKeysAsNames(keyType):
        guard list.count.isMultiple(of: 2) else {
          throw BadValue(path: path, reason: "a dictionary's keys and values should alternate")
        }
        let keyPlan = plans.plan(for: keyType)
        for index in stride(from: 0, to: list.count, by: 2) {
          try check(list[index], keyPlan, path)
          try check(list[index + 1], elementPlan, path.appending(.subscript("\(list[index])")))
        }
      case (.keys, _):
        throw BadValue(path: path, reason: "\(saved) is not a \(plan.name)")
      case let (_, .array(list)):
        for (offset, element) in list.enumerated() {
          try check(element, elementPlan, path.appending(.subscript(String(offset))))
        }
      default:
        throw BadValue(path: path, reason: "\(saved) is not a \(plan.name)")
      }
    default:
      // An enum with a payload whose type is `Codable`: by its own conformance.
      guard let decodable = plan.type as? any Decodable.Type, plan.type is any Encodable.Type
      else {
        throw BadValue(
          path: path, reason: "\(plan.name) is neither Codable nor a model or a struct")
      }
      do {
        _ = try Patch.decode(saved, as: decodable)
      } catch {
        throw BadValue(path: path, reason: "\(saved) is not a \(plan.name): \(error)")
      }
    }
  }
}
