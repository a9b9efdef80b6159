extension Patch: @MainActor Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, path, before, after
    /// Set when the value after holds a model the tree held before the change.
    case movesModels
  }

  /// Encodes the patch as its kind, its path as text and its values as they
  /// were when the change was made.
  ///
  /// A `Codable` value is encoded by its conformance; a model, or a struct
  /// that is not `Codable` (a value model, say), by its stored properties,
  /// by name; optionals and the standard collections element by element.
  ///
  /// ```swift
  /// let patch = Patch(kind: .changed, path: "name", before: "", after: "Ada")
  /// let encoder = JSONEncoder()
  /// encoder.outputFormatting = .sortedKeys
  /// print(String(decoding: try encoder.encode(patch), as: UTF8.self))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// {"after":"Ada","before":"","kind":"changed","path":"name"}
  /// ```
  ///
  /// - Throws: `EncodingError.invalidValue` naming the property and the
  ///   type of a value that can be encoded neither way (an instance of a
  ///   class that is not a model, an enum with a payload that is not
  ///   `Codable`): nothing is left out silently.
  @MainActor public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let kindName: String =
      switch kind {
      case .changed: "changed"
      case .inserted: "inserted"
      case .removed: "removed"
      }
    try container.encode(kindName, forKey: .kind)
    try container.encode(path.description, forKey: .path)
    if recorded.afterHoldsTreeModels { try container.encode(true, forKey: .movesModels) }
    let coding = PatchValueCoding(plans: .shared)
    for (value, key) in [(recorded.before, CodingKeys.before), (recorded.after, .after)] {
      guard let value else { continue }
      let plan = recorded.plan ?? PlanCache.shared.plan(for: type(of: value))
      try container.encode(coding.encodable(value, plan), forKey: key)
    }
  }

  /// Decodes a patch encoded by ``encode(to:)``; its values are
  /// ``EncodedValue``s until ``Store/apply(_:)`` decodes them as the types
  /// of the properties they are applied to.
  ///
  /// - Throws: `DecodingError` when the kind is not `changed`, `inserted`
  ///   or `removed`, or a value the kind needs is missing.
  @MainActor public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(
      named: ["changed": Kind.changed, "inserted": .inserted, "removed": .removed],
      forKey: .kind, what: "kind of patch")
    let value = { (key: CodingKeys) throws -> EncodedValue? in
      // `null` is a value here: a property changed to `nil`.
      guard container.contains(key) else { return nil }
      return try container.decode(EncodedValue.self, forKey: key)
    }
    let (before, after) = (try value(.before), try value(.after))
    if (kind != .inserted && before == nil) || (kind != .removed && after == nil) {
      throw DecodingError.dataCorruptedError(
        forKey: before == nil ? .before : .after, in: container,
        debugDescription:
          "A patch of kind \(kind) needs its value \(before == nil ? "before" : "after").")
    }
    let path = TreePath(parsing: try container.decode(String.self, forKey: .path))
    let movesModels = try container.decodeIfPresent(Bool.self, forKey: .movesModels) ?? false
    self.init(
      kind: kind, path: path, before: before, after: after,
      recorded: Recorded(
        before: before, after: after, plan: nil, afterHoldsTreeModels: movesModels))
  }
}

extension KeyedDecodingContainer {
  /// The value `names` gives the name decoded for `key`, or an error that
  /// lists the names, calling the value `what`.
  func decode<Value>(named names: KeyValuePairs<String, Value>, forKey key: Key, what: String)
    throws -> Value
  {
    let name = try decode(String.self, forKey: key)
    guard let value = names.first(where: { $0.key == name })?.value else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription:
          "\"\(name)\" is not a \(what): \(names.map(\.key).joined(separator: ", ")).")
    }
    return value
  }
}

extension Patch {
  /// What the patch encodes, to compare with another by it: its kind, its
  /// path's text and its values as ``EncodedValue``s.
  ///
  /// - Throws: What encoding a value throws.
  @MainActor
  package func encodedParts() throws -> [EncodedValue] {
    let coding = PatchValueCoding(plans: .shared)
    let value = { (value: Any?) throws -> EncodedValue in
      guard let value else { return .null }
      let plan = recorded.plan ?? PlanCache.shared.plan(for: type(of: value))
      return try PatchValueEncoder.encode(coding.encodable(value, plan))
    }
    return [
      .string("\(kind)"), .string(path.description), try value(recorded.before),
      try value(recorded.after),
    ]
  }
}
