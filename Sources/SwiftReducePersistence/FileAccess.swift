#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls persistence makes, with the words its refusals use:
/// MovieList's rules for a state file, now the library's.
enum FileAccess {
  /// Why a file cannot be read or written, in words, without its name,
  /// and as the cause ``PersistenceError/reason`` gives.
  struct Failure: Error, Equatable {
    let problem: String
    var reason: PersistenceError.Reason = .other
  }

  /// The last system error, in lower case: `no space left on device`.
  static func systemError() -> String {
    String(cString: strerror(errno)).lowercased()
  }

  /// `path` with the symbolic links of its last component followed, even
  /// when the final target does not exist yet.
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    for _ in 0..<40 {
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
    }
    return current
  }

  /// The directory `path` is in: `.` for a bare name.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// What a file that is not a regular file is, as a refusal says it, and
  /// the refusal's reason for the file at `location`.
  static func whatItIs(
    _ mode: mode_t, at location: PersistenceError.Location = .file
  ) -> Failure {
    let (problem, type): (String, PersistenceError.FileType) =
      switch mode & S_IFMT {
      case S_IFDIR: ("it is a directory", .directory)
      case S_IFIFO: ("it is a named pipe (FIFO), not a regular file", .namedPipe)
      case S_IFCHR, S_IFBLK: ("it is a device, not a regular file", .device)
      case S_IFSOCK: ("it is a socket, not a regular file", .socket)
      default: ("it is not a regular file", .other)
      }
    return Failure(problem: problem, reason: .notARegularFile(location, type))
  }

  /// The reason a call that writes at `location` failed with, read from
  /// `errno`: ``PersistenceError/Reason/notWritable(_:)`` when this user may
  /// not write there, or the file system is read-only.
  static func writeReason(at location: PersistenceError.Location) -> PersistenceError.Reason {
    errno == EACCES || errno == EPERM || errno == EROFS ? .notWritable(location) : .other
  }

  /// A mode's permissions as `ls` writes them: `r--r--r--`.
  static func describeMode(_ mode: mode_t) -> String {
    let letters = Array("rwxrwxrwx")
    return String(
      (0..<9).map { index in mode & (0o400 >> mode_t(index)) != 0 ? letters[index] : "-" })
  }

  /// The name of the user `uid`, or `user <uid>`.
  static func userName(_ uid: uid_t) -> String {
    guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
    return String(cString: name)
  }

  /// Why the file at `path` must not be written: the user cannot write it,
  /// or it belongs to another user; `nil` when it may be, or is not there.
  static func whyUnwritable(_ path: String) -> Failure? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    if access(path, W_OK) != 0 {
      // Its mode is no matter there: `chmod` would be refused too.
      if errno == EROFS {
        return Failure(
          problem: "it is on a read-only file system; remount it writable",
          reason: .notWritable(.file))
      }
      return Failure(
        problem: "you cannot write it (its mode is \(describeMode(status.st_mode))); "
          + "make it writable with chmod u+w",
        reason: .notWritable(.file))
    }
    if geteuid() != 0 && status.st_uid != geteuid() {
      return Failure(
        problem: "it belongs to \(userName(status.st_uid)), and saving would make it yours",
        reason: .ownedByAnotherUser)
    }
    return nil
  }

  /// Creates `directory` and its parents, as `mkdir -p` does.
  static func createDirectory(_ directory: String) throws(Failure) {
    var status = stat()
    if stat(directory, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw Failure(problem: "\(directory) is not a directory")
      }
      return
    }
    let parent = self.directory(of: directory)
    if parent != directory { try createDirectory(parent) }
    guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
      let reason = writeReason(at: .directory)
      throw Failure(problem: "cannot create \(directory) (\(systemError()))", reason: reason)
    }
  }

  /// Takes the lock on the file `descriptor` is open on that every attached
  /// process takes while it reads or writes the file, waiting while another
  /// holds it; `false` when the lock cannot be taken.
  ///
  /// A POSIX record lock: it belongs to the process, so a child forked to
  /// run another program never holds it, as it would hold a `flock`; it is
  /// let go when the process closes any descriptor of the file, so the
  /// file is read through `descriptor` only.
  static func lock(_ descriptor: Int32) -> Bool {
    var lock = flock(
      l_type: Int16(F_WRLCK), l_whence: Int16(SEEK_SET), l_start: 0, l_len: 0, l_pid: 0)
    while fcntl(descriptor, F_SETLKW, &lock) != 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  /// Lets go of the lock ``lock(_:)`` took.
  static func unlock(_ descriptor: Int32) {
    var lock = flock(
      l_type: Int16(F_UNLCK), l_whence: Int16(SEEK_SET), l_start: 0, l_len: 0, l_pid: 0)
    _ = fcntl(descriptor, F_SETLK, &lock)
  }

  /// All the bytes of the file `descriptor` is open on, from its start.
  static func readAll(_ descriptor: Int32) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count))
      }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw Failure(problem: systemError())
      }
    }
  }

  /// The bytes of the regular file at `path`, the file at `location`, or
  /// `nil` when there is none.
  static func readFile(
    _ path: String, at location: PersistenceError.Location = .file
  ) throws(Failure) -> [UInt8]? {
    try readFileAndIdentity(path, at: location)?.bytes
  }

  /// The bytes of the regular file at `path`, the file at `location`, and
  /// which version of it they are, or `nil` when there is none.
  static func readFileAndIdentity(
    _ path: String, at location: PersistenceError.Location = .file
  ) throws(Failure) -> (bytes: [UInt8], identity: FileIdentity)? {
    // Without blocking: opening a named pipe would wait for a writer.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw Failure(problem: systemError())
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Failure(problem: systemError()) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw whatItIs(status.st_mode, at: location)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return (bytes, FileIdentity(status))
      } else if errno != EINTR {
        throw Failure(problem: systemError())
      }
    }
  }

  /// Writes all of `bytes` at `offset` of the file `descriptor`, or throws.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) throws(Failure) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        pwrite(
          descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written,
          off_t(offset + written))
      }
      if count > 0 {
        written += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        throw Failure(problem: count == 0 ? "nothing could be written" : systemError())
      }
    }
  }

  /// Replaces the file at `path` with `bytes` atomically.
  ///
  /// The bytes go to a temporary beside it, created exclusively and never
  /// through a link, flushed to disk, given the mode and owner of the file
  /// it replaces, and renamed over it: the file is either the old or the
  /// new complete one.
  ///
  /// - Returns: Which version of the file was written.
  @discardableResult
  static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) -> FileIdentity {
    var existing = stat()
    let exists = stat(path, &existing) == 0
    let (descriptor, temporary) = try createTemporary(beside: path)
    do throws(Failure) {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor, at: 0)
      // A new file gets the mode `open` would give it; an existing one keeps its own.
      let mode = exists ? existing.st_mode & 0o7777 : (0o666 & ~fileCreationMask)
      guard fchmod(descriptor, mode) == 0 else {
        throw Failure(problem: "cannot keep its mode: \(systemError())")
      }
      if exists, existing.st_uid != geteuid() || existing.st_gid != getegid() {
        guard fchown(descriptor, existing.st_uid, existing.st_gid) == 0 else {
          throw Failure(
            problem: "cannot keep its owner \(userName(existing.st_uid)): \(systemError())")
        }
      }
      guard fsync(descriptor) == 0 else {
        throw Failure(problem: "cannot flush it to disk: \(systemError())")
      }
      var written = stat()
      guard fstat(descriptor, &written) == 0, rename(temporary, path) == 0 else {
        throw Failure(problem: systemError())
      }
      syncDirectory(directory(of: path))
      return FileIdentity(written)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// What a temporary's name adds to the real file's: `state.json.tmp-<pid>-<random>`.
  static let temporaryMarker = ".tmp-"

  /// Removes the temporaries of the file at `path` that a process killed
  /// while it wrote one left; called holding the lock, when no save is under way.
  static func removeTemporaries(of path: String) {
    let directory = directory(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    var stale: [String] = []
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if entryName.hasPrefix(name + temporaryMarker) { stale.append(entryName) }
    }
    for entryName in stale { unlink(directory + "/" + entryName) }
  }

  private static func createTemporary(beside path: String) throws(Failure) -> (Int32, String) {
    for _ in 0..<16 {
      let temporary = "\(path)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      let descriptor = open(
        temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 { return (descriptor, temporary) }
      if errno != EEXIST { break }
    }
    let reason = writeReason(at: .directory)
    throw Failure(
      problem: "cannot create a file in \(directory(of: path)) (\(systemError()))",
      reason: reason)
  }

  /// Flushes a rename to disk; a failure here leaves a complete file either way.
  static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The process's umask, read once: reading it means setting it.
  static let fileCreationMask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()
}
