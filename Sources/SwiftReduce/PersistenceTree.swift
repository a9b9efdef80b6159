/// What a file that keeps a store's state asks of the core: which stored
/// properties of a tree's types can be saved, the tree's state as a
/// ``Patch/EncodedValue``, and the patches that load a saved state into the
/// tree in place.
///
/// A tree is saved by the stored properties of its models and value models,
/// by name (an Observation registrar, the underscore of Observation's storage
/// and `@Untraversed` properties left out), each value by its own `Codable`
/// conformance or, for a model or a struct that is not `Codable`, by its
/// stored properties; optionals and the standard collections element by
/// element, as ``PatchValueCoding`` encodes a patch's values, so that a
/// patch applies to a saved state.
///
/// Models are kept in place where the tree holds them: the root, a model in
/// a stored property of one kept, and the models at the positions or keys an
/// array or a dictionary of models already has, or in an optional that
/// already holds one. Every other model is made from the file as
/// ``Store/apply(_:)`` makes one: no initialiser runs, a registrar is made
/// afresh and a `weak` reference is `nil`.
@MainActor
package struct PersistenceTree {
  let plans: PlanCache
  /// The properties the file leaves out, each by its path from the root,
  /// with `*` for every element of a collection: loading gives a value
  /// loaded whole the ones it lacks (PersistenceTree+LeavingOut.swift).
  let leftOut: [TreePath]

  /// A tree description that reads the types the store reads, for a file
  /// that leaves out the properties `leavingOut` names.
  package init(leavingOut: [TreePath] = []) {
    plans = .shared
    leftOut = leavingOut
  }

  /// A value of a saved state that does not fit the tree: where, and why.
  package struct BadValue: Error, Equatable {
    /// The path of the value from the root, as snapshots write paths.
    package let path: TreePath
    /// Why the value does not fit, in words.
    package let reason: String

    package init(path: TreePath, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  // MARK: - Properties that can be saved

  /// Each stored property of `rootType`'s tree that cannot be saved, as
  /// `Type.property: why`, in the order the types are met; empty when the
  /// whole tree can be.
  ///
  /// Read from the declared types, so that a property is named before any
  /// value is saved: one that is neither `Codable` nor a model, a struct, an
  /// optional or a standard collection of those; an `unowned` or `~Copyable`
  /// one; and one left out with `@Untraversed` in a model that may be made
  /// from the file (held in a collection or an optional), which nothing
  /// would set.
  package func unsavableProperties(of rootType: AnyObject.Type) -> [String] {
    var problems: [String] = []
    var checked = Set<CheckedType>()
    checkModel(plans.plan(for: rootType), isKept: true, &checked, &problems)
    return problems
  }

  private struct CheckedType: Hashable {
    let type: ObjectIdentifier
    let isKept: Bool
  }

  private func checkModel(
    _ plan: TypePlan, isKept: Bool, _ checked: inout Set<CheckedType>, _ problems: inout [String]
  ) {
    guard checked.insert(CheckedType(type: ObjectIdentifier(plan.type), isKept: isKept)).inserted
    else { return }
    guard let fields = plans.fields(of: plan) else {
      problems.append("\(plan.name): the runtime does not describe its stored properties")
      return
    }
    if !isKept, let model = plan.model, model.isTailAllocated || !model.noncopyableFields.isEmpty {
      problems.append("\(plan.name): a \(plan.name) cannot be made from the file")
    }
    for field in fields {
      let fieldPlan = plans.plan(for: field.type)
      let name = "\(plan.name).\(field.name)"
      switch plans.form(of: fieldPlan) {
      case .registrar: continue
      case .untraversed:
        if !isKept {
          problems.append(
            "\(name) is @Untraversed, and a \(plan.name) held in a collection or an optional "
              + "is made from the file, where nothing would set it")
        }
        continue
      case .noncopyable:
        problems.append("\(name) is ~Copyable")
        continue
      default: break
      }
      switch field.ownership {
      case .weak: continue
      case .strong:
        if case .model = plans.form(of: fieldPlan) {
          checkModel(fieldPlan, isKept: isKept, &checked, &problems)
        } else {
          checkValue(fieldPlan, name, &checked, &problems)
        }
      default:
        problems.append("\(name) is an unowned reference")
      }
    }
  }

  /// Checks a value that is decoded whole, where models are made anew.
  private func checkValue(
    _ plan: TypePlan, _ name: String, _ checked: inout Set<CheckedType>,
    _ problems: inout [String]
  ) {
    if !plan.mayHoldModels, plan.type is any Codable.Type { return }
    switch plans.form(of: plan) {
    case .model:
      checkModel(plan, isKept: false, &checked, &problems)
    case .fields:
      guard checked.insert(CheckedType(type: ObjectIdentifier(plan.type), isKept: false)).inserted
      else { return }
      guard let fields = plans.fields(of: plan) else {
        problems.append("\(name): the runtime does not describe \(plan.name)'s stored properties")
        return
      }
      for field in fields {
        let fieldPlan = plans.plan(for: field.type)
        let fieldName = "\(plan.name).\(field.name)"
        switch plans.form(of: fieldPlan) {
        case .registrar: continue
        case .untraversed:
          problems.append("\(fieldName) is @Untraversed, and a \(plan.name) is saved whole")
        case .noncopyable:
          problems.append("\(fieldName) is ~Copyable")
        default:
          checkValue(fieldPlan, fieldName, &checked, &problems)
        }
      }
    case let .optional(optionalType):
      checkValue(plans.plan(for: optionalType.wrappedType), name, &checked, &problems)
    case let .collection(collectionType):
      if case let .keys(keyType) = collectionType.order, !Self.writesKeysAsNames(keyType),
        !(keyType is any Codable.Type)
      {
        problems.append(
          "\(name): its keys, \(plans.plan(for: keyType).name), are neither Codable nor text")
      }
      let stored =
        Self.storedElementType(of: collectionType)
      checkValue(plans.plan(for: stored), name, &checked, &problems)
    default:
      // An enum with a payload whose type is `Codable`: saved by its own conformance.
      if plan.type is any Codable.Type { return }
      problems.append("\(name): \(plan.name) is neither Codable nor a model or a struct")
    }
  }

  /// Whether a dictionary with keys of `keyType` is written as an object,
  /// its keys as member names, as ``PatchValueCoding`` writes it.
  static func writesKeysAsNames(_ keyType: Any.Type) -> Bool {
    keyType == String.self || keyType is any FixedWidthInteger.Type
  }

  // MARK: - Paths

  /// The key a path's subscript names in a dictionary with `String` keys,
  /// written between quotes as snapshots write it; `nil` when it is not one.
  package static func stringKey(inSubscript text: String) -> String? {
    PatchResolution.key(text, as: String.self) as? String
  }

  /// The subscript a path writes for `key`, a key of a dictionary with
  /// `String` keys: between quotes, with escapes, as snapshots write it.
  package func subscriptText(ofStringKey key: String) -> String {
    Patch.text(key, plans.plan(for: String.self))
  }

  /// Whether `patch` is about a property of the tree below `root` that is
  /// saved: its path starts at one of the root's saved stored properties.
  ///
  /// A patch about a model no longer in the tree is named by the model's
  /// type, and one under a property that is not saved has nothing to save.
  package func isSaved(_ patch: Patch, below root: AnyObject) -> Bool {
    guard case let .property(name) = patch.path.components.first else { return false }
    return savedFields(of: plans.plan(for: type(of: root)))?.contains { $0.name == name } ?? false
  }

  /// The stored properties of a model or a struct that are saved, by the
  /// names the file uses.
  func savedFields(of plan: TypePlan) -> [PlanField]? {
    plans.fields(of: plan)?.filter { field in
      guard field.ownership == .strong else { return false }
      switch plans.form(of: plans.plan(for: field.type)) {
      case .registrar, .untraversed, .noncopyable: return false
      default: return true
      }
    }
  }

  /// The name a saved property has in the file: a tuple's unlabelled
  /// element without the dot the runtime gives it.
  static func fileName(of field: PlanField) -> String {
    field.name.hasPrefix(".") ? String(field.name.dropFirst()) : field.name
  }
}
