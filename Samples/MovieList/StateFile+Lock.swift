import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The lock every MovieList save takes on the file's directory, and the
// temporaries of killed runs, removed under it.

extension StateFile {
  /// What a temporary's name adds to the real file's: `state.json.tmp-<pid>-<random>`.
  static let temporaryMarker = ".tmp-"

  /// Runs `body` holding the lock on the directory of `real` that every
  /// MovieList save takes; runs it unlocked when the directory cannot be opened.
  func withDirectoryLock<Result>(of real: String, _ body: () -> Result) -> Result {
    let descriptor = open(Self.directory(of: real), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return body() }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    defer { flock(descriptor, LOCK_UN) }
    return body()
  }

  /// Removes the temporaries of `real`; called under the lock, when no save
  /// is in progress, so every one found was left by a run that was killed.
  func removeStaleTemporaries(of real: String) {
    let directory = Self.directory(of: real)
    let prefix = (real as NSString).lastPathComponent + Self.temporaryMarker
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(prefix) {
      unlink((directory as NSString).appendingPathComponent(name))
    }
  }
}
