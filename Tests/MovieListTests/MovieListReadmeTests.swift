import Foundation
import SwiftReduceTestSupport
import Testing

/// Runs every session and screen that `Samples/MovieList/README.md` shows, read from the page
/// itself, and compares the whole output with the page.
@Suite(TestScale.runsSamplePrograms)
struct MovieListReadmeTests {
  private static let page = "Samples/MovieList/README.md"

  /// The page's one block of output that contains `text`.
  private static func screen(containing text: String) throws -> String {
    let screens = try MarkdownPage(page).outputs(containing: text)
    try #require(screens.count == 1, "\(page) has \(screens.count) screens with \(text)")
    return screens[0]
  }

  /// `text` without the empty lines that open and close it, as a screen is cut on the page.
  private static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .newlines)
  }

  /// MovieList on a terminal 44 columns by 16 rows, on a list of Ada's 40 movies (`Movie 001`
  /// to `Movie 040`, one view each), once its first page is drawn.
  private static func startOnFortyMovies(
    in directory: TemporaryDirectory
  ) throws -> TerminalSession {
    let movies = (1...40).map { String(format: "\"Movie %03d\": 1", $0) }
    let content = "{\"name\": \"Ada\", \"movies\": {\(movies.joined(separator: ", "))}}"
    let file = directory.file("state.json")
    try Data(content.utf8).write(to: URL(fileURLWithPath: file))
    let terminal = try TerminalSession(["--file", file], rows: 16, columns: 44)
    try terminal.screen { $0.contains("Rows 1–6 of 40") && $0.hasSuffix("\n>") }
    return terminal
  }

  @Test func everyPipedSessionPrintsWhatThePageShows() throws {
    let sessions = try MarkdownPage(Self.page).pipedSessions
    // The scripted session, the second run on its file, and finding and sorting.
    try #require(sessions.count == 3)
    // Every session's file is in one directory, so a second run finds the first one's list.
    let directory = try TemporaryDirectory()
    for session in sessions {
      #expect(session.program == "MovieList")
      let arguments = session.arguments.map {
        $0.hasPrefix("/tmp/") ? directory.file(($0 as NSString).lastPathComponent) : $0
      }
      let run = try runMovieList(arguments, input: session.input, environment: session.environment)
      #expect(run.status == 0)
      #expect(run.standardError == "")
      expectText(session.shownPart(of: run.standardOutput), session.output)
    }
  }

  @Test func gNShowsThePageThePageShows() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.startOnFortyMovies(in: directory)
    let screen = try terminal.enter("g 3") {
      $0.contains("Rows 13–18 of 40") && $0.hasSuffix("\n>")
    }
    expectText(Self.trimmed(screen), Self.trimmed(try Self.screen(containing: "Rows 13–18")))
  }

  @Test func anotherInstancesSaveShowsTheScreenThePageShows() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.startOnFortyMovies(in: directory)
    let other = try runMovieList(
      ["--file", directory.file("state.json")], input: "3 Alien\nquit\n")
    #expect(other.status == 0)
    let screen = try terminal.screen { $0.contains("[5] Alien ") && $0.hasSuffix("\n>") }
    expectText(Self.trimmed(screen), Self.trimmed(try Self.screen(containing: "Rows 1–6 of 41")))
  }
}
