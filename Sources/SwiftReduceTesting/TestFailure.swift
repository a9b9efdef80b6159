import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Fails the test that is running, whichever framework runs it.
///
/// Swift Testing runs its tests in tasks that know their test (`Test.current`),
/// and records an issue only for such a test; XCTest fails the test case it is
/// running with `XCTFail`, and knows nothing of `Issue.record`. So a failure goes
/// to Swift Testing when a Swift Testing test is running in this task, and to
/// XCTest otherwise, with the same message and the same file and line.
enum TestFailure {
  /// Records `message` as a failure of the running test, at `site`.
  static func report(_ message: String, at site: CallSite) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
          column: Int(site.column)))
      return
    }
    #if canImport(XCTest)
      XCTFail(message, file: site.filePath, line: site.line)
    #else
      // No XCTest to fail: Swift Testing reports an issue outside any test as such.
      Issue.record(Comment(rawValue: message))
    #endif
  }
}
