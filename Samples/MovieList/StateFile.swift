import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The JSON file that keeps the state between runs.
///
/// Saving is atomic: the new content is written to a temporary file beside
/// the state file, flushed to disk and renamed over it, so the file is always
/// either the old or the new complete state.
struct StateFile {
  /// Why the state file could not be loaded; the file is left as it is.
  struct LoadError: Error, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "cannot load \(path): \(problem)" }
  }

  /// Why the state could not be saved.
  struct SaveError: Error, CustomStringConvertible {
    let path: String
    let problem: String

    var description: String { "Could not save \(path): \(problem)" }
  }

  let path: String

  // MARK: - Loading

  /// The saved state, or `nil` when there is no file yet.
  func load() throws(LoadError) -> Snapshot? {
    guard let data = try contents() else { return nil }
    guard !data.isEmpty else { throw LoadError(path: path, problem: "it is empty") }
    let snapshot: Snapshot
    do {
      snapshot = try JSONDecoder().decode(Snapshot.self, from: data)
    } catch let error as DecodingError {
      throw LoadError(path: path, problem: Self.explain(error))
    } catch {
      throw LoadError(path: path, problem: "\(error)")
    }
    for (title, count) in snapshot.movies where count < 1 {
      throw LoadError(
        path: path, problem: "the view count of \"\(title)\" is \(count); counts start at 1")
    }
    return snapshot
  }

  private func contents() throws(LoadError) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw LoadError(path: path, problem: Self.systemError())
    }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        data.append(contentsOf: chunk[..<count])
      } else if count == 0 {
        return data
      } else if errno != EINTR {
        throw LoadError(path: path, problem: Self.systemError())
      }
    }
  }

  private static func explain(_ error: DecodingError) -> String {
    func place(_ context: DecodingError.Context) -> String {
      context.codingPath.isEmpty
        ? "the top level"
        : "\"" + context.codingPath.map(\.stringValue).joined(separator: ".") + "\""
    }
    switch error {
    case .dataCorrupted(let context):
      let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
      return "it is not valid JSON" + (detail.map { " (\($0))" } ?? "")
    case .keyNotFound(let key, _):
      return "\"\(key.stringValue)\" is missing"
    case .typeMismatch(let type, let context):
      return "\(place(context)) should be \(describe(type))"
    case .valueNotFound(let type, let context):
      return "\(place(context)) should be \(describe(type)), not null"
    @unknown default:
      return "\(error)"
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "a whole number"
    default: "an object"
    }
  }

  // MARK: - Saving

  /// Replaces the file with `snapshot`, creating its directory if needed.
  func save(_ snapshot: Snapshot) throws(SaveError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let bytes: [UInt8]
    do {
      bytes = Array(try encoder.encode(snapshot)) + [UInt8(ascii: "\n")]
    } catch {
      throw SaveError(path: path, problem: "\(error)")
    }
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
    } catch {
      throw SaveError(path: path, problem: "cannot create its directory: \(error)")
    }
    let temporary = "\(path).tmp-\(getpid())"
    do throws(SaveError) {
      try writeSynced(bytes, to: temporary)
      guard rename(temporary, path) == 0 else {
        throw SaveError(path: path, problem: Self.systemError())
      }
    } catch {
      unlink(temporary)
      throw error
    }
    syncDirectory(directory.isEmpty ? "." : directory)
  }

  private func writeSynced(_ bytes: [UInt8], to temporary: String) throws(SaveError) {
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw SaveError(path: path, problem: Self.systemError()) }
    defer { close(descriptor) }
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
    guard fsync(descriptor) == 0 else { throw SaveError(path: path, problem: Self.systemError()) }
  }

  /// Flushes the rename to disk; a failure here leaves a complete file either way.
  private func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
