import SwiftReduce

/// Applies a journal's patches to a saved state as the file holds it, with
/// no types: a path's property is an object's member, a position an array's
/// element, a key an object's member named by the key, and a set's member an
/// element of a list, found by its value.
///
/// Optionals are where their values are: a patch below one that is `null`
/// is refused, as ``Store/apply(_:)`` refuses one below a `nil`.
@MainActor
struct StateFolding {
  /// Why a patch does not apply to the state, in words.
  struct Refusal: Error {
    let reason: String
  }

  /// Applies `patch` to `state`.
  static func apply(_ patch: JournalPatch, to state: inout Patch.EncodedValue) throws(Refusal) {
    try apply(patch, patch.path.components[...], to: &state)
  }

  private static func apply(
    _ patch: JournalPatch, _ components: ArraySlice<TreePath.Component>,
    to value: inout Patch.EncodedValue
  ) throws(Refusal) {
    guard let component = components.first else {
      return try applyHere(patch, to: &value)
    }
    let rest = components.dropFirst()
    // An insertion or a removal ends at the position it inserts or removes.
    if rest.isEmpty, patch.kind != .changed, case let .subscript(text) = component {
      switch value {
      case var .array(elements):
        value = .null
        defer { value = .array(elements) }
        guard let offset = Int(text) else { throw Refusal(reason: "[\(text)] is not a position") }
        if patch.kind == .inserted {
          guard (0...elements.count).contains(offset), let after = patch.after else {
            throw Refusal(reason: "[\(text)] is past the end")
          }
          elements.insert(after, at: offset)
        } else {
          guard elements.indices.contains(offset) else {
            throw Refusal(reason: "[\(text)] is not there")
          }
          elements.remove(at: offset)
        }
        return
      case var .object(members):
        value = .null
        defer { value = .object(members) }
        let key = try memberName(text)
        if patch.kind == .inserted {
          guard members[key] == nil, let after = patch.after else {
            throw Refusal(reason: "[\(text)] is there already")
          }
          members[key] = after
        } else {
          guard members.removeValue(forKey: key) != nil else {
            throw Refusal(reason: "[\(text)] is not there")
          }
        }
        return
      default:
        break
      }
    }
    // Each part is taken out of its container, and the container out of `value`, before it
    // changes: held once, it is changed in place rather than copied whole.
    switch component {
    case let .property(name):
      guard case var .object(members) = value else { throw notAPart(component, value) }
      guard var member = members[name] else { throw Refusal(reason: "\(name) is not there") }
      value = .null
      members[name] = .null
      defer { value = .object(members) }
      defer { members[name] = member }
      try apply(patch, rest, to: &member)
    case let .subscript(text):
      if case var .array(elements) = value {
        guard let offset = Int(text), elements.indices.contains(offset) else {
          throw Refusal(reason: "[\(text)] is not there")
        }
        var element = elements[offset]
        value = .null
        elements[offset] = .null
        defer { value = .array(elements) }
        defer { elements[offset] = element }
        try apply(patch, rest, to: &element)
        return
      }
      guard case var .object(members) = value else { throw notAPart(component, value) }
      let key = try memberName(text)
      guard var member = members[key] else { throw Refusal(reason: "[\(text)] is not there") }
      value = .null
      members[key] = .null
      defer { value = .object(members) }
      defer { members[key] = member }
      try apply(patch, rest, to: &member)
    case .enumCase:
      throw notAPart(component, value)
    }
  }

  private static func notAPart(_ component: TreePath.Component, _ value: Patch.EncodedValue)
    -> Refusal
  {
    value == .null
      ? Refusal(reason: "it is nil")
      : Refusal(reason: "\(component) does not name a part of the value there")
  }

  /// Applies `patch` to the value its path ends at: a value changed, or a
  /// set's member inserted or removed.
  private static func applyHere(_ patch: JournalPatch, to value: inout Patch.EncodedValue)
    throws(Refusal)
  {
    switch patch.kind {
    case .changed:
      guard let after = patch.after else { throw Refusal(reason: "the patch has no value after") }
      value = after
    case .inserted:
      guard case var .array(members) = value, let after = patch.after else {
        throw Refusal(reason: "it is not a set")
      }
      value = .null
      members.append(after)
      value = .array(members)
    case .removed:
      guard case var .array(members) = value, let before = patch.before,
        let index = members.firstIndex(of: before)
      else { throw Refusal(reason: "the member removed is not there") }
      value = .null
      members.remove(at: index)
      value = .array(members)
    }
  }

  /// The member name a dictionary's key is saved under, from the key as a
  /// path writes it: a string without its quotes, anything else as it is.
  private static func memberName(_ text: String) throws(Refusal) -> String {
    guard text.hasPrefix("\"") else { return text }
    guard let key = PersistenceTree.stringKey(inSubscript: text) else {
      throw Refusal(reason: "[\(text)] is not a key")
    }
    return key
  }
}
