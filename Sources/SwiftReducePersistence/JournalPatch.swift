import SwiftReduce

/// One patch as a journal's record holds it:
/// `{"after":1,"before":0,"kind":"changed","path":"counters[0].count"}`,
/// with no `before` for an insertion and no `after` for a removal.
struct JournalPatch: Equatable {
  /// Why a record's patch cannot be read, in words.
  struct Refusal: Error {
    let reason: String
  }

  let kind: Patch.Kind
  let path: TreePath
  var before: Patch.EncodedValue?
  var after: Patch.EncodedValue?

  /// `patch` with its values encoded as its `Codable` form encodes them.
  ///
  /// - Throws: What encoding one of its values throws.
  @MainActor
  init(_ patch: Patch) throws {
    let parts = try patch.encodedParts()
    kind = patch.kind
    path = patch.path
    // `.none`, not `nil`: an encoded value is itself `nil`-literal, `null`.
    before = patch.kind == .inserted ? .none : parts[2]
    after = patch.kind == .removed ? .none : parts[3]
  }

  /// The patch `encoded` holds, as ``encoded`` writes it.
  init(_ encoded: Patch.EncodedValue) throws(Refusal) {
    guard case let .object(members) = encoded else {
      throw Refusal(reason: "a patch should be an object")
    }
    switch members["kind"] {
    case .string("changed"): kind = .changed
    case .string("inserted"): kind = .inserted
    case .string("removed"): kind = .removed
    default: throw Refusal(reason: "a patch's kind should be changed, inserted or removed")
    }
    guard case let .string(path) = members["path"] else {
      throw Refusal(reason: "a patch's path should be a string")
    }
    self.path = TreePath(parsing: path)
    (before, after) = (members["before"], members["after"])
    if (kind != .inserted && before == nil) || (kind != .removed && after == nil) {
      throw Refusal(
        reason: "a patch of kind \(kind) needs its value \(before == nil ? "before" : "after")")
    }
  }

  /// The patch as a record holds it.
  var encoded: Patch.EncodedValue {
    var members: [String: Patch.EncodedValue] = [
      "kind": .string("\(kind)"), "path": .string(path.description),
    ]
    if let before { members["before"] = before }
    if let after { members["after"] = after }
    return .object(members)
  }
}
