import SwiftReduce

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
///
/// Its ``reason`` is the cause as a value, for an app that reacts to one
/// cause: it need not read the sentence.
public struct PersistenceError: Error, CustomStringConvertible {
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

  /// Why it failed, as a value an app can switch on; the ``problem`` says
  /// it in words.
  ///
  /// A refusal that another program's change to the file led to (`another
  /// program changed it, and now …`) has the reason of what it found.
  public enum Reason: Equatable, Sendable {
    /// This user cannot write the file, its journal or the directory it
    /// would be made in: its mode, or a read-only file system.
    ///
    /// For the file, the problem is `you cannot write it (its mode is
    /// r--r--r--); make it writable with chmod u+w`, or, on a read-only file
    /// system, `it is on a read-only file system; remount it writable`; for
    /// its journal,
    /// `cannot write its journal /tmp/board.json.journal (permission
    /// denied)`, or, when a save opens it again, `cannot open its journal
    /// /tmp/board.json.journal (permission denied)`; for the directory,
    /// `cannot create a file in /tmp/boards (permission denied)`, or `cannot
    /// create /tmp/boards (read-only file system)` when the directory is not
    /// there yet.
    case notWritable(Location)
    /// The file belongs to another user, who would lose it: `it belongs to
    /// nobody, and saving would make it yours`.
    case ownedByAnotherUser
    /// The file, or its journal, is not a regular file, but what the
    /// ``FileType`` says.
    ///
    /// The problem is `it is a directory`, `it is a named pipe (FIFO), not a
    /// regular file`, `it is a device, not a regular file`, `it is a socket,
    /// not a regular file`, or `it is not a regular file`; for the journal,
    /// `its journal /tmp/board.json.journal: it is a named pipe (FIFO), not a
    /// regular file`, or `cannot open its journal /tmp/board.json.journal (is
    /// a directory)`.
    case notARegularFile(Location, FileType)
    /// Another state is in the file, not the one this store was loaded from
    /// or saved to: another lineage, or another user's file. Saves do not
    /// merge it; ``Persistence/overwrite()`` writes this state over it. The
    /// problem is `another state is there now, not the one this store was
    /// loaded from or saved to (another user's, or a new file); call
    /// overwrite() to write this state over it`.
    case otherState
    /// The file was saved by a newer version of its state than this program
    /// reads, the version given: `it was saved by version 3 of its state,
    /// and this program reads version 2 and older; it is left as it is`, or,
    /// found at a save, `another program changed it, and now it holds
    /// version 3 of its state, and this program saves version 2; nothing was
    /// written`.
    case newerVersion(Int)
    /// A value does not fit the tree, or cannot be saved, at the path given
    /// from the state's root.
    ///
    /// Loading says `state.counters[1].count: Expected Int, found "ten"`
    /// (`its state: …` for the root); a merge, `another program changed it,
    /// and now state.counters[1].count: Expected Int, found "ten"; nothing
    /// was merged`; a save, `counters[1].count: …` with why it cannot be
    /// encoded.
    case valueDoesNotFit(at: TreePath)
    /// Any other cause, which the problem names: a full disk (`no space left
    /// on device`), a file that is not valid JSON, a migration that failed,
    /// a property that cannot be saved.
    case other
  }

  /// Which of the files persistence keeps a cause is about.
  public enum Location: Equatable, Sendable {
    /// The file, the snapshot: the path given.
    case file
    /// The journal beside it: the same path with `.journal` added.
    case journal
    /// The directory the file, its journal or a new snapshot would be made in.
    case directory
  }

  /// What a path that is not a regular file is.
  public enum FileType: Equatable, Sendable {
    /// A directory.
    case directory
    /// A named pipe (FIFO).
    case namedPipe
    /// A character or block device.
    case device
    /// A socket.
    case socket
    /// Anything else that is not a regular file.
    case other
  }

  /// What was being done.
  public let kind: Kind
  /// The path of the file, as it was given.
  public let path: String
  /// What went wrong, in words, without the file's name.
  public let problem: String
  /// Why it went wrong, as a value.
  public let reason: Reason

  /// An error of `kind` about the file at `path`, of reason
  /// ``Reason/other``.
  public init(_ kind: Kind, path: String, problem: String) {
    self.init(kind, path: path, problem: problem, reason: .other)
  }

  /// An error of `kind` about the file at `path`, for `reason`.
  public init(_ kind: Kind, path: String, problem: String, reason: Reason) {
    self.kind = kind
    self.path = path
    self.problem = problem
    self.reason = reason
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

extension PersistenceError: Equatable {
  /// Whether two errors are the same: of the same kind, path, problem and
  /// reason.
  ///
  /// The reason is compared too: two errors that say the same words for
  /// different causes are handled differently by an app that switches on
  /// ``reason``, so they are not the same error. An error made with
  /// ``init(_:path:problem:)`` has reason ``Reason/other``, and equals a
  /// thrown refusal whose cause is none of the others: a file that is not
  /// valid JSON, a migration's refusal, a property that cannot be saved.
  public static func == (lhs: PersistenceError, rhs: PersistenceError) -> Bool {
    lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.problem == rhs.problem
      && lhs.reason == rhs.reason
  }
}
