import SwiftReduce

/// The journal file beside a snapshot (`board.json.journal` beside
/// `board.json`): what each dispatch changed since the snapshot, one record
/// a line, appended as the dispatches are made.
///
/// The first line is a header naming the snapshot's lineage and version;
/// each line after it is one dispatch's record, its number and its patches:
///
/// ```
/// {"format":"SwiftReducePersistence journal","lineage":"5b0c2d1e-…","version":1}
/// {"patches":[{"after":true,"before":false,"kind":"changed","path":"items[0].isDone"}],"sequence":2}
/// ```
///
/// Records are numbered on from the snapshot's `sequence`; those the
/// snapshot already includes (left by a compaction that was cut short) are
/// skipped. A last line without its line break was cut short by a crash
/// while it was written: it is dropped and reported, and the state loaded is
/// that after the dispatch before.
struct JournalFormat: Equatable {
  /// The value of `format` in the header.
  static let formatName = "SwiftReducePersistence journal"

  /// One dispatch's record.
  struct Record: Equatable {
    let sequence: Int
    let patches: [JournalPatch]
  }

  /// The lineage of the snapshot the journal belongs to.
  let lineage: String
  /// The version of the records' states.
  let version: Int
  let records: [Record]
  /// The number of bytes of a last record cut short, dropped; 0 when none was.
  let tornBytes: Int
  /// The number of bytes of complete lines: where the next record is written.
  let completeLength: Int

  /// Why a journal cannot be read, in words.
  struct Refusal: Error {
    let reason: String
  }

  /// The header line for a journal of `lineage` and `version`.
  static func header(lineage: String, version: Int) -> [UInt8] {
    var writer = JSONWriter()
    // A string and a whole number: always JSON.
    try? writer.appendCompact(
      .object([
        "format": .string(formatName), "lineage": .string(lineage),
        "version": .int(Int64(version)),
      ]))
    writer.append(raw: "\n")
    return writer.bytes
  }

  /// The line of one dispatch's record.
  static func line(of record: Record) throws(JSONWriter.Refusal) -> [UInt8] {
    var writer = JSONWriter()
    try writer.appendCompact(
      .object([
        "patches": .array(record.patches.map(\.encoded)), "sequence": .int(Int64(record.sequence)),
      ]))
    writer.append(raw: "\n")
    return writer.bytes
  }

  /// The journal `bytes` hold; `nil` when they hold no complete header.
  init?(reading bytes: [UInt8]) throws(Refusal) {
    let end = (bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    tornBytes = bytes.count - end
    completeLength = end
    var lines = bytes[..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else {
      // Cut short before its header was complete: nothing was recorded yet.
      if tornBytes == 0 { return nil }
      (lineage, version, records) = ("", 0, [])
      return
    }
    let header: Patch.EncodedValue
    do {
      header = try JSONReader.value(of: Array(first))
    } catch {
      throw Refusal(reason: "line 1 is not valid JSON (\(error.description))")
    }
    guard case let .object(members) = header, members["format"] == .string(Self.formatName),
      case let .string(lineage) = members["lineage"], case let .int(version) = members["version"],
      let version = Int(exactly: version)
    else {
      throw Refusal(
        reason: "line 1 should be a header: format \"\(Self.formatName)\", lineage and version")
    }
    (self.lineage, self.version) = (lineage, version)
    var records: [Record] = []
    for (offset, line) in lines.dropFirst().enumerated() {
      let number = offset + 2
      do throws(Refusal) {
        records.append(try Self.record(Array(line)))
      } catch {
        throw Refusal(reason: "line \(number): \(error.reason)")
      }
    }
    self.records = records
  }

  /// The record one line holds.
  static func record(_ line: [UInt8]) throws(Refusal) -> Record {
    let value: Patch.EncodedValue
    do {
      value = try JSONReader.value(of: line)
    } catch {
      throw Refusal(reason: "it is not valid JSON (\(error.description))")
    }
    guard case let .object(members) = value, case let .int(sequence) = members["sequence"],
      let sequence = Int(exactly: sequence), case let .array(patches) = members["patches"]
    else {
      throw Refusal(reason: "a record should have a whole \"sequence\" and a list of \"patches\"")
    }
    var decoded: [JournalPatch] = []
    for (index, patch) in patches.enumerated() {
      do throws(JournalPatch.Refusal) {
        decoded.append(try JournalPatch(patch))
      } catch {
        throw Refusal(reason: "patch \(index + 1): \(error.reason)")
      }
    }
    return Record(sequence: sequence, patches: decoded)
  }
}
