import SwiftReduceTestSupport
import Testing

/// Runs the sessions `Samples/Todos/README.md` shows, read from the page itself, and compares
/// their output with the page.
@Suite(TestScale.runsSamplePrograms)
struct TodosReadmeTests {
  /// The page.
  private static let page = "Samples/Todos/README.md"

  /// The page's piped session, run by the built program, prints what the page shows.
  @Test func thePagesPipedSessionPrintsWhatThePageShows() throws {
    let sessions = try MarkdownPage(Self.page).pipedSessions
    try #require(sessions.count == 1)
    let session = sessions[0]
    #expect(session.program == "Todos")
    #expect(session.arguments.isEmpty && session.environment.isEmpty)
    let run = try runProgram("Todos", input: session.input)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    expectText(session.shownPart(of: run.standardOutput), session.output)
  }

  /// The live program redraws the screen when its re-sort comes, with no input.
  ///
  /// It runs on its real clock: the test waits for that screen, not for a span of time.
  @Test func theReSortRedrawsTheScreenWithoutAKeyPressAsThePageShows() throws {
    let page = try MarkdownPage(Self.page)
    let command = try #require(
      page.blocks.first { $0.info == "sh" && $0.text.contains("sleep") }?.text)
    let start = try #require(command.range(of: "(printf '")).upperBound
    let end = try #require(command.range(of: "'; sleep")).lowerBound
    let input = command[start..<end].replacingOccurrences(of: "\\n", with: "\n")
    let shown = page.outputs(containing: "> 7\n")
    try #require(shown.count == 1)

    let program = try RunningProgram("Todos", [])
    program.send(input)
    // A prompt for each line and the first screen's, then the one after the redrawn screen.
    try program.waitForPrompts(input.count(where: { $0 == "\n" }) + 2)
    program.send("quit\n")
    let run = program.finish()
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let fromTheCheck = try #require(run.standardOutput.range(of: "> 7\n"))
    expectText(String(run.standardOutput[fromTheCheck.lowerBound...]), shown[0])
  }
}
