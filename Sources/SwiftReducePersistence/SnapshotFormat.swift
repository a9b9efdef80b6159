import SwiftReduce

/// The snapshot file: the whole state, as JSON a person can read and edit.
///
/// ```json
/// {
///   "format": "SwiftReducePersistence snapshot",
///   "lineage": "5b0c2d1e-…",
///   "sequence": 12,
///   "state": {
///     "counters": [],
///     "nextNumber": 1
///   },
///   "version": 1
/// }
/// ```
///
/// Members are sorted by name at every level, so that the same state is
/// always the same text. `sequence` is the number of the last dispatch the
/// state includes; `lineage` is made when the file is first written and kept
/// by every later save, so that a journal is only ever applied to the
/// snapshot it belongs to.
struct SnapshotFormat: Equatable {
  /// The value of `format`, which tells the file apart from other JSON.
  static let formatName = "SwiftReducePersistence snapshot"

  /// The largest dispatch number a file may give: 2^53, a number every JSON reader reads exactly.
  static let largestSequence: Int64 = 1 << 53

  let version: Int
  let sequence: Int
  let lineage: String
  let state: Patch.EncodedValue

  /// Why a snapshot file cannot be read, in words.
  struct Refusal: Error {
    let reason: String
  }

  /// The file's bytes, indented, ending with a line break.
  func bytes() throws(JSONWriter.Refusal) -> [UInt8] {
    var writer = JSONWriter()
    let file: Patch.EncodedValue = .object([
      "format": .string(Self.formatName), "lineage": .string(lineage),
      "sequence": .int(Int64(sequence)), "state": state, "version": .int(Int64(version)),
    ])
    try writer.appendIndented(file)
    writer.append(raw: "\n")
    return writer.bytes
  }

  /// The snapshot `bytes` hold.
  init(reading bytes: [UInt8]) throws(Refusal) {
    guard !bytes.isEmpty else { throw Refusal(reason: "it is empty") }
    let file: Patch.EncodedValue
    do {
      file = try JSONReader.value(of: bytes)
    } catch {
      throw Refusal(reason: "it is not valid JSON (\(error.description))")
    }
    guard case let .object(members) = file else {
      throw Refusal(reason: "the top level should be an object")
    }
    guard members["format"] == .string(Self.formatName) else {
      throw Refusal(reason: "\"format\" should be \"\(Self.formatName)\"")
    }
    guard case let .int(version) = members["version"], let version = Int(exactly: version) else {
      throw Refusal(reason: "\"version\" should be a whole number")
    }
    // Bounded, so that counting on from it can never overflow.
    guard case let .int(sequence) = members["sequence"],
      (0...Self.largestSequence).contains(sequence),
      let sequence = Int(exactly: sequence)
    else {
      throw Refusal(
        reason: "\"sequence\" should be a whole number from 0 to \(Self.largestSequence)")
    }
    guard case let .string(lineage) = members["lineage"] else {
      throw Refusal(reason: "\"lineage\" should be a string")
    }
    guard let state = members["state"] else { throw Refusal(reason: "\"state\" is missing") }
    if let unknown = members.keys.sorted().first(where: {
      !["format", "lineage", "sequence", "state", "version"].contains($0)
    }) {
      throw Refusal(reason: "\"\(unknown)\" is not a member of a snapshot")
    }
    self.init(version: version, sequence: sequence, lineage: lineage, state: state)
  }

  /// The state of a file written without this library, as version 0 of
  /// its state: the whole of its JSON; `nil` when `bytes` are not JSON, or
  /// are a snapshot's, which this library refused for another reason.
  static func unversionedState(of bytes: [UInt8]) -> Patch.EncodedValue? {
    guard let value = try? JSONReader.value(of: bytes) else { return nil }
    if case let .object(members) = value, members["format"] == .string(formatName) {
      return nil
    }
    return value
  }

  init(version: Int, sequence: Int, lineage: String, state: Patch.EncodedValue) {
    self.version = version
    self.sequence = sequence
    self.lineage = lineage
    self.state = state
  }
}
