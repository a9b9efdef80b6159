import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Writing the file: a new state replaces the old atomically, through a temporary
// beside it, flushed to disk, with the old file's mode and owner.

extension StateFile {
  func replace(
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

  func encode(_ snapshot: Snapshot, sorted: SortedTitles?) -> [UInt8] {
    var fields = unknownKeys
    fields["name"] = .string(snapshot.name)
    fields["lineage"] = lineage.map { .string($0) }
    // The order is written only when it is not the default, by title.
    fields["sort"] = snapshot.order == .title ? nil : .string(snapshot.order.rawValue)
    return JSONWriter.file(fields: fields, movies: snapshot.movies, sorted: sorted)
  }

  /// Creates a new temporary file next to `real`, never following a link.
  func createTemporary(beside real: String) throws(SaveError) -> (Int32, String) {
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

  func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SaveError) {
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
  func createDirectory(_ directory: String) throws(SaveError) {
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
  func syncDirectory(_ directory: String) {
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
