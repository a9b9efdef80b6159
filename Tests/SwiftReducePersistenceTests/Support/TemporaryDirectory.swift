import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

/// A fresh directory for one test's files, removed when the test ends.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("SwiftReducePersistenceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Made writable again first: a test may have made a file read-only.
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    try? FileManager.default.removeItem(at: url)
  }

  /// The URL of `name` in the directory.
  func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// The text of `name`, or `nil` when there is no such file.
  func text(of name: String) -> String? {
    (try? Data(contentsOf: file(name))).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes `text` to `name`.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: file(name))
  }

  /// The names of the files in the directory, sorted.
  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }
}

/// `text` with the lineage written in it replaced by `<lineage>`, to compare it whole.
func withoutLineage(_ text: String?) -> String? {
  text?.replacing(/"lineage": ?"[0-9a-f-]+"/) { match in
    match.output.contains(": ") ? "\"lineage\": \"<lineage>\"" : "\"lineage\":\"<lineage>\""
  }
}

/// Expects attaching a file to a store of `root` with `leavingOut: [path]` to be refused with
/// `problem`, and nothing written.
@MainActor
func expectLeavingOutRefused<Root: Reducer>(
  _ path: String, below root: Root, problem: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let directory = try TemporaryDirectory()
  let file = directory.file("refused.json")
  #expect(
    throws: PersistenceError(.properties, path: file.path, problem: problem),
    sourceLocation: sourceLocation
  ) {
    try Persistence.attach(Store(root), file: file, leavingOut: [TreePath(parsing: path)])
  }
  #expect(directory.names == [], sourceLocation: sourceLocation)
}

/// The error attaching `file` to a store of `root` throws; `nil`, with a failure recorded,
/// when it attaches.
@MainActor
func attachRefusal<Root: Reducer>(
  _ root: Root, _ file: URL, sourceLocation: SourceLocation = #_sourceLocation
) -> PersistenceError? {
  #expect(throws: PersistenceError.self, sourceLocation: sourceLocation) {
    try Persistence.attach(Store(root), file: file)
  }
}
