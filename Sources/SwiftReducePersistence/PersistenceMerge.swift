import SwiftReduce

/// What merging the changes another process (or a person) saved to the file
/// did: the elements both changed, each its own way.
///
/// Its description is a sentence that names the file:
///
/// ```
/// Merged the changes another process saved to /tmp/todo.json.
/// Merged the changes another process saved to /tmp/todo.json; kept the value here where both changed one: title is "Groceries" here and "Shopping" there.
/// Merged the changes another process saved to /tmp/todo.json; settled where both changed one: views["Alien"] is 2 here and 3 there, kept 3.
/// ```
///
/// The second is a merge whose ``Persistence/resolveConflict`` kept another
/// value than the one here.
public struct PersistenceMerge: Equatable, Sendable, CustomStringConvertible {
  /// A place in a saved state, as the file's JSON holds it.
  public enum Step: Equatable, Hashable, Sendable {
    /// A member of an object: a property of a model or a struct, or a key
    /// of a dictionary, as the file writes it.
    case member(String)
    /// A position of a list: an array, or a set as the file lists it.
    case position(Int)
  }

  /// Which value a merge keeps for an element both changed, each its own way.
  public enum Resolution: Equatable, Sendable {
    /// The value here, which is what this process shows.
    case here
    /// The value the other process saved.
    case there
    /// Another value, as the file's JSON holds it.
    case value(Patch.EncodedValue)
    /// None: the element is removed, where it is a member of an object.
    case removed
  }

  /// An element both this process and the other changed, each its own way.
  public struct Conflict: Equatable, Sendable, CustomStringConvertible {
    /// The element's path from the root, as patches write paths.
    public let path: String
    /// The element's place in the saved state, member by member from the
    /// root: `[.member("views"), .member("Alien")]`.
    public let steps: [Step]
    /// The value both started from; `nil` when neither had it.
    public let base: Patch.EncodedValue?
    /// The value here; `nil` when it was removed here.
    public let here: Patch.EncodedValue?
    /// The value the other process saved; `nil` when it removed it.
    public let there: Patch.EncodedValue?
    /// The value the merge kept: the value here, unless
    /// ``Persistence/resolveConflict`` chose another; `nil` when it removed it.
    public let kept: Patch.EncodedValue?

    /// The conflict as words: `title is "Groceries" here and "Shopping" there`.
    public var description: String {
      let shown = { (value: Patch.EncodedValue?) in value.map { "\($0)" } ?? "removed" }
      return "\(path) is \(shown(here)) here and \(shown(there)) there"
    }
  }

  /// The path of the file, as it was given.
  public let path: String
  /// The elements both changed, in the order of their paths; empty when the
  /// changes did not meet.
  public let conflicts: [Conflict]

  /// The merge as a sentence that names the file.
  public var description: String {
    let merged = "Merged the changes another process saved to \(path)"
    guard !conflicts.isEmpty else { return merged + "." }
    if conflicts.allSatisfy({ $0.kept == $0.here }) {
      return merged + "; kept the value here where both changed one: "
        + conflicts.map(\.description).joined(separator: "; ") + "."
    }
    return merged + "; settled where both changed one: "
      + conflicts.map { "\($0), kept \($0.kept.map { "\($0)" } ?? "none")" }
      .joined(separator: "; ") + "."
  }
}
