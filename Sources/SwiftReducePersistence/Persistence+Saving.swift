import SwiftReduce

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Saving: each dispatch's record appended to the journal, or kept while it
// cannot be written; the whole state written as a new snapshot when the
// journal has grown as large as it (and past 16 KiB), or when the file needs
// it whole.

extension Persistence {
  /// Records one dispatch's patches and writes what is not saved yet.
  func record(_ patches: [Patch]) {
    let saved = patches.filter { tree.isSaved($0, below: store.root) }
    guard !saved.isEmpty else { return }
    sequence += 1
    unsavedDispatches += 1
    if !needsSnapshot {
      do {
        let record = JournalFormat.Record(
          sequence: sequence, patches: try saved.map { try JournalPatch($0) })
        pending.append(try JournalFormat.line(of: record))
      } catch {
        // The whole state is written instead, or the error it meets is reported.
        needsSnapshot = true
        pending.removeAll()
      }
    }
    flush()
  }

  /// Why nothing may be written now, or `nil`.
  func whyUnwritable() -> String? {
    unwritableReason ?? FileAccess.whyUnwritable(realPath)
  }

  /// Writes the pending records, or the whole state when it is needed;
  /// sets or clears ``saveError``.
  func flush() {
    guard needsSnapshot || !pending.isEmpty else { return }
    if let reason = whyUnwritable() {
      saveError = failure(reason)
      return
    }
    if !needsSnapshot {
      // A snapshot or journal removed since is written again, whole.
      var status = stat()
      if stat(realPath, &status) != 0 || fstat(journalDescriptor, &status) != 0
        || status.st_nlink == 0
      {
        needsSnapshot = true
      }
    }
    do throws(PersistenceError) {
      if needsSnapshot {
        try writeSnapshot()
      } else {
        try appendPending()
        if journalLength > max(snapshotLength, Self.smallestJournalFolded) { try writeSnapshot() }
      }
      saveError = nil
      unsavedDispatches = 0
    } catch {
      saveError = error
    }
  }

  /// The size a journal may reach before it is folded, however small the
  /// snapshot: folding costs a flush to disk, too often worth it for a few bytes.
  static var smallestJournalFolded: Int { 16_384 }

  /// Appends the pending records to the journal, in one write.
  private func appendPending() throws(PersistenceError) {
    var bytes = journalLength == 0 ? JournalFormat.header(lineage: lineage, version: version) : []
    for line in pending { bytes += line }
    do throws(FileAccess.Failure) {
      try write(bytes, at: journalLength)
      if durability == .powerLoss, fsync(journalDescriptor) != 0 {
        throw FileAccess.Failure(problem: "cannot flush it to disk: \(FileAccess.systemError())")
      }
    } catch {
      // What was written of it is cut off, so the next write starts on a complete line.
      _ = ftruncate(journalDescriptor, off_t(journalLength))
      throw failure(error.problem)
    }
    journalLength += bytes.count
    pending.removeAll()
  }

  /// Writes the whole state as a new snapshot, then empties the journal.
  ///
  /// The snapshot replaces the old one atomically; a crash before the
  /// journal is emptied leaves records the snapshot includes, which loading
  /// skips by their numbers.
  func writeSnapshot() throws(PersistenceError) {
    let state: Patch.EncodedValue
    do throws(PersistenceTree.BadValue) {
      state = try tree.encode(store.root)
    } catch {
      throw failure("\(error.path): \(error.reason)")
    }
    let bytes: [UInt8]
    do throws(JSONWriter.Refusal) {
      bytes = try SnapshotFormat(
        version: version, sequence: sequence, lineage: lineage, state: state
      )
      .bytes()
    } catch {
      throw failure(error.reason)
    }
    do throws(FileAccess.Failure) {
      try spend(bytes.count)
      try FileAccess.replace(realPath, with: bytes)
    } catch {
      throw failure(error.problem)
    }
    snapshotLength = bytes.count
    needsSnapshot = false
    pending.removeAll()
    try resetJournal()
  }

  /// Empties the journal, opened again if it was removed, and writes its header.
  private func resetJournal() throws(PersistenceError) {
    var status = stat()
    if journalDescriptor < 0 || fstat(journalDescriptor, &status) != 0 || status.st_nlink == 0 {
      if journalDescriptor >= 0 { close(journalDescriptor) }
      journalDescriptor = open(
        journalPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o666)
      guard journalDescriptor >= 0 else {
        throw failure("cannot open its journal \(journalPath) (\(FileAccess.systemError()))")
      }
      _ = FileAccess.lockForWriting(journalDescriptor)
    }
    journalLength = 0
    guard ftruncate(journalDescriptor, 0) == 0 else {
      throw failure("cannot empty its journal (\(FileAccess.systemError()))")
    }
    let header = JournalFormat.header(lineage: lineage, version: version)
    do throws(FileAccess.Failure) {
      try write(header, at: 0)
    } catch {
      _ = ftruncate(journalDescriptor, 0)
      // The next record writes the header before itself.
      return
    }
    journalLength = header.count
  }

  /// Writes `bytes` to the journal at `offset`, within the simulated free space.
  private func write(_ bytes: [UInt8], at offset: Int) throws(FileAccess.Failure) {
    if let free = simulatedFreeBytes, bytes.count > free {
      // A full disk takes what fits, then refuses the rest.
      if free > 0 {
        try FileAccess.writeAll(Array(bytes[..<free]), to: journalDescriptor, at: offset)
      }
      simulatedFreeBytes = 0
      throw FileAccess.Failure(problem: "no space left on device")
    }
    try FileAccess.writeAll(bytes, to: journalDescriptor, at: offset)
    simulatedFreeBytes = simulatedFreeBytes.map { $0 - bytes.count }
  }

  /// Takes `count` bytes of the simulated free space, or throws as a full disk does.
  private func spend(_ count: Int) throws(FileAccess.Failure) {
    guard let free = simulatedFreeBytes else { return }
    guard count <= free else { throw FileAccess.Failure(problem: "no space left on device") }
    simulatedFreeBytes = free - count
  }
}
