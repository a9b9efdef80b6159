import SwiftReduceTestSupport
import Testing

/// Runs the session `Samples/Counters/README.md` shows, read from the page itself, and
/// compares the whole output with the page.
@Suite(TestScale.runsSamplePrograms)
struct CountersReadmeTests {
  @Test func thePagesSessionPrintsWhatThePageShows() throws {
    let sessions = try MarkdownPage("Samples/Counters/README.md").pipedSessions
    try #require(sessions.count == 1)
    let session = sessions[0]
    #expect(session.program == "Counters")
    #expect(session.arguments.isEmpty && session.environment.isEmpty)
    let run = try runCounters(input: session.input)
    #expect(run.status == 0)
    #expect(run.standardError == "")
    expectText(session.shownPart(of: run.standardOutput), session.output)
  }
}
