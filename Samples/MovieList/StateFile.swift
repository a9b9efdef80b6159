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

  private func replace(
    _ real: String, with snapshot: Snapshot, sorted: SortedTitles?
  ) throws(SaveError) -> FileIdentity {
    let bytes = encode(snapshot, sorted: sorted)
    let existing = FileIdentity.status(of: real)
    let (descriptor, temporary) = try createTemporary(beside: real)
    do throws(SaveError) {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor)
      // A new file gets the mode `open` would give it; an existing one keeps its own.
      let mode = existing.map { $0.st_mode & 0o7777 } ?? (0o666 & ~Self.fileCreationMask)
      guard fchmod(descriptor, mode) == 0 else {
        throw SaveError(path: path, problem: "cannot keep its mode: \(Self.systemError())")
      }
      if let existing {
        if existing.st_uid != geteuid() || existing.st_gid != getegid() {
          guard fchown(descriptor, existing.st_uid, existing.st_gid) == 0 else {
            throw SaveError(
              path: path,
              problem: "cannot keep its owner \(Self.userName(existing.st_uid)): "
                + Self.systemError())
          }
        }
      }
      guard fsync(descriptor) == 0 else {
        throw SaveError(path: path, problem: "cannot flush it to disk: \(Self.systemError())")
      }
      var status = stat()
      guard fstat(descriptor, &status) == 0, rename(temporary, real) == 0 else {
        throw SaveError(path: path, problem: Self.systemError())
      }
      syncDirectory(Self.directory(of: real))
      return FileIdentity(status)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  private func encode(_ snapshot: Snapshot, sorted: SortedTitles?) -> [UInt8] {
    var fields = unknownKeys
    fields["name"] = .string(snapshot.name)
    fields["lineage"] = lineage.map { .string($0) }
    // The order is written only when it is not the default, by title.
    fields["sort"] = snapshot.order == .title ? nil : .string(snapshot.order.rawValue)
    return JSONWriter.file(fields: fields, movies: snapshot.movies, sorted: sorted)
  }

  /// Creates a new temporary file next to `real`, never following a link.
  private func createTemporary(beside real: String) throws(SaveError) -> (Int32, String) {
    for _ in 0..<16 {
      let temporary =
        "\(real)\(Self.temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      let descriptor = open(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 { return (descriptor, temporary) }
      if errno != EEXIST { break }
    }
    throw SaveError(
      path: path,
      problem: "cannot create a file in \(Self.directory(of: real)) (\(Self.systemError()))")
  }

  private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SaveError) {
    var remaining = bytes[...]
    while !remaining.isEmpty {
      let count = remaining.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        remaining = remaining.dropFirst(count)
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        throw SaveError(path: path, problem: Self.systemError())
      }
    }
  }

  /// Creates `directory` and its parents, as `mkdir -p` does.
  private func createDirectory(_ directory: String) throws(SaveError) {
    var status = stat()
    if stat(directory, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw SaveError(path: path, problem: "\(directory) is not a directory")
      }
      return
    }
    let parent = Self.directory(of: directory)
    if parent != directory { try createDirectory(parent) }
    guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
      throw SaveError(path: path, problem: "cannot create \(directory) (\(Self.systemError()))")
    }
  }

  /// Flushes the rename to disk; a failure here leaves a complete file either way.
  private func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  // MARK: - Lock and temporaries

  /// What a temporary's name adds to the real file's: `state.json.tmp-<pid>-<random>`.
  static let temporaryMarker = ".tmp-"

  /// Runs `body` holding the lock on the directory of `real` that every
  /// MovieList save takes; runs it unlocked when the directory cannot be opened.
  private func withDirectoryLock<Result>(of real: String, _ body: () -> Result) -> Result {
    let descriptor = open(Self.directory(of: real), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return body() }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(descriptor, LOCK_UN) }
    return body()
  }

  /// Removes the temporaries of `real`; called under the lock, when no save
  /// is in progress, so every one found was left by a run that was killed.
  private func removeStaleTemporaries(of real: String) {
    let directory = Self.directory(of: real)
    let prefix = (real as NSString).lastPathComponent + Self.temporaryMarker
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(prefix) {
      unlink((directory as NSString).appendingPathComponent(name))
    }
  }

  // MARK: - Paths and messages

  /// `path` with the symbolic links of its last component followed, even
  /// when the final target does not exist yet.
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    for _ in 0..<40 {
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        target.hasPrefix("/")
        ? target : (directory(of: current) as NSString).appendingPathComponent(target)
    }
    return current
  }

  /// The process's umask, read once: reading it means setting it.
  private static let fileCreationMask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()

  static func directory(of path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? "." : directory
  }

  /// What a file that is not a regular file is, as a refusal says it.
  private static func whatItIs(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "it is a directory"
    case S_IFIFO: "it is a named pipe (FIFO), not a regular file; choose a file with --file"
    case S_IFCHR, S_IFBLK: "it is a device, not a regular file; choose a file with --file"
    case S_IFSOCK: "it is a socket, not a regular file; choose a file with --file"
    default: "it is not a regular file; choose a file with --file"
    }
  }

  private static func describeMode(_ mode: mode_t) -> String {
    let letters = Array("rwxrwxrwx")
    return String(
      (0..<9).map { index in mode & (0o400 >> mode_t(index)) != 0 ? letters[index] : "-" })
  }

  private static func userName(_ uid: uid_t) -> String {
    guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
    return String(cString: name)
  }

  private static func systemError() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}
