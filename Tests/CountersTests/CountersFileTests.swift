import Foundation
import SwiftReduceTestSupport
import Testing

/// Runs the built `Counters` program with `--file`: the board is kept between runs.
@Suite(TestScale.runsSamplePrograms)
struct CountersFileTests {
  @Test func aBoardSavedWithFileIsThereInTheNextRun() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("CountersFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("board.json").path

    let first = try runProgram(
      "Counters", ["--file", file], input: "add\nadd\nstep 2 5\ninc 2\nremove 1\nquit\n")
    let second = try runProgram("Counters", ["--file", file], input: "add\nquit\n")

    #expect(first.status == 0)
    #expect(first.standardError == "")
    #expect(second.status == 0)
    #expect(second.standardError == "")
    // The second run starts with the first's board, and numbers on from it.
    expectText(
      second.standardOutput,
      """
      Counters
      #2 count 5 step 5

      Type help for commands, quit to leave.
      > add
      Counters
      #2 count 5 step 5
      #3 count 0 step 1

      > quit

      """)
  }

  @Test func aFileThatIsNotABoardIsRefusedAndLeftAsItIs() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("CountersFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("notes.txt").path
    try Data("shopping list\n".utf8).write(to: URL(fileURLWithPath: file))

    let run = try runProgram("Counters", ["--file", file], input: "add\nquit\n")

    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "Counters: cannot load \(file): it is not valid JSON (line 1, column 1: "
        + "expected a value).\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "shopping list\n")
  }
}
