import SwiftReduce

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Loading: the journal opened and locked, the snapshot read, the journal's
// records folded into its state, the migrations run, the state loaded into
// the tree in place, and the lock let go.

extension Persistence {
  func load(migrations: [PersistenceMigration]) throws(PersistenceError) {
    let problems = tree.unsavableProperties(of: Root.self)
    guard problems.isEmpty else {
      throw failure(
        problems.joined(separator: "; ")
          + "; leave out what is not saved with @Untraversed", .properties)
    }
    try checkLeftOut()
    readsUnversionedFiles = migrations.contains { $0.from == 0 }
    do throws(PersistenceError) {
      try openJournal()
      defer { if journalDescriptor >= 0 { FileAccess.unlock(journalDescriptor) } }
      // Under the lock no save is under way: every temporary there was left by a killed one.
      if journalDescriptor >= 0 { FileAccess.removeTemporaries(of: realPath) }
      try loadFiles(migrations: migrations)
    } catch {
      closeJournal()
      throw error
    }
  }

  /// Closes the journal after a refused load, removing it if attaching made it.
  private func closeJournal() {
    if journalDescriptor >= 0 { close(journalDescriptor) }
    journalDescriptor = -1
    if createdJournal { unlink(journalPath) }
  }

  /// Opens the journal to append to it, and locks it until the load is over.
  private func openJournal() throws(PersistenceError) {
    var status = stat()
    if stat(realPath, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      throw failure(FileAccess.whatItIs(status.st_mode), .load)
    }
    let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
    // A file in a directory that is not there yet is saved there: the directory is made.
    do throws(FileAccess.Failure) {
      try FileAccess.createDirectory(FileAccess.directory(of: journalPath))
    } catch {
      throw failure(error, .load)
    }
    var descriptor = open(journalPath, flags)
    if descriptor < 0, errno == ENOENT {
      descriptor = open(journalPath, flags | O_CREAT | O_EXCL, 0o666)
      createdJournal = descriptor >= 0
    }
    guard descriptor >= 0 else {
      if errno == EACCES || errno == EROFS || errno == EPERM {
        let reason = FileAccess.systemError()
        // Not there, and not made: the directory is what cannot be written.
        unwritableReason =
          access(journalPath, F_OK) == 0
          ? FileAccess.Failure(
            problem: "cannot write its journal \(journalPath) (\(reason))",
            reason: .notWritable(.journal))
          : FileAccess.Failure(
            problem: "cannot create a file in \(FileAccess.directory(of: journalPath)) (\(reason))",
            reason: .notWritable(.directory))
        return
      }
      throw failure(
        "cannot open its journal \(journalPath) (\(FileAccess.systemError()))", .load,
        reason: journalOpenReason())
    }
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      let refusal = FileAccess.whatItIs(status.st_mode, at: .journal)
      throw failure("its journal \(journalPath): \(refusal.problem)", .load, reason: refusal.reason)
    }
    guard FileAccess.lock(descriptor) else {
      close(descriptor)
      throw failure(
        "cannot lock its journal \(journalPath) (\(FileAccess.systemError()))", .load)
    }
    journalDescriptor = descriptor
  }

  private func loadFiles(migrations: [PersistenceMigration]) throws(PersistenceError) {
    let snapshotBytes: [UInt8]?
    let journalBytes: [UInt8]?
    do throws(FileAccess.Failure) {
      let read = try FileAccess.readFileAndIdentity(realPath)
      snapshotBytes = read?.bytes
      snapshotIdentity = read?.identity
    } catch {
      throw failure(error, .load)
    }
    do throws(FileAccess.Failure) {
      // Through the locked descriptor: closing another would let go of the lock.
      journalBytes =
        journalDescriptor >= 0
        ? try FileAccess.readAll(journalDescriptor)
        : try FileAccess.readFile(journalPath, at: .journal)
    } catch {
      throw failure("its journal \(journalPath): \(error.problem)", .load, reason: error.reason)
    }
    let snapshot: SnapshotFormat?
    do throws(SnapshotFormat.Refusal) {
      snapshot = try snapshotBytes.map { bytes throws(SnapshotFormat.Refusal) in
        try SnapshotFormat(reading: bytes)
      }
    } catch {
      // A file written without this library is version 0, when a migration reads it.
      guard migrations.contains(where: { $0.from == 0 }),
        let state = snapshotBytes.flatMap(SnapshotFormat.unversionedState(of:))
      else { throw failure(error.reason, .load) }
      snapshot = SnapshotFormat(version: 0, sequence: 0, lineage: lineage, state: state)
    }
    if let snapshot, snapshot.version > version {
      throw failure(
        "it was saved by version \(snapshot.version) of its state, and this program reads "
          + "version \(version) and older; it is left as it is", .load,
        reason: .newerVersion(snapshot.version))
    }
    let journal: JournalFormat?
    do throws(JournalFormat.Refusal) {
      journal = try journalBytes.flatMap { bytes throws(JournalFormat.Refusal) in
        try JournalFormat(reading: bytes)
      }
    } catch {
      throw failure("its journal \(journalPath), \(error.reason)", .load)
    }
    guard let snapshot else {
      // The snapshot was removed, to start afresh: the records, which only apply to it, go
      // with the first save.
      if let journal, !journal.records.isEmpty {
        notes.append(
          "\(file.path) is not there, and its journal \(journalPath) has "
            + "\(journal.records.count == 1 ? "1 record" : "\(journal.records.count) records") "
            + "of it; the state starts afresh, and the first save empties the journal.")
      }
      // The state both start from, should another process make the file first.
      fileState = try? encodeState()
      return
    }
    var state = snapshot.state
    sequence = snapshot.sequence
    lineage = snapshot.lineage
    snapshotLength = snapshotBytes?.count ?? 0
    if let journal {
      try fold(journal, into: &state, snapshot)
      journalLength = journal.completeLength
    }
    var fileVersion = snapshot.version
    while fileVersion < version {
      guard let migration = migrations.first(where: { $0.from == fileVersion }) else {
        throw failure(
          "it was saved by version \(fileVersion) of its state, and no migration from "
            + "version \(fileVersion) was given", .load)
      }
      do {
        try migration.migrate(&state)
      } catch let refusal as PersistenceMigration.Refusal {
        throw failure(refusal.reason, .load)
      } catch {
        throw failure("the migration from version \(fileVersion) failed: \(error)", .load)
      }
      notes.append(
        "\(file.path) was migrated from version \(fileVersion) to version \(fileVersion + 1).")
      fileVersion += 1
    }
    removeLeftOut(from: &state)
    try loadIntoTree(state)
    fileState = state
    // A snapshot with an empty journal of its lineage is as the next save wants it.
    let isCurrent =
      journal.map {
        $0.lineage == lineage && $0.version == version && $0.records.isEmpty && $0.tornBytes == 0
      } ?? false
    needsSnapshot = !isCurrent || snapshot.version != version
    if needsSnapshot, whyUnwritable() == nil {
      do throws(PersistenceError) {
        try writeSnapshot()
      } catch {
        saveError = error
      }
    }
  }

  /// Applies the records of `journal` that follow `snapshot` to `state`.
  func fold(
    _ journal: JournalFormat, into state: inout Patch.EncodedValue, _ snapshot: SnapshotFormat
  ) throws(PersistenceError) {
    let journalProblem = { (reason: String) in
      self.failure("its journal \(self.journalPath), \(reason)", .load)
    }
    // A header cut short (a kill while a fold wrote it) names no lineage and holds no record.
    if !journal.records.isEmpty || (journal.tornBytes > 0 && !journal.lineage.isEmpty) {
      guard journal.lineage == snapshot.lineage else {
        throw journalProblem(
          "belongs to another snapshot (lineage \(journal.lineage), not \(snapshot.lineage)); "
            + "move the journal away to load the snapshot without it")
      }
    }
    for (offset, record) in journal.records.enumerated() where record.sequence > sequence {
      guard record.sequence == sequence + 1 else {
        throw journalProblem(
          "line \(offset + 2): record \(record.sequence) follows record \(sequence); "
            + "the records between are missing")
      }
      guard journal.version == snapshot.version else {
        throw journalProblem(
          "has records of version \(journal.version) after a snapshot of version "
            + "\(snapshot.version)")
      }
      for (index, patch) in record.patches.enumerated() {
        do throws(StateFolding.Refusal) {
          try StateFolding.apply(patch, to: &state)
        } catch {
          throw journalProblem(
            "line \(offset + 2), patch \(index + 1) of \(record.patches.count), \(patch.path): "
              + error.reason)
        }
      }
      sequence = record.sequence
    }
    if journal.tornBytes > 0 {
      notes.append(
        "The last record of \(journalPath) was cut short (\(journal.tornBytes) bytes), by a "
          + "crash while it was written; it is dropped, and the state loaded is that after "
          + "dispatch \(sequence).")
    }
  }

  /// Loads `state` into the tree in place, as one change.
  private func loadIntoTree(_ state: Patch.EncodedValue) throws(PersistenceError) {
    do throws(PersistenceTree.BadValue) {
      let loading = try tree.loading(state, below: store.root)
      try store.applyLoading(loading)
    } catch {
      let path = error.path.components.isEmpty ? "its state" : "state.\(error.path)"
      throw failure("\(path): \(error.reason)", .load, reason: .valueDoesNotFit(at: error.path))
    }
  }
}
