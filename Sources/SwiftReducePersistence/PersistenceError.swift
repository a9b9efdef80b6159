/// Why a file could not be attached, loaded or saved to; the file is left
/// as it was.
///
/// Its description is a sentence that names the file, and a value that
/// does not fit by its path from the saved state's root, `state`:
///
/// ```
/// cannot load /tmp/board.json: state.counters[1].count: Expected Int, found "ten".
/// Not saved to /tmp/board.json: no space left on device.
/// ```
public struct PersistenceError: Error, Equatable, CustomStringConvertible {
  /// What was being done when it failed.
  public enum Kind: Equatable, Sendable {
    /// Attaching: the tree has a property that cannot be saved, or a path
    /// given to `leavingOut` is refused.
    case properties
    /// Loading the saved state: the file is left as it is, and nothing is attached.
    case load
    /// Saving: what was not saved is kept, and written by the next save.
    case save
  }

  /// What was being done.
  public let kind: Kind
  /// The path of the file, as it was given.
  public let path: String
  /// What went wrong, in words, without the file's name.
  public let problem: String

  /// An error of `kind` about the file at `path`.
  public init(_ kind: Kind, path: String, problem: String) {
    self.kind = kind
    self.path = path
    self.problem = problem
  }

  /// The error as a sentence that names the file.
  public var description: String {
    // A problem quoting a message that ends its own sentence is not ended twice.
    let ending = problem.hasSuffix(".") ? "" : "."
    return switch kind {
    case .properties: "cannot save to \(path): \(problem)\(ending)"
    case .load: "cannot load \(path): \(problem)\(ending)"
    case .save: "Not saved to \(path): \(problem)\(ending)"
    }
  }
}
