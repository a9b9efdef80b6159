import Foundation
import SwiftReduceTestSupport
import Testing

/// Runs the built `MovieList` program as a person or a script would.
@Suite(TestScale.runsSamplePrograms)
struct MovieListExecutableTests {
  static let usage = """
    USAGE: MovieList [--file <path>] [--record <path>]

    Keeps your name and the movies you watch, with a view count for each.
    Type help in the app for its commands.

    OPTIONS:
      --file <path>  The JSON file that keeps the list between runs.
                     (default: $XDG_DATA_HOME/movielist/state.json, or
                     ~/.local/share/movielist/state.json when XDG_DATA_HOME is unset)
      --record <path>
                     Record the session (each action with the changes it
                     made) to this JSON file when you quit, to replay as a test.
      --version      Show the version.
      -h, --help     Show this help.

    """

  /// Runs `MovieList` on a new list, `columns` wide when given, with `input` typed.
  private static func run(typing input: String, columns: Int? = nil) throws -> ProgramRun {
    let directory = try TemporaryDirectory()
    return try runMovieList(
      ["--file", directory.file("state.json")], input: input,
      environment: columns.map { ["COLUMNS": "\($0)"] } ?? [:])
  }

  @Test func pipedSessionPrintsEachScreenAndSavesAfterEveryChange() throws {
    let directory = try TemporaryDirectory()
    let run = try runMovieList(
      ["--file", directory.file("state.json")],
      input: "1 Ada\n3 Alien\n3 Alien\n3 千と千尋の神隠し\nquit\n",
      environment: ["COLUMNS": "40"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    expectText(
      run.standardOutput,
      listScreen(message: welcome) + "> 1 Ada\n"
        + listScreen(name: "Ada") + "> 3 Alien\n"
        + listScreen(name: "Ada", list: ["[5] Alien                     views: 1"])
        + "> 3 Alien\n" + listScreen(name: "Ada", list: ["[5] Alien                     views: 2"])
        + "> 3 千と千尋の神隠し\n"
        + listScreen(
          name: "Ada",
          list: ["[5] Alien                     views: 2", "[6] 千と千尋の神隠し          views: 1"])
        + "> quit\n")
    try expectSaved(in: directory, savedList(name: "Ada", movies: ["Alien": 2, "千と千尋の神隠し": 1]))
  }

  /// A user's list from before MovieList saved through SwiftReducePersistence survives the
  /// upgrade: loaded with its movies and order, written again as a snapshot, and shown by
  /// the next run with a change made since.
  @Test func anOlderMovieListsFileKeepsItsListThroughTheUpgrade() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let movies = (1...2_000).map { "\"Movie \($0)\": \($0 % 3 + 1)" }.joined(separator: ", ")
    try Data(
      "{\"lineage\": \"0a1b\", \"name\": \"Ada\", \"movies\": {\(movies)}, \"sort\": \"views\"}"
        .utf8
    ).write(to: URL(fileURLWithPath: file))

    let first = try runMovieList(
      ["--file", file], input: "3 Alien\n", environment: ["COLUMNS": "40"])
    let second = try runMovieList(["--file", file], input: "", environment: ["COLUMNS": "40"])

    #expect(first.status == 0)
    #expect(first.standardError == "")
    // By views, as the file's sort order said, most watched first and then by title.
    #expect(first.screens[0].contains("\n [5] Movie 1001                views: 3\n"))
    #expect(second.status == 0)
    #expect(second.screens[0].contains("\n [5] Movie 1001                views: 3\n"))
    #expect(second.screens[0].contains("\n [1339] Alien                  views: 1\n"))
    let saved = try directory.contents(of: "state.json")
    #expect(saved.hasPrefix("{\n  \"format\": \"SwiftReducePersistence snapshot\",\n"))
    #expect(saved.contains("\n      \"order\": \"views\"\n"))
    #expect(saved.split(separator: "\n").filter { $0.hasPrefix("        \"") }.count == 2_001)
  }

  @Test func aSecondRunShowsTheStateOfTheFirstAndRemovesARow() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    _ = try runMovieList(["--file", file], input: "1 Ada\n3 Alien\n3 Heat\n")
    let second = try runMovieList(["--file=\(file)"], input: "5\n", environment: ["COLUMNS": "40"])
    #expect(second.status == 0)
    expectText(
      second.standardOutput,
      listScreen(
        name: "Ada",
        list: ["[5] Alien                     views: 1", "[6] Heat                      views: 1"],
        message: welcome)
        + "> 5\n" + listScreen(name: "Ada", list: ["[5] Heat                      views: 1"])
        + "> \n")
    let third = try runMovieList(["--file", file], input: "")
    #expect(third.standardOutput.contains("[5] Heat"))
    #expect(!third.standardOutput.contains("Alien"))
  }

  @Test func withoutFileTheStateGoesToXDGDataHome() throws {
    let directory = try TemporaryDirectory()
    let run = try runMovieList(
      [], input: "1 Ada\n", environment: ["XDG_DATA_HOME": directory.file("data")])
    #expect(run.status == 0)
    #expect(try directory.contents(of: "data/movielist/state.json").contains("\"name\": \"Ada\""))
  }

  @Test func withoutFileOrXDGDataHomeTheStateGoesUnderHome() throws {
    let directory = try TemporaryDirectory()
    let run = try runMovieList([], input: "1 Ada\n", environment: ["HOME": directory.path])
    #expect(run.status == 0)
    #expect(
      try directory.contents(of: ".local/share/movielist/state.json").contains("\"name\": \"Ada\"")
    )
  }

  @Test(arguments: [
    (
      "{ \"name\": \"Ada\", ",
      "it is not valid JSON (line 1, column 18: expected a member name in quotes)"
    ),
    ("", "it is empty"),
    ("[1]", "the top level should be an object"),
    ("{\"name\": \"Ada\"}", "\"movies\" is missing"),
    ("{\"name\": 3, \"movies\": {}}", "\"name\" should be a string"),
    ("{\"name\": null, \"movies\": {}}", "\"name\" should be a string, not null"),
    ("{\"name\": \"\", \"movies\": {\"Up\": \"2\"}}", "\"movies.Up\" should be a whole number"),
    (
      "{\"name\": \"\", \"movies\": {\"Up\": 0}}",
      "the view count of \"Up\" is 0; counts start at 1"
    ),
    (
      "{\"name\": \"\", \"movies\": {\"Up\": 1.5}}",
      "the view count of \"Up\" is 1.5, which is not a whole number"
    ),
    (
      "{\"name\": \"\", \"movies\": {\"Up\": 9223372036854775808}}",
      "the view count of \"Up\" is 9.223372036854776e+18, more than MovieList can count"
    ),
  ])
  func aCorruptFileStopsTheProgramAndIsLeftUntouched(content: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    try Data(content.utf8).write(to: URL(fileURLWithPath: file))
    let run = try runMovieList(["--file", file], input: "1 Grace\n")
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "MovieList: cannot load \(file): \(problem).\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(content.utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["state.json"])
  }

  @Test func anUnreadableFileStopsTheProgramNamingTheProblem() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
    let run = try runMovieList(["--file", file], input: "1 Grace\n")
    #expect(run.status == 1)
    #expect(run.standardError == "MovieList: cannot load \(file): it is a directory.\n")
  }

  @Test func theFirstScreenSaysHelpExistsAndTheNextDoesNot() throws {
    let screens = try Self.run(typing: "1 Ada\n").screens
    #expect(screens[0].hasSuffix("\nType help for commands, quit to leave."))
    #expect(!screens[1].contains("Type help"))
  }

  @Test func versionPrintsTheVersion() throws {
    let run = try runMovieList(["--version"])
    #expect(run.status == 0)
    #expect(run.standardOutput == "MovieList 0.1.0\n")
    #expect(run.standardError == "")
  }

  @Test(arguments: ["q", "exit", "QUIT", "Exit"])
  func qAndExitQuitInAnyCase(command: String) throws {
    let directory = try TemporaryDirectory()
    let run = try runMovieList(
      ["--file", directory.file("state.json")], input: "\(command)\n3 Alien\n")
    #expect(run.status == 0)
    #expect(run.standardOutput.hasSuffix("> \(command)\n"))
    #expect(!FileManager.default.fileExists(atPath: directory.file("state.json")))
  }

  @Test func inputThatChangesNothingIsNeitherAnUndoStepNorASave() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let run = try runMovieList(
      ["--file", file], input: "4\n2\n1 \n3 \nundo\n", environment: ["COLUMNS": "44"])
    #expect(run.status == 0)
    #expect(!FileManager.default.fileExists(atPath: file))
    let screens = run.screens
    // Watch on an empty field keeps its message.
    #expect(screens[1].hasSuffix(" Type a movie name first, then watch.\n"))
    expectText(
      screens[5] + "\n",
      "undo\n"
        + listScreen(
          notice: "Type a movie name first, then watch.", message: "There is nothing to undo."))
  }

  @Test func slashTextShowsOnlyTheMoviesWhoseTitleContainsItIgnoringCaseAndSlashAloneShowsAll()
    throws
  {
    let run = try Self.run(typing: "3 Alien\n3 Brazil\n3 Heat\n/I\n/BRAZ\n5\n/\n", columns: 44)
    #expect(run.status == 0)
    let screens = run.screens
    let alien = "[5] Alien                         views: 1"
    expectText(
      screens[4] + "\n",
      "/I\n"
        + listScreen(list: [
          "2 of 3 movies contain \"I\" (/ shows all)", alien,
          "[6] Brazil                        views: 1",
        ]))
    // Row 5 of the filtered list is Brazil: tapping it removes Brazil.
    expectText(
      screens[6] + "\n> " + screens[7] + "\n",
      "5\n" + listScreen(list: ["0 of 2 movies contain \"BRAZ\" (/ shows all)"]) + "> /\n"
        + listScreen(list: [alien, "[6] Heat                          views: 1"]))
  }

  @Test func sortViewsOrdersTheListByViewsAndIsKeptInTheFile() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let first = try runMovieList(
      ["--file", file], input: "3 Alien\n3 Heat\n3 Heat\nSort Views\nsort nothing\n")
    #expect(first.status == 0)
    #expect(
      first.standardOutput.hasSuffix("Type sort views (most watched first) or sort title.\n> \n"))
    try expectSaved(
      in: directory, savedList(name: "", movies: ["Alien": 1, "Heat": 2], sort: "views"))
    let second = try runMovieList(
      ["--file", file], input: "sort title\n", environment: ["COLUMNS": "44"])
    let screens = second.screens
    #expect(
      screens[0].hasSuffix(
        " [5] Heat                          views: 2\n [6] Alien                         views: 1\n\nType help for commands, quit to leave."
      ))
    #expect(
      screens[1].hasSuffix(
        " [5] Alien                         views: 1\n [6] Heat                          views: 2\n"
      ))
    #expect(!(try directory.contents(of: "state.json")).contains("sort"))
  }

  @Test func helpPrintsTheUsage() throws {
    let run = try runMovieList(["--help"])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    expectText(run.standardOutput, Self.usage)
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--file"], "--file needs a path"),
    (["state.json"], "unexpected argument 'state.json'"),
  ])
  func aUsageErrorPrintsOneLineAndTheUsageWithStatus2(arguments: [String], problem: String)
    throws
  {
    let run = try runMovieList(arguments)
    #expect(run.status == 2)
    #expect(run.standardOutput == "")
    expectText(run.standardError, "MovieList: \(problem)\n\n" + Self.usage)
  }

  // MARK: - Round 4

  /// `MovieList` on `blocked/state.json` in `directory`, once it waits for a line, where saves
  /// then fail: a file stands where the state file's directory should be, which stops root too.
  private static func startBlocked(in directory: TemporaryDirectory) throws -> RunningProgram {
    let running = try startMovieList(
      ["--file", directory.file("blocked/state.json")], environment: ["COLUMNS": "200"])
    try running.waitForPrompts(1)
    // The directory made for the file at start is replaced by a file.
    try FileManager.default.removeItem(atPath: directory.file("blocked"))
    try Data("not a directory".utf8).write(to: URL(fileURLWithPath: directory.file("blocked")))
    return running
  }

  @Test func theNotSavedCountFollowsUndo() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("blocked/state.json")
    let running = try Self.startBlocked(in: directory)
    running.send("3 Alien\n3 Brazil\nundo\n")
    let run = running.finish()
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "MovieList: 1 change was not saved. Not saved to \(file): "
        + "\(directory.file("blocked")) is not a directory.\n")
  }

  @Test func undoingEveryChangeNotSavedLeavesNothingToSave() throws {
    let directory = try TemporaryDirectory()
    let running = try Self.startBlocked(in: directory)
    running.send("3 Brazil\nundo\n")
    let run = running.finish()
    let screens = run.screens
    #expect(screens[1].hasSuffix(" is not a directory."))
    #expect(
      screens[2].hasSuffix("\nUndid typing \"Brazil\" in Movie Name; type redo to do it again."))
    #expect(run.status == 0)
    #expect(run.standardError == "")
  }

  @Test func aMovieAddedWhileTheSearchHidesItIsAnnounced() throws {
    let screens = try Self.run(typing: "3 Alien\n/ali\n3 Brazil\n3 Alien\n", columns: 100).screens
    #expect(
      screens[3].contains(
        " [3] Movie Name: [] [4] (watch)\n \"Brazil\" was added, but the search \"ali\" hides it "
          + "(/ shows all).\n"))
    #expect(screens[3].contains("1 of 2 movies contain \"ali\""))
    #expect(!screens[4].contains("hides"))
  }

  @Test func aNamedPipeAsTheFileIsRefusedAtOnceWithAMessage() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("pipe")
    try #require(mkfifo(file, 0o600) == 0)
    let run = try runMovieList(["--file", file])
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "MovieList: cannot load \(file): it is a named pipe (FIFO), not a regular file; "
        + "choose a file with --file.\n")
  }

  @Test func aLongNoticeIsWrappedNotCut() throws {
    let screens = try Self.run(typing: "/ali\n3 Brazil\n", columns: 44).screens
    #expect(
      screens[2].contains(
        "\n \"Brazil\" was added, but the search \"ali\"\n hides it (/ shows all).\n"))
    #expect(!screens[2].contains("…"))
  }

  @Test func anUnknownSortOrderIsReadAsTheDefaultWithANotice() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    try Data(
      "{\"name\": \"\", \"movies\": {\"Heat\": 3, \"Alien\": 1}, \"sort\": \"rating\"}".utf8
    ).write(to: URL(fileURLWithPath: file))
    let run = try runMovieList(["--file", file], input: "", environment: ["COLUMNS": "100"])
    #expect(run.status == 0)
    let first = try #require(run.screens.first)
    #expect(
      first.contains(
        "\n The file's sort order \"rating\" is not one this version knows: the list is by title.\n"
      ))
    #expect(first.contains(" [5] Alien "))
    #expect(first.contains(" [6] Heat "))
  }
}
