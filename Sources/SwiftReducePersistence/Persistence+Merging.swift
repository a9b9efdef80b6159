import SwiftReduce

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Merging: what another process (or a person) saved to the file since this
// attachment last read or wrote it, noticed under the journal's lock before
// each save and at `refresh()`, read from the records it appended (or the
// whole file when the snapshot changed), merged element by element with what
// this process shows, and loaded into the tree as one step of kind `merge`.

extension Persistence {
  /// Merges what another process, or a person, saved to the file since this
  /// attachment last read or wrote it, then writes what is not saved yet.
  ///
  /// Every save does this first; call it to show another process's changes
  /// without waiting for a dispatch here (on a timer, say). Looking costs
  /// two `stat`s when nothing changed.
  ///
  /// - Returns: What the merge did, or `nil` when nothing was saved there since.
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/save``
  ///   when the file cannot be read as a state of this lineage, or what is
  ///   not saved cannot be written; the tree keeps everything it shows.
  @discardableResult
  public func refresh() throws(PersistenceError) -> PersistenceMerge? {
    guard isAttached else { return nil }
    let merge = flush(canMerge: true, lookingForOthers: true)
    if let saveError { throw saveError }
    return merge
  }

  /// Writes this store's state over a file of another lineage found at the
  /// path (another user's, or a new file), which saves refuse to merge.
  ///
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/save``
  ///   when the state cannot be written.
  public func overwrite() throws(PersistenceError) {
    overwritesOtherState = otherState != nil
    needsSnapshot = true
    flush(canMerge: true)
    if let saveError { throw saveError }
  }

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
      try? FileAccess.createDirectory(FileAccess.directory(of: journalPath))
      journalDescriptor = open(
        journalPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o666)
      guard journalDescriptor >= 0 else {
        throw failure("cannot open its journal \(journalPath) (\(FileAccess.systemError()))")
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
  func lookForOthers() throws(PersistenceError) -> OtherChange {
    if journalWasRemoved {
      journalWasRemoved = false
      return .removed
    }
    guard let current = FileIdentity(path: realPath) else { return .removed }
    if current == snapshotIdentity && journalSize() == journalLength { return .none }
    return .changed
  }

  /// Merges what another process saved into the tree, as one step of kind
  /// `merge`, and decides what this save writes; called holding the lock,
  /// outside a dispatch.
  func mergeOthers() throws(PersistenceError) -> PersistenceMerge? {
    let kept = (fileState, sequence, journalLength, snapshotIdentity, snapshotLength, lineage)
    let restore = {
      (
        self.fileState, self.sequence, self.journalLength, self.snapshotIdentity,
        self.snapshotLength, self.lineage
      ) = kept
    }
    guard let there = try readOthers() else { return nil }
    guard let base = kept.0 else {
      // Nothing to merge from: this state is written over it.
      needsSnapshot = true
      return nil
    }
    let here: Patch.EncodedValue
    if pendingIsComplete, let folded = Self.folded(base, pending) {
      here = folded
    } else {
      do throws(PersistenceTree.BadValue) {
        here = try tree.encode(store.root)
      } catch {
        restore()
        throw failure("\(error.path): \(error.reason)")
      }
    }
    let merge = StateMerge(base: base, here: here, there: there)
    // The paths of the changes made here name the places of conflicts.
    let paths = pending.joined().map(\.path)
    if merge.merged != here {
      do throws(PersistenceTree.BadValue) {
        let loading = try tree.loading(merge.merged, below: store.root)
        isMerging = true
        defer { isMerging = false }
        try store.applyLoading(loading)
      } catch {
        restore()
        let path = error.path.components.isEmpty ? "its state" : "state.\(error.path)"
        throw failure(
          "another program changed it, and now \(path): \(error.reason); nothing was merged")
      }
    }
    fileState = there
    if merge.merged == there {
      // The file holds everything shown here already.
      pending.removeAll()
      pendingIsComplete = true
      needsSnapshot = false
    } else if needsSnapshot || !merge.conflicts.isEmpty
      || Self.folded(there, pending) != merge.merged
    {
      // Records made on the state before would not make the merged one: written whole.
      needsSnapshot = true
    }
    guard there != base else { return nil }
    return PersistenceMerge(
      path: file.path,
      conflicts: merge.conflicts.map { conflict in
        PersistenceMerge.Conflict(
          path: pathText(conflict.steps, alignedWith: paths), here: conflict.here,
          there: conflict.there)
      })
  }

  /// Merges another process's changes as soon as the dispatch that found them has ended.
  func scheduleMerge() {
    guard !isMergeScheduled else { return }
    isMergeScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      isMergeScheduled = false
      if isAttached { flush(canMerge: true) }
    }
  }

  /// `state` with the patches of `records` applied, or `nil` when one does not apply.
  static func folded(_ state: Patch.EncodedValue, _ records: [[JournalPatch]])
    -> Patch.EncodedValue?
  {
    var state = state
    for patch in records.joined() {
      do throws(StateFolding.Refusal) {
        try StateFolding.apply(patch, to: &state)
      } catch {
        return nil
      }
    }
    return state
  }

  // MARK: - Reading what another process saved

  /// The state the file holds now, or `nil` when it was removed meanwhile.
  ///
  /// Read from the records appended since this attachment last looked or,
  /// when the snapshot changed, whole. Adopts the file's lineage, numbers and sizes.
  private func readOthers() throws(PersistenceError) -> Patch.EncodedValue? {
    if let appended = readAppendedRecords() { return appended }
    let changed = { (problem: String) in
      self.failure("another program changed it, and now \(problem); nothing was written")
    }
    let read: (bytes: [UInt8], identity: FileIdentity)?
    do throws(FileAccess.Failure) {
      read = try FileAccess.readFileAndIdentity(realPath)
    } catch {
      throw changed(error.problem)
    }
    guard let read else {
      needsSnapshot = true
      return nil
    }
    let snapshot: SnapshotFormat
    do throws(SnapshotFormat.Refusal) {
      snapshot = try SnapshotFormat(reading: read.bytes)
    } catch {
      throw changed(error.reason)
    }
    guard snapshot.version == version else {
      throw changed(
        "it holds version \(snapshot.version) of its state, and this program saves version "
          + "\(version)")
    }
    // An attachment that never had a file builds on the state it started
    // from: any file is a descendant of it. Another user's file is another state.
    if let seen = snapshotIdentity,
      snapshot.lineage != lineage || seen.owner != read.identity.owner
    {
      otherState =
        "another state is there now, not the one this store was loaded from or saved to "
        + "(another user's, or a new file); call overwrite() to write this state over it"
      throw failure(otherState ?? "")
    }
    let journalBytes: [UInt8]?
    do throws(FileAccess.Failure) {
      journalBytes =
        journalDescriptor >= 0
        ? try FileAccess.readAll(journalDescriptor) : try FileAccess.readFile(journalPath)
    } catch {
      throw changed("its journal \(journalPath): \(error.problem)")
    }
    let journal: JournalFormat?
    do throws(JournalFormat.Refusal) {
      journal = try journalBytes.flatMap { bytes throws(JournalFormat.Refusal) in
        try JournalFormat(reading: bytes)
      }
    } catch {
      throw changed("its journal \(journalPath), \(error.reason)")
    }
    var state = snapshot.state
    sequence = snapshot.sequence
    if let journal {
      do throws(PersistenceError) {
        try fold(journal, into: &state, snapshot)
      } catch {
        throw changed(error.problem)
      }
    }
    lineage = snapshot.lineage
    snapshotIdentity = read.identity
    snapshotLength = read.bytes.count
    journalLength = journal?.completeLength ?? 0
    return state
  }

  /// The state the file holds when only records were appended to the
  /// journal since this attachment last looked, read from them alone; `nil`
  /// when the file must be read whole.
  private func readAppendedRecords() -> Patch.EncodedValue? {
    guard journalDescriptor >= 0, journalLength > 0, let base = fileState,
      FileIdentity(path: realPath) == snapshotIdentity
    else { return nil }
    let size = journalSize()
    guard size > journalLength else { return size == journalLength ? base : nil }
    var bytes = [UInt8](repeating: 0, count: size - journalLength)
    let count = bytes.withUnsafeMutableBytes {
      pread(journalDescriptor, $0.baseAddress, $0.count, off_t(journalLength))
    }
    guard count == bytes.count else { return nil }
    // Only whole lines: the rest was left by a process killed while it wrote.
    guard let end = bytes.lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 }) else { return base }
    var state = base
    var number = sequence
    for line in bytes[..<end].split(separator: UInt8(ascii: "\n")) {
      guard let record = try? JournalFormat.record(Array(line)), record.sequence == number + 1,
        let next = Self.folded(state, [record.patches])
      else { return nil }
      state = next
      number = record.sequence
    }
    sequence = number
    journalLength += end
    return state
  }

  // MARK: - Paths

  /// The path of a place in a saved state as patches write it, read from
  /// the paths of this process's patches where they pass through it: a
  /// member is a property or a dictionary's key, which the state alone does
  /// not tell apart.
  private func pathText(_ steps: [StateMerge.Step], alignedWith paths: [TreePath]) -> String {
    var components: [TreePath.Component] = []
    for (index, step) in steps.enumerated() {
      let known = paths.lazy.compactMap { path -> TreePath.Component? in
        guard path.components.count > index,
          zip(path.components[...index], steps[...index]).allSatisfy(Self.names)
        else { return nil }
        return path.components[index]
      }.first
      if let known {
        components.append(known)
        continue
      }
      switch step {
      case let .member(name):
        let isIdentifier =
          name.first.map { $0.isLetter || $0 == "_" } == true
          && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        components.append(
          isIdentifier ? .property(name) : .subscript(tree.subscriptText(ofStringKey: name)))
      case let .position(offset):
        components.append(.subscript(String(offset)))
      }
    }
    return TreePath(components).description
  }

  /// Whether a path's component names the place `step` is.
  private static func names(_ component: TreePath.Component, _ step: StateMerge.Step) -> Bool {
    switch (component, step) {
    case let (.property(name), .member(member)): name == member
    case let (.subscript(text), .member(member)):
      text == member || PersistenceTree.stringKey(inSubscript: text) == member
    case let (.subscript(text), .position(offset)): text == String(offset)
    default: false
    }
  }
}
