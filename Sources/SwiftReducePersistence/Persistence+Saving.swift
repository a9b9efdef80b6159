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
    guard !isMerging else { return }
    let saved = patches.filter { tree.isSaved($0, below: store.root) && !isLeftOut($0.path) }
    guard !saved.isEmpty else { return }
    unsavedDispatches += 1
    do {
      // A change at a key that is not text cannot be folded from a record: the state is whole.
      guard !saved.contains(where: { tree.stepsToAKeyNotText($0.path, below: Root.self) }) else {
        throw KeyNotText()
      }
      pending.append(try saved.compactMap { leavingOut(try JournalPatch($0)) })
    } catch {
      // The whole state is written instead, or the error it meets is reported.
      pendingIsComplete = false
      needsSnapshot = true
    }
    // Inside the dispatch, the tree cannot take another process's changes yet.
    flush(canMerge: false)
  }

  /// A change at a key of a dictionary whose keys are not text, which no
  /// record can hold so that it folds.
  private struct KeyNotText: Error {}

  /// The tree's state as the file holds it: without the left-out properties.
  func encodeState() throws(PersistenceTree.BadValue) -> Patch.EncodedValue {
    var state = try tree.encode(store.root)
    removeLeftOut(from: &state)
    return state
  }

  /// Why nothing may be written now, or `nil`: the file's own reason first.
  func whyUnwritable() -> FileAccess.Failure? {
    FileAccess.whyUnwritable(realPath) ?? unwritableReason
  }

  /// Writes the pending records, or the whole state when it is needed,
  /// after merging what another process saved since; sets or clears
  /// ``saveError``.
  ///
  /// Outside a dispatch (`canMerge`), another process's changes are merged
  /// at once; inside one, the records wait for a merge made as soon as the
  /// dispatch has ended.
  ///
  /// - Parameters:
  ///   - canMerge: Whether the tree may take another process's changes now.
  ///   - lookingForOthers: Whether to merge another process's changes even
  ///     when nothing here waits to be written.
  ///   - isAsked: Whether the whole state is to be written because the user
  ///     asked (``compact()``, ``overwrite()``), even if nobody changed it.
  /// - Returns: The merge made, if one was.
  @discardableResult
  func flush(canMerge: Bool, lookingForOthers: Bool = false, isAsked: Bool = false)
    -> PersistenceMerge?
  {
    // Undone, after a save failed, back to what the file holds: nothing is left to write.
    // (Compared only then: folding copies the state.)
    if saveError != nil, pendingIsComplete, !pending.isEmpty, let base = fileState,
      Self.folded(base, pending) == base
    {
      pending.removeAll()
      unsavedDispatches = 0
      saveError = nil
    }
    // No file is made for a state nobody changed (a look, a detach): the first change makes it.
    let isUntouched =
      !isAsked && snapshotIdentity == nil && pending.isEmpty && unsavedDispatches == 0
    let hasWrites = (needsSnapshot || !pending.isEmpty) && !isUntouched
    guard lookingForOthers || hasWrites else { return nil }
    let unwritable = whyUnwritable()
    if let unwritable, hasWrites {
      saveError = failure(unwritable)
      guard lookingForOthers else { return nil }
    }
    var merge: PersistenceMerge?
    var isDeferred = false
    do throws(PersistenceError) {
      try withJournalLocked { () throws(PersistenceError) in
        if overwritesOtherState {
          // The user chose to write this state over the other one.
          (overwritesOtherState, otherState, needsSnapshot) = (false, nil, true)
        } else if let otherState {
          throw failure(otherState, reason: .otherState)
        } else {
          switch try lookForOthers() {
          case .none:
            break
          case .removed:
            // Removing the file is no change to merge: it is written again, whole, by
            // the next save; a look alone (`refresh()`) leaves it removed.
            if hasWrites {
              journalWasRemoved = false
              needsSnapshot = true
            }
          case .changed:
            guard canMerge else {
              scheduleMerge()
              isDeferred = true
              return
            }
            merge = try mergeOthers()
          }
        }
        guard unwritable == nil, needsSnapshot || !pending.isEmpty, !isUntouched else { return }
        if needsSnapshot {
          try writeSnapshot()
        } else {
          try appendPending()
          if journalLength > max(snapshotLength, Self.smallestJournalFolded) { try writeSnapshot() }
        }
      }
      // A save that waits for a merge has not succeeded yet, nor failed.
      if unwritable == nil && !isDeferred { saveError = nil }
      if pending.isEmpty && !needsSnapshot { unsavedDispatches = 0 }
    } catch {
      saveError = error
    }
    if let merge { onMerge?(merge) }
    return merge
  }

  /// The size a journal may reach before it is folded, however small the
  /// snapshot: folding costs a flush to disk, too often worth it for a few bytes.
  static var smallestJournalFolded: Int { 16_384 }

  /// Appends the pending records to the journal, in one write.
  private func appendPending() throws(PersistenceError) {
    var bytes = journalLength == 0 ? JournalFormat.header(lineage: lineage, version: version) : []
    var number = sequence
    do throws(JSONWriter.Refusal) {
      for patches in pending {
        number += 1
        let record = JournalFormat.Record(sequence: number, patches: patches)
        bytes += try JournalFormat.line(of: record)
      }
    } catch {
      needsSnapshot = true
      return try writeSnapshot()
    }
    do throws(FileAccess.Failure) {
      // What a process killed while it wrote left after the last whole line goes first.
      if journalSize() != journalLength { _ = ftruncate(journalDescriptor, off_t(journalLength)) }
      try write(bytes, at: journalLength)
      if durability == .powerLoss, fsync(journalDescriptor) != 0 {
        throw FileAccess.Failure(problem: "cannot flush it to disk: \(FileAccess.systemError())")
      }
    } catch {
      // What was written of it is cut off, so the next write starts on a complete line.
      _ = ftruncate(journalDescriptor, off_t(journalLength))
      throw failure(error)
    }
    journalLength += bytes.count
    sequence = number
    foldIntoFileState(pending)
    pending.removeAll()
  }

  /// Applies the patches of `records`, now written, to ``fileState``, in place.
  private func foldIntoFileState(_ records: [[JournalPatch]]) {
    // Let go of, so that it is changed in place rather than copied whole.
    guard var state = fileState else { return }
    fileState = nil
    for patch in records.joined() {
      do throws(StateFolding.Refusal) {
        try StateFolding.apply(patch, to: &state)
      } catch {
        // Without its base, the next look at the file reads it whole.
        snapshotIdentity = nil
        return
      }
    }
    fileState = state
  }

  /// Writes the whole state as a new snapshot, then empties the journal.
  ///
  /// The snapshot replaces the old one atomically; a crash before the
  /// journal is emptied leaves records the snapshot includes, which loading
  /// skips by their numbers.
  ///
  /// - Parameter given: The state to write; the tree's when it is `nil`.
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/save``.
  func writeSnapshot(_ given: Patch.EncodedValue? = nil) throws(PersistenceError) {
    let state: Patch.EncodedValue
    if let given {
      state = given
    } else {
      do throws(PersistenceTree.BadValue) {
        state = try encodeState()
      } catch {
        throw failure("\(error.path): \(error.reason)", reason: .valueDoesNotFit(at: error.path))
      }
    }
    let number = sequence + pending.count
    let bytes: [UInt8]
    do throws(JSONWriter.Refusal) {
      bytes = try SnapshotFormat(
        version: version, sequence: number, lineage: lineage, state: state
      )
      .bytes()
    } catch {
      throw failure(error.reason)
    }
    do throws(FileAccess.Failure) {
      try spend(bytes.count)
      snapshotIdentity = try FileAccess.replace(realPath, with: bytes)
    } catch {
      throw failure(error)
    }
    snapshotLength = bytes.count
    sequence = number
    fileState = state
    needsSnapshot = false
    journalWasRemoved = false
    pendingIsComplete = true
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
        let reason = journalOpenReason()
        throw failure(
          "cannot open its journal \(journalPath) (\(FileAccess.systemError()))", reason: reason)
      }
      // Taken again on the journal made afresh; let go with the rest of the save's.
      _ = FileAccess.lock(journalDescriptor)
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
