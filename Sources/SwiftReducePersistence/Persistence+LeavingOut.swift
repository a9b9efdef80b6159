import SwiftReduce

// Leaving out: the properties named at attach (`leavingOut:`) are taken out
// of every state written, read or merged and of every record, so that the
// file never holds them and loading keeps the values the tree gives them.

extension Persistence {
  /// Refuses the left-out paths the tree's declared types do not take.
  ///
  /// A path must end at a stored property the types have (a typo would
  /// otherwise leave out nothing, silently); one below a collection or an
  /// optional must have a type with an empty value for the rows the file
  /// adds. Read from the types, past collections with no element yet.
  func checkLeftOut() throws(PersistenceError) {
    for path in leftOut {
      if let problem = tree.problem(leavingOut: path, below: Root.self) {
        throw failure("leavingOut: \(path) \(problem)", .properties)
      }
    }
  }

  /// Takes the left-out properties out of `state`, in place.
  func removeLeftOut(from state: inout Patch.EncodedValue) {
    for path in leftOut { Self.remove(path.components[...], from: &state) }
  }

  /// `patch` with the left-out properties taken out of its values; `nil`
  /// when it is about a left-out property, or below one.
  func leavingOut(_ patch: JournalPatch) -> JournalPatch? {
    guard !leftOut.isEmpty else { return patch }
    guard !isLeftOut(patch.path) else { return nil }
    var kept = patch
    let count = patch.path.components.count
    for path in leftOut
    where path.components.count > count
      && PersistenceTree.matches(path.components[..<count], patch.path.components[...])
    {
      let rest = path.components.dropFirst(count)
      if var before = kept.before {
        Self.remove(rest, from: &before)
        kept.before = before
      }
      if var after = kept.after {
        Self.remove(rest, from: &after)
        kept.after = after
      }
    }
    return kept
  }

  /// Whether `path` is a left-out property or a place below one.
  func isLeftOut(_ path: TreePath) -> Bool {
    leftOut.contains { leftOut in
      leftOut.components.count <= path.components.count
        && PersistenceTree.matches(
          leftOut.components[...], path.components.prefix(leftOut.components.count))
    }
  }

  /// Removes the member `components` end at from `value`, as the file's JSON holds it.
  private static func remove(
    _ components: ArraySlice<TreePath.Component>, from value: inout Patch.EncodedValue
  ) {
    guard let component = components.first else { return }
    let rest = components.dropFirst()
    switch (component, value) {
    case (let .property(name), .object(var members)):
      // Let go of, so that the members are changed in place rather than copied.
      value = .null
      defer { value = .object(members) }
      if rest.isEmpty {
        members.removeValue(forKey: name)
      } else if var member = members[name] {
        members[name] = .null
        remove(rest, from: &member)
        members[name] = member
      }
    case (let .subscript(text), .array(var elements)):
      value = .null
      defer { value = .array(elements) }
      let offsets = text == "*" ? Array(elements.indices) : Int(text).map { [$0] } ?? []
      for offset in offsets where elements.indices.contains(offset) {
        var element = elements[offset]
        elements[offset] = .null
        remove(rest, from: &element)
        elements[offset] = element
      }
    case (let .subscript(text), .object(var members)):
      value = .null
      defer { value = .object(members) }
      let keys =
        text == "*" ? Array(members.keys) : [PersistenceTree.stringKey(inSubscript: text) ?? text]
      for key in keys {
        guard var member = members[key] else { continue }
        members[key] = .null
        remove(rest, from: &member)
        members[key] = member
      }
    default:
      // An enum's payload, or a value the path does not fit: nothing is left out there.
      break
    }
  }
}
