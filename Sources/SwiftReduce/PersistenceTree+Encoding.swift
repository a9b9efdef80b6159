extension PersistenceTree {
  /// The saved state of the tree below `root`: its saved stored properties
  /// by name, each encoded as a patch's values are.
  ///
  /// - Throws: ``BadValue`` naming the first value that cannot be encoded:
  ///   one ``unsavableProperties(of:)`` would name, met in a value of a
  ///   type declared more loosely, or a model that holds itself.
  package func encode(_ root: AnyObject) throws(BadValue) -> Patch.EncodedValue {
    var inside: [ObjectIdentifier] = []
    return try encode(root, plans.plan(for: type(of: root)), .root, &inside)
  }

  /// `value`, of the type `plan` describes, at `path`, inside the models `inside`.
  func encode(
    _ value: Any, _ plan: TypePlan, _ path: TreePath, _ inside: inout [ObjectIdentifier]
  ) throws(BadValue) -> Patch.EncodedValue {
    // The common leaves first, without a coder.
    switch value {
    case let text as String: return .string(text)
    case let number as Int: return .int(Int64(number))
    case let flag as Bool: return .bool(flag)
    case let number as Double: return .double(number)
    case let encoded as Patch.EncodedValue: return encoded
    default: break
    }
    if !plan.mayHoldModels, let encodable = value as? any Encodable {
      do {
        return try PatchValueEncoder.encode(encodable)
      } catch {
        throw BadValue(path: path, reason: "\(plan.name) cannot be encoded: \(error)")
      }
    }
    switch plans.form(of: plan) {
    case .model:
      let object = value as AnyObject
      let identifier = ObjectIdentifier(object)
      guard !inside.contains(identifier) else {
        throw BadValue(path: path, reason: "\(plan.name) holds itself through its models: a cycle")
      }
      // The instance's own class: a subclass's properties are saved too.
      let objectPlan = plans.plan(for: type(of: object))
      guard let fields = savedFields(of: objectPlan) else {
        throw BadValue(
          path: path, reason: "the runtime does not describe \(plan.name)'s properties")
      }
      inside.append(identifier)
      defer { inside.removeLast() }
      let address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      var members: [String: Patch.EncodedValue] = [:]
      members.reserveCapacity(fields.count)
      for field in fields {
        let name = Self.fileName(of: field)
        let fieldPlan = field.plan
        members[name] = try encode(
          fieldPlan.access.load(from: address + field.offset), fieldPlan,
          path.appending(.property(name)), &inside)
      }
      return .object(members)
    case .fields:
      guard let fields = plans.fields(of: plan) else {
        throw BadValue(
          path: path, reason: "the runtime does not describe \(plan.name)'s properties")
      }
      var members: [String: Patch.EncodedValue] = [:]
      var failure: BadValue?
      plan.access.withBytes(of: value) { base in
        for field in fields where failure == nil {
          let fieldPlan = field.plan
          if case .registrar = plans.form(of: fieldPlan) { continue }
          let name = Self.fileName(of: field)
          do throws(BadValue) {
            members[name] = try encode(
              fieldPlan.access.load(from: base + field.offset), fieldPlan,
              path.appending(.property(name)), &inside)
          } catch {
            failure = error
          }
        }
      }
      if let failure { throw failure }
      return .object(members)
    case let .optional(optionalType):
      guard let wrapped = optionalType.unwrap(value) else { return .null }
      return try encode(wrapped, plans.plan(for: optionalType.wrappedType), path, &inside)
    case let .collection(collectionType):
      let stored =
        Self.storedElementType(of: collectionType)
      let elementPlan = plans.plan(for: stored)
      let elements = collectionType.elements(of: value)
      guard case let .keys(keyType) = collectionType.order else {
        var list: [Patch.EncodedValue] = []
        list.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
          list.append(
            try encode(element, elementPlan, path.appending(.subscript(String(offset))), &inside))
        }
        return .array(list)
      }
      let keys = collectionType.keys(of: value)
      let keyPlan = plans.plan(for: keyType)
      if Self.writesKeysAsNames(keyType) {
        var members: [String: Patch.EncodedValue] = [:]
        for (key, element) in zip(keys, elements) {
          members["\(key)"] = try encode(
            element, elementPlan, path.appending(.subscript(Patch.text(key, keyPlan))), &inside)
        }
        return .object(members)
      }
      // As `Dictionary` encodes itself: keys and values in turn.
      var list: [Patch.EncodedValue] = []
      for (key, element) in zip(keys, elements) {
        let keyPath = path.appending(.subscript(Patch.text(key, keyPlan)))
        list.append(try encode(key, keyPlan, keyPath, &inside))
        list.append(try encode(element, elementPlan, keyPath, &inside))
      }
      return .array(list)
    default:
      // An enum with a payload, or an existential, whose type is `Codable`: by its own conformance.
      if let encodable = value as? any Encodable, plan.type is any Decodable.Type {
        do {
          return try PatchValueEncoder.encode(encodable)
        } catch {
          throw BadValue(path: path, reason: "\(plan.name) cannot be encoded: \(error)")
        }
      }
      throw BadValue(path: path, reason: "\(plan.name) is neither Codable nor a model or a struct")
    }
  }
}
