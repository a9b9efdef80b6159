import SwiftReduce

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Reading what another process saved: the records it appended, or the whole
// file when the snapshot was replaced or edited.

extension Persistence {
  /// The state the file holds now, with the records appended since this
  /// attachment last looked when they are all that changed; `nil` when the
  /// file was removed meanwhile.
  ///
  /// Read from those records or, when the snapshot changed, whole. Adopts
  /// the file's lineage, numbers and sizes.
  func readOthers() throws(PersistenceError) -> (
    state: Patch.EncodedValue, appended: [[JournalPatch]]?
  )? {
    if let appended = readAppendedRecords() { return (appended.state, appended.records) }
    // What another program did to the file keeps the reason of what it left there.
    let changed = { (problem: String, reason: PersistenceError.Reason) in
      self.failure(
        "another program changed it, and now \(problem); nothing was written", reason: reason)
    }
    let read: (bytes: [UInt8], identity: FileIdentity)?
    do throws(FileAccess.Failure) {
      read = try FileAccess.readFileAndIdentity(realPath)
    } catch {
      throw changed(error.problem, error.reason)
    }
    guard let read else {
      needsSnapshot = true
      return nil
    }
    let otherStateIsThere = {
      self.otherState =
        "another state is there now, not the one this store was loaded from or saved to "
        + "(another user's, or a new file); call overwrite() to write this state over it"
      return self.failure(self.otherState ?? "", reason: .otherState)
    }
    let snapshot: SnapshotFormat
    do throws(SnapshotFormat.Refusal) {
      snapshot = try SnapshotFormat(reading: read.bytes)
    } catch {
      // A file written without this library, which this program reads: of no lineage of its own.
      if readsUnversionedFiles, SnapshotFormat.unversionedState(of: read.bytes) != nil {
        throw otherStateIsThere()
      }
      throw changed(error.reason, .other)
    }
    guard snapshot.version == version else {
      throw changed(
        "it holds version \(snapshot.version) of its state, and this program saves version "
          + "\(version)", snapshot.version > version ? .newerVersion(snapshot.version) : .other)
    }
    // An attachment that never had a file builds on the state it started
    // from: any file is a descendant of it. Another user's file is another state.
    if let seen = snapshotIdentity,
      snapshot.lineage != lineage || seen.owner != read.identity.owner
    {
      throw otherStateIsThere()
    }
    let journalBytes: [UInt8]?
    do throws(FileAccess.Failure) {
      journalBytes =
        journalDescriptor >= 0
        ? try FileAccess.readAll(journalDescriptor)
        : try FileAccess.readFile(journalPath, at: .journal)
    } catch {
      throw changed("its journal \(journalPath): \(error.problem)", error.reason)
    }
    let journal: JournalFormat?
    do throws(JournalFormat.Refusal) {
      journal = try journalBytes.flatMap { bytes throws(JournalFormat.Refusal) in
        try JournalFormat(reading: bytes)
      }
    } catch {
      throw changed("its journal \(journalPath), \(error.reason)", .other)
    }
    var state = snapshot.state
    sequence = snapshot.sequence
    if let journal {
      do throws(PersistenceError) {
        try fold(journal, into: &state, snapshot)
      } catch {
        throw changed(error.problem, error.reason)
      }
    }
    removeLeftOut(from: &state)
    lineage = snapshot.lineage
    snapshotIdentity = read.identity
    snapshotLength = read.bytes.count
    // The journal opened again is the one this file has now.
    journalWasRemoved = false
    journalLength = journal?.completeLength ?? 0
    return (state, nil)
  }

  /// The state the file holds when only records were appended to the
  /// journal since this attachment last looked, read from them alone, with
  /// their patches; `nil` when the file must be read whole.
  private func readAppendedRecords() -> (
    state: Patch.EncodedValue, records: [[JournalPatch]]
  )? {
    guard journalDescriptor >= 0, journalLength > 0, let base = fileState,
      FileIdentity(path: realPath) == snapshotIdentity
    else { return nil }
    let size = journalSize()
    guard size > journalLength else { return size == journalLength ? (base, []) : nil }
    var bytes = [UInt8](repeating: 0, count: size - journalLength)
    let count = bytes.withUnsafeMutableBytes {
      pread(journalDescriptor, $0.baseAddress, $0.count, off_t(journalLength))
    }
    guard count == bytes.count else { return nil }
    // Only whole lines: the rest was left by a process killed while it wrote.
    guard let end = bytes.lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 }) else {
      return (base, [])
    }
    var state = base
    var number = sequence
    var records: [[JournalPatch]] = []
    for line in bytes[..<end].split(separator: UInt8(ascii: "\n")) {
      guard let record = try? JournalFormat.record(Array(line)), record.sequence == number + 1
      else { return nil }
      let patches = record.patches.compactMap { leavingOut($0) }
      guard let next = Self.folded(state, [patches]) else { return nil }
      state = next
      number = record.sequence
      records.append(patches)
    }
    sequence = number
    journalLength += end
    return (state, records)
  }
}
