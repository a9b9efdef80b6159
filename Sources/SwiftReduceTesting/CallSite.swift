/// Where a test called a test tool, for the failure it reports to point at.
///
/// Made from `#fileID`, `#filePath`, `#line` and `#column` defaults, which
/// every test file can use: Swift Testing's `#_sourceLocation` would make a
/// test file written with XCTest import Testing too.
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
