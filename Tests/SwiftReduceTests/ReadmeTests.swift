import SwiftReduceTestSupport
import Testing

/// What README.md promises a newcomer (issue #33): a page read in five minutes.
///
/// It keeps the two commands to start with; its examples are run by the tests that cite it.
struct ReadmeTests {
  @Test func theReadmeKeepsTheCommandsANewcomerNeeds() throws {
    let commands = try MarkdownPage("README.md").blocks.filter { $0.info == "sh" }
      .flatMap { $0.text.split(separator: "\n") }
      .map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
    #expect(commands.contains("swift run MovieList"))
    #expect(commands.contains("swift test"))
  }

  @Test func theReadmeIsAFiveMinuteRead() throws {
    let page = try MarkdownPage("README.md")
    #expect(page.lineCount <= 320, "README.md has \(page.lineCount) lines; the limit is 320")
  }
}
