import SwiftReduce

/// What merging the changes another process (or a person) saved to the file
/// did: the elements both changed, each its own way.
///
/// Its description is a sentence that names the file:
///
/// ```
/// Merged the changes another process saved to /tmp/todo.json.
/// Merged the changes another process saved to /tmp/todo.json; kept the value here where both changed one: title is "Groceries" here and "Shopping" there.
/// ```
public struct PersistenceMerge: Equatable, Sendable, CustomStringConvertible {
  /// An element both this process and the other changed, each its own way:
  /// the value here is kept.
  public struct Conflict: Equatable, Sendable, CustomStringConvertible {
    /// The element's path from the root, as patches write paths.
    public let path: String
    /// The value here, which is kept; `nil` when it was removed here.
    public let here: Patch.EncodedValue?
    /// The value the other process saved; `nil` when it removed it.
    public let there: Patch.EncodedValue?

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
    return merged + "; kept the value here where both changed one: "
      + conflicts.map(\.description).joined(separator: "; ") + "."
  }
}
