import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The JSON file that keeps the state between runs.
///
/// - Saving is atomic: the new content goes to a temporary file beside the
///   real file, created exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, so a link
///   planted at its name is never followed), flushed to disk, given the mode
///   and owner of the file it replaces, and renamed over it. The file is
///   always either the old or the new complete state.
/// - A state file that is a symbolic link is written through: the link stays
///   and the file it points to gets the new state.
/// - Saves are serialised between MovieList processes with a lock on the
///   file's directory (`flock`). Under that lock, a save first checks whether
///   the file changed since this process last read or wrote it; when it did,
///   the file's state is merged three ways with this instance's, from the
///   version it last loaded or saved (see ``ThreeWayMerge``), so two
///   instances never lose each other's changes. Temporaries left by a killed
///   run are removed under the lock.
/// - Each list has a lineage, written in the file under `"lineage"`: made
///   when a list is first saved, and kept by every save that builds on it.
///   A file of another lineage (another user's list, a new file made after
///   this one was removed) is never merged: saves are refused until the user
///   chooses to write over it (``overwriteOtherList()``).
/// - Keys of the file that MovieList does not know are kept on save.
final class StateFile {
  /// Why the state file cannot be used; the file is left as it is.
  struct LoadError: Error, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "cannot load \(path): \(problem)." }
  }

  /// Why the state could not be saved; the file is left as it was.
  struct SaveError: Error, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "Not saved to \(path): \(problem)." }
  }

  /// The path the user named, which may be a symbolic link.
  let path: String

  /// The top-level keys of the file other than `name` and `movies`.
  private(set) var unknownKeys: [String: JSONValue] = [:]

  /// The movies of the state last read, sorted by title, when the file was
  /// read as MovieList writes it (see ``WrittenFile``); `nil` otherwise.
  private(set) var sortedTitles: SortedTitles?

  /// The file as this process last read or wrote it; `.some(nil)` when it
  /// did not exist, `nil` before the first load.
  private var lastSeen: FileIdentity??

  /// The lineage of this instance's list; `nil` until it was first loaded
  /// from or saved to a file.
  private(set) var lineage: String?

  /// The state this instance last loaded or saved: the base of a merge.
  private(set) var base = Snapshot(name: "", movies: [:])

  /// Why saves are refused: a file of another lineage is at the path.
  private(set) var otherList: String?

  /// Whether the next save writes over the other list, as the user chose.
  private var overwritesOtherList = false

  /// Whether the last save failed; the next may then find nothing to save.
  private var lastSaveFailed = false

  /// Why the file, as loaded, cannot be saved: it is opened read-only.
  private(set) var readOnlyReason: String?

  /// What the loading read in its own way and says, such as a sort order
  /// this version does not know.
  private(set) var loadNotes: [String] = []

  init(path: String) {
    self.path = path
  }

  // MARK: - Loading

  /// The saved state, or `nil` when there is no file yet.
  ///
  /// Also removes temporaries left by killed runs. A file that this user
  /// could read but not save is loaded, with ``readOnlyReason`` saying why.
  func load() throws(LoadError) -> Snapshot? {
    let real = Self.resolvingLinks(path)
    loadNotes = []
    let result = try readFile(real)
    lastSeen = .some(result?.identity)
    // A file this user may not save is opened to look at: every save is refused.
    readOnlyReason = Self.whyUnwritable(real)
    withDirectoryLock(of: real) { removeStaleTemporaries(of: real) }
    if let result {
      lineage = result.lineage
      base = result.snapshot
    }
    return result?.snapshot
  }

  /// What one read of the file gave.
  private struct Loaded {
    let snapshot: Snapshot
    let identity: FileIdentity
    /// The lineage written in the file or, for a file without one (written
    /// by hand or by an older MovieList), one made from the version read,
    /// which every instance that read the same version makes alike.
    let lineage: String
  }

  /// Reads and decodes the file at `real`, with the identity of what was read.
  private func readFile(_ real: String) throws(LoadError) -> Loaded? {
    // Without blocking: opening a named pipe would wait for a writer.
    let descriptor = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw LoadError(path: path, problem: Self.systemError())
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw LoadError(path: path, problem: Self.systemError())
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw LoadError(path: path, problem: Self.whatItIs(status.st_mode))
    }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        data.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw LoadError(path: path, problem: Self.systemError())
      }
    }
    guard !data.isEmpty else { throw LoadError(path: path, problem: "it is empty") }
    let (snapshot, unknown, sorted, lineage) = try decode(data)
    unknownKeys = unknown
    sortedTitles = sorted
    let identity = FileIdentity(status)
    return Loaded(
      snapshot: snapshot, identity: identity,
      lineage: lineage
        ?? "\(identity.device)-\(identity.inode)-\(identity.size)-\(identity.modifiedSeconds)."
        + "\(identity.modifiedNanoseconds)")
  }

  private func decode(
    _ data: Data
  ) throws(LoadError) -> (Snapshot, [String: JSONValue], SortedTitles?, String?) {
    // The file as MovieList writes it, read fastest, in its order.
    if let file = data.withUnsafeBytes({ WrittenFile($0) }) {
      let snapshot = Snapshot(name: file.name, movies: file.movies, order: file.order)
      return (snapshot, [:], file.sortedTitles, file.lineage)
    }
    // With other keys, read fast; anything else is read value by value
    // below, which explains what is wrong.
    if let file = try? JSONDecoder().decode(WellFormedFile.self, from: data),
      file.movies.values.allSatisfy({ $0 >= 1 })
    {
      var unknown = file.unknownKeys
      let lineage = unknown.removeValue(forKey: "lineage")
      let order: MovieOrder? =
        switch unknown.removeValue(forKey: "sort") {
        case nil: .title
        case .string(let text): MovieOrder(rawValue: text) ?? unknownOrder(text)
        default: nil
        }
      if let order, lineage == nil || lineage?.string != nil {
        let movies = file.movies.mapValues { Int($0) }
        return (
          Snapshot(name: file.name, movies: movies, order: order), unknown, nil, lineage?.string
        )
      }
    }
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw LoadError(path: path, problem: "it is not valid JSON")
    }
    guard case .object(var fields) = value else {
      throw LoadError(path: path, problem: "the top level should be an object")
    }
    let name: String
    switch fields.removeValue(forKey: "name") {
    case .string(let text): name = text
    case nil: throw LoadError(path: path, problem: "\"name\" is missing")
    case .null: throw LoadError(path: path, problem: "\"name\" should be a string, not null")
    default: throw LoadError(path: path, problem: "\"name\" should be a string")
    }
    let entries: [String: JSONValue]
    switch fields.removeValue(forKey: "movies") {
    case .object(let object): entries = object
    case nil: throw LoadError(path: path, problem: "\"movies\" is missing")
    case .null: throw LoadError(path: path, problem: "\"movies\" should be an object, not null")
    default: throw LoadError(path: path, problem: "\"movies\" should be an object")
    }
    var movies: [String: Int] = [:]
    movies.reserveCapacity(entries.count)
    // Of several bad counts, the first title in order is named, without
    // sorting every title of a long list.
    var firstBad: String?
    for (title, value) in entries {
      if case .integer(let count) = value, count >= 1 {
        movies[title] = Int(count)
      } else if firstBad.map({ title < $0 }) ?? true {
        firstBad = title
      }
    }
    if let firstBad {
      try viewCount(entries[firstBad] ?? .null, of: firstBad)
    }
    let lineage: String?
    switch fields.removeValue(forKey: "lineage") {
    case nil: lineage = nil
    case .string(let text): lineage = text
    default: throw LoadError(path: path, problem: "\"lineage\" should be a string")
    }
    var order = MovieOrder.title
    switch fields.removeValue(forKey: "sort") {
    case nil: break
    case .string(let text):
      order = MovieOrder(rawValue: text) ?? unknownOrder(text)
    default:
      throw LoadError(path: path, problem: "\"sort\" should be \"title\" or \"views\"")
    }
    return (Snapshot(name: name, movies: movies, order: order), fields, nil, lineage)
  }

  /// The order read for a sort order this version does not know, such as
  /// one a later version wrote: the default, with a note that says so.
  private func unknownOrder(_ text: String) -> MovieOrder {
    loadNotes.append(
      "The file's sort order \"\(text)\" is not one this version knows: the list is by title.")
    return .title
  }

  /// Explains why `value` is not a view count.
  private func viewCount(_ value: JSONValue, of title: String) throws(LoadError) {
    let quoted = "\"" + title + "\""
    switch value {
    case .integer(let count) where count >= 1:
      return
    case .integer(let count):
      throw LoadError(
        path: path, problem: "the view count of \(quoted) is \(count); counts start at 1")
    case .number(let count) where count.rounded() == count && count.isFinite:
      throw LoadError(
        path: path,
        problem: "the view count of \(quoted) is \(count), more than MovieList can count")
    case .number(let count):
      throw LoadError(
        path: path, problem: "the view count of \(quoted) is \(count), which is not a whole number"
      )
    default:
      throw LoadError(path: path, problem: "\"movies.\(title)\" should be a whole number")
    }
  }

  /// Why a save must not replace the file at `real`: the user cannot write
  /// it, or it belongs to another user; `nil` when it may be saved.
  ///
  /// Asked at the start and again before every save, since the file may be
  /// made read-only, or replaced by another user's, while the program runs.
  private static func whyUnwritable(_ real: String) -> String? {
    var status = stat()
    guard stat(real, &status) == 0 else { return nil }
    if access(real, W_OK) != 0 {
      return "you cannot write it (its mode is \(describeMode(status.st_mode))); "
        + "make it writable with chmod u+w, or choose another file with --file"
    }
    if geteuid() != 0 && status.st_uid != geteuid() {
      return "it belongs to \(userName(status.st_uid)), and saving would make it "
        + "yours; choose another file with --file"
    }
    return nil
  }

  // MARK: - Saving

  /// Saves the state `makeSnapshot` returns, keeping the unknown keys read.
  ///
  /// When another process saved the file since this process last read or
  /// wrote it, its state is merged with `makeSnapshot()` from the base
  /// (the state this instance last loaded or saved), under the lock, and
  /// the merge is given to `rebase` first, so that the snapshot saved
  /// includes the other process's changes. A file (or directory) that was
  /// removed is written again, whole, from the snapshot: removing it is not
  /// a change to merge, and merging it would lose everything on screen. A
  /// file made read-only, replaced by one of another user, or holding
  /// another list (see ``otherList``), is refused.
  ///
  /// `sorted` may give the same movies already sorted by title, which
  /// saves sorting them again.
  func save(
    _ makeSnapshot: () -> Snapshot,
    sorted: () -> SortedTitles? = { nil },
    rebase: (ThreeWayMerge) -> Void
  ) throws(SaveError) {
    let real = Self.resolvingLinks(path)
    // Undone back to what the file holds after a save failed: nothing to
    // write, or to refuse. (Compared only then: it reads every movie.)
    if lastSaveFailed, otherList == nil, lastSeen == .some(FileIdentity(path: real)),
      makeSnapshot() == base
    {
      lastSaveFailed = false
      return
    }
    let directory = Self.directory(of: real)
    do throws(SaveError) {
      try createDirectory(directory)
    } catch {
      lastSaveFailed = true
      throw error
    }
    let result: Result<Void, SaveError> = withDirectoryLock(of: real) {
      do throws(SaveError) {
        removeStaleTemporaries(of: real)
        let current = FileIdentity(path: real)
        if let problem = Self.whyUnwritable(real) { throw SaveError(path: path, problem: problem) }
        if overwritesOtherList {
          // The user chose to write this list over the other one.
          overwritesOtherList = false
          otherList = nil
        } else if let otherList {
          throw SaveError(path: path, problem: otherList)
        } else if let lastSeen, let current, current != lastSeen {
          let loaded: Loaded?
          do throws(LoadError) {
            loaded = try readFile(real)
          } catch {
            throw SaveError(
              path: path,
              problem: "another program changed it, and now \(error.problem); nothing was written")
          }
          // Removed between the check and the read: written again whole.
          if let loaded {
            guard merge(loaded, mine: makeSnapshot, rebase) else {
              throw SaveError(path: path, problem: otherList ?? "")
            }
          }
        }
        let snapshot = makeSnapshot()
        if lineage == nil { lineage = Self.newLineage() }
        lastSeen = .some(try replace(real, with: snapshot, sorted: sorted()))
        base = snapshot
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    lastSaveFailed = (try? result.get()) == nil
    try result.get()
  }

  /// Makes the next save write this list over the other one at the path,
  /// as the user chose with `save`.
  func overwriteOtherList() {
    overwritesOtherList = otherList != nil
  }

  /// Merges `loaded`, a version another process saved, into `mine()`.
  ///
  /// The version merged becomes the new base. When it holds another list,
  /// nothing is merged: ``otherList`` says why and the result is `false`.
  /// Called under the lock.
  private func merge(
    _ loaded: Loaded, mine: () -> Snapshot, _ rebase: (ThreeWayMerge) -> Void
  ) -> Bool {
    // An instance that never had a file builds on an empty list: any file
    // is a descendant of it.
    // Another user's file is another list, whatever it holds.
    let knownOwner = lastSeen.flatMap { $0 }?.owner
    if let lineage,
      loaded.lineage != lineage || knownOwner.map({ $0 != loaded.identity.owner }) ?? false
    {
      otherList =
        "another list is there now, not the one this list was loaded from or saved to "
        + "(another user's, or a new file); type save to write this list over it, "
        + "or choose another file with --file"
      otherListIdentity = loaded.identity
      return false
    }
    let merge = ThreeWayMerge(base: base, mine: mine(), theirs: loaded.snapshot)
    rebase(merge)
    lineage = loaded.lineage
    base = loaded.snapshot
    lastSeen = .some(loaded.identity)
    return true
  }

  /// A new lineage, for a list saved for the first time.
  private static func newLineage() -> String {
    UUID().uuidString.lowercased()
  }

  // MARK: - Watching

  /// How often a running MovieList looks for another instance's save.
  static let watchInterval = Duration.milliseconds(250)

  /// Merges the file's state into `mine()` when another process saved it
  /// since this one last read or wrote it, giving the merge to `rebase`;
  /// does nothing otherwise.
  ///
  /// A file that was removed, or that cannot be read as a state, is left for
  /// the next save, which writes it again or explains the problem. A file
  /// that holds another list is not merged: `refused` is told why, once.
  func mergeChanges(
    mine: () -> Snapshot, _ rebase: (ThreeWayMerge) -> Void, refused: (String) -> Void = { _ in }
  ) {
    let real = Self.resolvingLinks(path)
    guard let lastSeen, let current = FileIdentity(path: real), current != lastSeen,
      current != otherListIdentity
    else {
      return
    }
    withDirectoryLock(of: real) {
      guard let loaded = try? readFile(real) else { return }
      if !merge(loaded, mine: mine, rebase), let otherList { refused(otherList) }
    }
  }

  /// The version of the other list last refused, not to be told again.
  private var otherListIdentity: FileIdentity?
}
