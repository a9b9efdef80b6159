import Foundation
import SwiftReduceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `MovieList` program on a pseudo-terminal, typed at as a person
/// types: the bytes of the keys go in, the screen is read back.
@Suite(TestScale.runsSamplePrograms)
struct MovieListTerminalTests {
  private enum Key {
    static let left = "\u{1B}[D"
    static let right = "\u{1B}[C"
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let delete = "\u{1B}[3~"
    static let backspace = "\u{7F}"
    static let controlA = "\u{01}"
    static let controlE = "\u{05}"
    static let controlU = "\u{15}"
    static let controlW = "\u{17}"
    static let enter = "\r"
  }

  private static func movies(_ count: Int) -> String {
    let entries = (1...count).map { String(format: "\"Movie %03d\": 1", $0) }
    return "{\"name\": \"Ada\", \"movies\": {\(entries.joined(separator: ", "))}}"
  }

  /// `MovieList` on a terminal, on `state.json` in `directory` holding `content` (no file
  /// when `nil`), once its first screen matches `ready`.
  private static func start(
    in directory: TemporaryDirectory, with content: String? = nil, rows: Int = 24,
    columns: Int = 60, until ready: (String) -> Bool = { $0.hasSuffix("\n>") }
  ) throws -> TerminalSession {
    let file = directory.file("state.json")
    if let content { try Data(content.utf8).write(to: URL(fileURLWithPath: file)) }
    let terminal = try TerminalSession(["--file", file], rows: rows, columns: columns)
    try terminal.screen(where: ready)
    return terminal
  }

  /// `MovieList` on a terminal 16 rows high, on a list of `count` movies, once its first
  /// page of 6 rows is drawn.
  private static func start(
    in directory: TemporaryDirectory, movies count: Int, columns: Int = 40
  ) throws -> TerminalSession {
    try start(in: directory, with: movies(count), rows: 16, columns: columns) {
      $0.contains("Rows 1–6 of \(count)")
    }
  }

  @Test func arrowsBackspaceAndDeleteEditTheLineBeforeItIsEntered() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    // "3 Alie", Left, Backspace, Right, "n": the line is "3 Alen".
    terminal.type("3 Alie" + Key.left + Key.backspace + Key.right + "n")
    try terminal.screen { $0.hasSuffix("\n> 3 Alen") }
    // Home, Delete removes the 3; Ctrl-A and typing puts it back.
    terminal.type(Key.home + Key.delete + Key.controlA + "3" + Key.end + "s" + Key.enter)
    let screen = try terminal.screen { $0.contains("[5] Alens") }
    #expect(!screen.contains("Unknown command"))
    #expect(try directory.contents(of: "state.json").contains("\"Alens\": 1"))
  }

  @Test func controlUAndControlWDeleteToTheStartAndTheWordBefore() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    terminal.type("3 nothing at all" + Key.controlU + "3 The Third Man" + Key.controlW)
    // The screen read back drops trailing spaces: the line is "3 The Third ".
    try terminal.screen { $0.hasSuffix("\n> 3 The Third") }
    terminal.type(Key.controlW + "Thin Man" + Key.controlE + Key.enter)
    try terminal.screen { $0.contains("[5] The Thin Man") }
  }

  @Test func upAndDownGoThroughTheLinesTypedSinceTheStart() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    try terminal.enter("3 Alien") { $0.contains("[5] Alien") && $0.hasSuffix("\n>") }
    try terminal.enter("1 Ada") { $0.contains("[Ada]") && $0.hasSuffix("\n>") }
    terminal.type("draft" + Key.up + Key.up)
    try terminal.screen { $0.hasSuffix("\n> 3 Alien") }
    terminal.type(Key.down)
    try terminal.screen { $0.hasSuffix("\n> 1 Ada") }
    terminal.type(Key.down)
    try terminal.screen { $0.hasSuffix("\n> draft") }
    terminal.type(Key.up + Key.up + Key.enter)
    try terminal.screen {
      $0.contains("Alien                     views: 2") || $0.contains("views: 2")
    }
  }

  @Test func aTabTypedAtTheTerminalIsShownAndRefused() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    terminal.type("3 Ali\ten")
    try terminal.screen { $0.hasSuffix("\n> 3 Ali␉en") }
    terminal.type(Key.enter)
    try terminal.screen {
      // The message is wrapped to the 60 columns of the terminal.
      $0.contains(
        "\nText fields take printable text only, and this has ␉ in it.\nNothing was changed.\n")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.file("state.json")))
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func theTerminalIsRestoredWhenASignalEndsTheProgram(signal: Int32) throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    #expect(terminal.localModes & tcflag_t(ICANON | ECHO) == 0)
    #expect(terminal.end(with: signal) == .uncaughtSignal)
    #expect(terminal.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
  }

  @Test func theTerminalIsRestoredAfterQuit() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    terminal.type("quit" + Key.enter)
    #expect(terminal.waitForExit() == 0)
    #expect(terminal.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
  }

  @Test func aLongListIsPagedAndTheControlsStayOnScreen() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 30)
    let first = try terminal.screen { $0.hasSuffix("\n>") }
    expectText(
      first,
      """

       Ada
       [1] Enter Name: [Ada] [2] (Clear)
       [3] Movie Name: [] [4] (watch)
       Type a row's number to remove it;
       undo brings it back.
       [5] Movie 001                 views: 1
       [6] Movie 002                 views: 1
       [7] Movie 003                 views: 1
       [8] Movie 004                 views: 1
       [9] Movie 005                 views: 1
       [10] Movie 006                views: 1
       Rows 1–6 of 30 (n next, p previous)

      Type help for commands, quit to leave.
      >
      """)
    // Without the welcome under it, the page is as long: a line stays for a message.
    let second = try terminal.enter("n") { $0.contains("[5] Movie 007") && $0.hasSuffix("\n>") }
    #expect(second.contains("Rows 7–12 of 30 (n next, p previous)"))
    #expect(second.contains("[3] Movie Name: [] [4] (watch)"))
  }

  @Test func aResizedTerminalIsDrawnAgainAtItsNewWidth() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(
      in: directory, with: "{\"name\": \"Ada\", \"movies\": {\"Alien\": 1}}", rows: 20,
      columns: 40
    ) { $0.contains("[5] Alien                     views: 1") }
    terminal.type("3 Heat")
    try terminal.screen { $0.hasSuffix("\n> 3 Heat") }
    terminal.resize(rows: 20, columns: 30)
    // The text typed so far is drawn again after the new screen.
    try terminal.screen {
      $0.contains("[5] Alien           views: 1") && $0.hasSuffix("\n> 3 Heat")
    }
  }

  // MARK: - Round 3

  @Test func anotherInstancesSaveAppearsWithinASecondWithoutAKeyPress() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let terminal = try TerminalSession(["--file", file])
    try terminal.enter("3 Alien") { $0.contains("[5] Alien") && $0.hasSuffix("\n>") }
    #expect(try runMovieList(["--file", file], input: "3 Heat\n").status == 0)
    try terminal.screen(where: { $0.contains("[6] Heat") }, timeout: .seconds(1))
  }

  @Test func escapeAloneDoesNothingAndLosesNoKey() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    terminal.type("\u{1B}")
    // A person's next key comes well after the Escape.
    usleep(300_000)
    try terminal.enter("3 Alien") { $0.contains("[5] Alien ") }
  }

  @Test func aLineThatGetsShorterIsShownAgainFromItsStart() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, columns: 20)
    try terminal.enter("3 Amélie") { $0.contains("[5] Amélie") && $0.hasSuffix("\n>") }
    terminal.type("3 A much longer title")
    try terminal.screen { $0.hasSuffix("\n> much longer title") }
    terminal.type(Key.up)
    try terminal.screen { $0.hasSuffix("\n> 3 Amélie") }
    terminal.type(Key.down + Key.backspace + Key.backspace + Key.controlW + Key.controlW)
    try terminal.screen { $0.hasSuffix("\n> 3 A much") }
  }

  @Test func controlCWithChangesNotSavedSaysHowMany() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("blocked/state.json")
    let terminal = try TerminalSession(["--file", file], columns: 200)
    try terminal.screen { $0.hasSuffix("\n>") }
    // A file where the state file's directory should be (made at start): no save can work.
    try FileManager.default.removeItem(atPath: directory.file("blocked"))
    try Data("not a directory".utf8).write(to: URL(fileURLWithPath: directory.file("blocked")))
    try terminal.enter("3 Alien") { $0.contains("[5] Alien") && $0.hasSuffix("\n>") }
    try terminal.enter("1 Ada") { $0.contains("[Ada]") && $0.hasSuffix("\n>") }
    // Ctrl-C, as the terminal sends it to the program.
    #expect(terminal.end(with: SIGINT) == .uncaughtSignal)
    let note =
      "2 changes were not saved. Not saved to \(file): \(directory.file("blocked")) is not a "
      + "directory."
    try terminal.screen { $0.hasSuffix("\n" + note) }
  }

  @Test func gNGoesToPageNOfALongList() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 30)
    try terminal.enter("1 Ada") { $0.contains("[Ada]") && $0.contains("Rows 1–6 of 30") }
    try terminal.enter("G 3") { $0.contains("[5] Movie 013 ") && $0.contains("Rows 13–18 of 30") }
    try terminal.enter("g 9") { $0.contains("There is no page 9: the pages are 1 to\n5.") }
  }

  @Test func aMovieAddedOffTheCurrentPageBringsItsPageIntoView() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 30)
    // A page holds 6 rows: its row, the 26th, is on the fifth page.
    let screen = try terminal.enter("3 Movie 025b") {
      $0.contains("Movie 025b") && $0.hasSuffix("\n>")
    }
    #expect(screen.contains("[6] Movie 025b "))
    #expect(screen.contains("Rows 25–30 of 31 (n next, p previous)"))
    // The pages still turn from there.
    try terminal.enter("p") { $0.contains("Rows 19–24 of 31 (n next, p previous)") }
  }

  @Test func aRemovalOnTheLastPageKeepsThePageFull() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 9)
    try terminal.enter("n") { $0.contains("[5] Movie 004 ") && $0.contains("Rows 4–9 of 9") }
    // The last page starts a row earlier: Movie 003 comes back.
    let screen = try terminal.enter("10") { !$0.contains("Movie 009") && $0.hasSuffix("\n>") }
    #expect(screen.contains("[5] Movie 003 "))
    #expect(screen.contains("Rows 3–8 of 8 (n next, p previous)"))
  }

  @Test func aResizeKeepsThePagingClamped() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 9)
    try terminal.enter("n") { $0.contains("Rows 4–9 of 9") }
    terminal.resize(rows: 24, columns: 40)
    let screen = try terminal.screen { $0.contains("[13] Movie 009") }
    #expect(screen.contains("[5] Movie 001 "))
    #expect(!screen.contains("Rows"))
  }

  // MARK: - Round 4

  @Test func pagingReachesEveryRowAndTheLastPageMessageHidesNone() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 40, columns: 44)
    try terminal.enter("g 6") { $0.contains("[5] Movie 031 ") && $0.contains("Rows 31–36 of 40") }
    try terminal.enter("n") { $0.contains("[10] Movie 040 ") && $0.contains("Rows 35–40 of 40") }
    let last = try terminal.enter("n") { $0.contains("This is the last page.") }
    #expect(last.contains("[10] Movie 040 "))
    #expect(last.contains("Rows 35–40 of 40 (n next, p previous)"))
  }

  @Test func thePageCountAndGNDoNotDependOnTheMessageUnderTheList() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 40, columns: 44)
    // A message of one line, of two, and none: the same 7 pages of 6 rows.
    try terminal.enter("g 0") { $0.contains("There is no page 0: the pages are 1 to 7.") }
    try terminal.enter("zzz") { $0.contains("Unknown command") && $0.hasSuffix("\n>") }
    try terminal.enter("g 0") { $0.contains("There is no page 0: the pages are 1 to 7.") }
    try terminal.enter("g 3") { $0.contains("[5] Movie 013 ") && $0.contains("Rows 13–18 of 40") }
    try terminal.enter("3") { $0.contains("\n3 is the text field") }
    try terminal.enter("g 3") {
      $0.contains("[5] Movie 013 ") && !$0.contains("3 is the text field")
    }
  }

  @Test func aNewSearchOrSortStartsAtTheFirstRow() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 40, columns: 44)
    try terminal.enter("g 4") { $0.contains("Rows 19–24 of 40") }
    try terminal.enter("/movie 00") {
      $0.contains("[5] Movie 001 ") && $0.contains("Rows 1–5 of 9")
    }
    try terminal.enter("n") { $0.contains("Rows 6–9 of 9") || $0.contains("Rows 5–9 of 9") }
    try terminal.enter("sort views") {
      $0.contains("[5] Movie 001 ") && $0.contains("Rows 1–5 of 9")
    }
  }

  @Test func aLinePastTheLimitIsRefusedSayingItsLengthNotCutSilently() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    // Pasted in one piece, as a terminal sends a paste.
    terminal.type("3 " + String(repeating: "x", count: 5_000))
    try terminal.screen { $0.hasSuffix("xxxx") }
    terminal.type(Key.enter)
    try terminal.screen {
      $0.contains(
        "\nThat line is 5002 bytes long; a line can hold at most 4096\nbytes. Nothing was changed.\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: directory.file("state.json")))
  }

  @Test(arguments: [SIGTSTP, SIGSTOP])
  func theScreenIsDrawnAgainWhenTheProgramContinuesAfterAStop(stop: Int32) throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    terminal.type("3 Heat")
    try terminal.screen { $0.hasSuffix("\n> 3 Heat") }
    terminal.send(stop)
    try terminal.waitUntilStopped()
    // Whatever the shell drew meanwhile is gone from the screen read back.
    terminal.forgetScreen()
    terminal.send(SIGCONT)
    try terminal.screen {
      $0.contains("[3] Movie Name: [] [4] (watch)") && $0.hasSuffix("\n> 3 Heat")
    }
    #expect(terminal.localModes & tcflag_t(ICANON | ECHO) == 0)
  }

  @Test func helpListsControlLAndFitsTheScreenInPages() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory, movies: 40, columns: 44)
    let first = try terminal.enter("help") { $0.contains("(Help, page 1 of ") }
    // Every line of the page, and the prompt, on the 16 lines.
    #expect(first.hasPrefix("Commands:\n"))
    #expect(first.split(separator: "\n", omittingEmptySubsequences: false).count <= 16)
    #expect(first.hasSuffix(": help 2 for the next.)\n>"))
    var pages = [first]
    var page = 1
    while !pages[pages.count - 1].contains("help for the first.)") && page < 9 {
      page += 1
      terminal.type("help \(page)" + Key.enter)
      pages.append(try terminal.screen { $0.contains("(Help, page \(page) of ") })
      #expect(pages[pages.count - 1].split(separator: "\n").count <= 16)
    }
    let all = pages.joined(separator: "\n")
    #expect(all.contains("\n  Ctrl-L         draw the screen again\n"))
    // The controls of the screen, the page shown.
    #expect(all.contains("\n  [10] row \"Movie 006"))
  }

  @Test func quitLeavesTheShellPromptOnALineOfItsOwn() throws {
    let directory = try TemporaryDirectory()
    let terminal = try Self.start(in: directory)
    try terminal.enter("quit") { $0.hasSuffix("\n> quit") }
    let cursor = terminal.cursorAfterExit()
    #expect(cursor.column == 0)
    let lines = try terminal.screen { _ in true }
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "> quit")
    #expect(cursor.row == lines.count)
  }
}
