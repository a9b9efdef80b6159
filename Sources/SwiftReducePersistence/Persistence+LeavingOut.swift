import SwiftReduce

// Leaving out: the properties named at attach (`leavingOut:`) are taken out
// of every state written, read or merged and of every record, so that the
// file never holds them and loading keeps the values the tree gives them.

extension Persistence {
  /// Refuses a left-out path that does not end at a stored property, or
  /// that names a property the tree's models do not have where the tree
  /// shows one: a typo would otherwise leave out nothing, silently.
  func checkLeftOut() throws(PersistenceError) {
    for path in leftOut {
      guard case .property = path.last else {
        throw failure(
          "leavingOut: \(path) does not end at a property; name the property to leave out",
          .properties)
      }
      if let missing = Self.missingProperty(path.components[...], in: store.root) {
        throw failure(
          "leavingOut: \(path) names \(missing), which is not a stored property there",
          .properties)
      }
    }
  }

  /// The first property along `components` that the value where the path
  /// is, read from the live tree, does not have; `nil` when all are there,
  /// or when the path passes a collection or a `nil`, past which there is
  /// nothing to check.
  private static func missingProperty(
    _ components: ArraySlice<TreePath.Component>, in value: Any
  ) -> String? {
    guard case let .property(name)? = components.first else { return nil }
    var mirror: Mirror? = Mirror(reflecting: value)
    if mirror?.displayStyle == .optional {
      guard let wrapped = mirror?.children.first?.value else { return nil }
      mirror = Mirror(reflecting: wrapped)
    }
    while let current = mirror {
      // An `@Observable` model keeps a property's value under its name with an underscore.
      if let child = current.children.first(where: { $0.label == name || $0.label == "_" + name }) {
        return missingProperty(components.dropFirst(), in: child.value)
      }
      mirror = current.superclassMirror
    }
    return name
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
      && Self.matches(path.components[..<count], patch.path.components[...])
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
        && Self.matches(leftOut.components[...], path.components.prefix(leftOut.components.count))
    }
  }

  /// Whether the components of a left-out path name the places `components`
  /// are: alike, or a subscript `*`, which stands for every element.
  private static func matches(
    _ leftOut: ArraySlice<TreePath.Component>, _ components: ArraySlice<TreePath.Component>
  ) -> Bool {
    leftOut.count == components.count
      && zip(leftOut, components).allSatisfy { leftOut, component in
        if leftOut == component { return true }
        if case .subscript("*") = leftOut, case .subscript = component { return true }
        return false
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
