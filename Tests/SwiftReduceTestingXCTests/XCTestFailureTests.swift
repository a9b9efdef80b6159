import Foundation
import SwiftReduceTestSupport
import Testing

/// Each failure a test store reports fails an XCTest test case, at the line
/// of the call, with the message Swift Testing records: each test runs one
/// case of ``TestStoreXCTestFailures`` in a child process of this test
/// binary, under XCTest, and reads what it printed.
struct XCTestFailureTests {
  @Test func wrongExpectationFailsUnderXCTest() throws {
    try expectFailure(
      of: "testWrongExpectation", line: 20,
      """
      State after Bump.up is not as expected (- expected, + actual):
      count
        - 5
        + 1
      """)
  }

  @Test func receivingAnotherActionFailsUnderXCTest() throws {
    try expectFailure(
      of: "testReceivingAnotherAction", line: 26,
      "Expected to receive Bump.later, but received Bump.up.")
  }

  @Test func receivingWhatNothingDispatchesFailsUnderXCTest() throws {
    try expectFailure(
      of: "testReceivingWhatNothingDispatches", line: 31,
      "Expected to receive Bump.up, but it was not dispatched, and no effect is running to "
        + "dispatch it.")
  }

  @Test func finishingWithAnActionNotReceivedFailsUnderXCTest() throws {
    try expectFailure(
      of: "testFinishingWithAnActionNotReceived", line: 37,
      """
      1 action was dispatched but not received before finishing:
        Bump.up
      """)
  }

  @Test func finishingWithAnEffectRunningFailsUnderXCTest() throws {
    try expectFailure(
      of: "testFinishingWithAnEffectRunning", line: 43,
      """
      1 effect is still running after 0.0 seconds:
        id "nap", started by Bump.nap in root
      """)
  }

  @Test func releasingWithAnEffectRunningFailsUnderXCTestAtTheLineCreatingTheTestStore() throws {
    try expectFailure(
      of: "testReleasingWithAnEffectRunning", line: 48,
      """
      1 effect is still running when the test store was released:
        id "nap", started by Bump.nap in root
      """)
  }

  @Test func effectThrowingFailsUnderXCTestAtTheLineCreatingTheTestStore() throws {
    try expectFailure(
      of: "testEffectThrowing", line: 54,
      #"The effect id "jam", started by Bump.jam in root, threw "#
        + "SwiftReduceTestingXCTests.CounterError.jammed.")
  }

  @Test func wrongExpectationOfATargetedSendFailsUnderXCTest() throws {
    try expectFailure(
      of: "testWrongExpectationOfATargetedSend", line: 61,
      """
      State after Turn.up to dial is not as expected (- expected, + actual):
      dial.count
        - 5
        + 1
      """)
  }

  @Test func rightExpectationsPassUnderXCTest() throws {
    let run = try runTestBinary(filter: "SwiftReduceTestingXCTests.TestStoreXCTests")
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    #expect(run.standardOutput.contains("Executed 4 tests, with 0 failures"))
  }

  /// Runs one case of ``TestStoreXCTestFailures`` under XCTest and expects
  /// it, and the process, to fail with exactly one failure: `message`, at
  /// `line` of that file.
  private func expectFailure(
    of testCase: String, line: Int, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try runTestBinary(
      filter: "SwiftReduceTestingXCTests.TestStoreXCTestFailures/\(testCase)",
      environment: ["SWIFTREDUCE_XCTEST_FAILURES": "1"])
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("TestStoreXCTestFailures.swift").path
    let failure =
      "\(file):\(line): error: TestStoreXCTestFailures.\(testCase) : failed - \(message)\n"
    #expect(run.status == 1, sourceLocation: sourceLocation)
    #expect(
      run.standardOutput.contains(failure), "\(run.standardOutput)",
      sourceLocation: sourceLocation)
    #expect(
      run.standardOutput.contains("Executed 1 test, with 1 failure (0 unexpected)"),
      sourceLocation: sourceLocation)
  }

  /// Runs the XCTest tests that `filter` selects in this test binary, in a
  /// process of its own.
  private func runTestBinary(
    filter: String, environment: [String: String] = [:]
  ) throws -> ProgramRun {
    let binary = try #require(Bundle.main.executableURL).lastPathComponent
    // The sanitizer's settings, when the tests run under it, hold for the child too.
    let sanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map {
      ["ASAN_OPTIONS": $0]
    }
    return try runProgram(
      binary, [filter], environment: environment.merging(sanitizer ?? [:]) { $1 })
  }
}
