import SwiftReduce

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Locking and looking: every read or write of the file holds the lock on the
// journal, and first looks whether another process changed the file since
// this attachment last read or wrote it.

extension Persistence {
  /// What another process did to the file since this attachment last read or wrote it.
  enum OtherChange {
    case none
    /// The snapshot or the journal was removed.
    case removed
    /// Records were appended, or the snapshot replaced or edited.
    case changed
  }

  /// Runs `body` holding the journal's lock, the journal opened again
  /// first if it was removed or replaced.
  func withJournalLocked(_ body: () throws(PersistenceError) -> Void) throws(PersistenceError) {
    guard unwritableReason == nil else { return try body() }
    var opened = stat()
    var named = stat()
    if journalDescriptor < 0 || fstat(journalDescriptor, &opened) != 0 || opened.st_nlink == 0
      || stat(journalPath, &named) != 0 || opened.st_ino != named.st_ino
      || opened.st_dev != named.st_dev
    {
      if journalDescriptor >= 0 { close(journalDescriptor) }
      do throws(FileAccess.Failure) {
        try FileAccess.createDirectory(FileAccess.directory(of: journalPath))
      } catch {
        journalDescriptor = -1
        throw failure(error)
      }
      journalDescriptor = open(
        journalPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o666)
      guard journalDescriptor >= 0 else {
        let reason = journalOpenReason()
        throw failure(
          "cannot open its journal \(journalPath) (\(FileAccess.systemError()))", reason: reason)
      }
      // The journal this attachment wrote is gone: the file is written again, whole.
      journalWasRemoved = true
    }
    guard FileAccess.lock(journalDescriptor) else {
      throw failure("cannot lock its journal \(journalPath) (\(FileAccess.systemError()))")
    }
    defer { FileAccess.unlock(journalDescriptor) }
    try body()
  }

  /// The journal's size now.
  func journalSize() -> Int {
    var status = stat()
    let found =
      journalDescriptor >= 0
      ? fstat(journalDescriptor, &status) == 0 : stat(journalPath, &status) == 0
    return found ? Int(status.st_size) : 0
  }

  /// Whether another process, or a person, changed the file since this
  /// attachment last read or wrote it; called holding the lock.
  ///
  /// A journal found removed is a removal while the snapshot is the one this
  /// attachment knows; a snapshot made since (a new file, another process's)
  /// is a change, read whole.
  func lookForOthers() throws(PersistenceError) -> OtherChange {
    guard let current = FileIdentity(path: realPath) else { return .removed }
    if journalWasRemoved { return current == snapshotIdentity ? .removed : .changed }
    if current == snapshotIdentity && journalSize() == journalLength { return .none }
    return .changed
  }
}
