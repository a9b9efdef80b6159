import Foundation

/// A new empty directory, removed when the value is released.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "MovieListTests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the directory.
  func file(_ name: String) -> String {
    (path as NSString).appendingPathComponent(name)
  }

  /// The text of `name` inside the directory.
  func contents(of name: String) throws -> String {
    try String(contentsOfFile: file(name), encoding: .utf8)
  }
}
