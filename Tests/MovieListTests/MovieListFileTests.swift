import Foundation
import SwiftReduceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `MovieList` program on real files: links, modes, owners,
/// temporaries, read-only directories and two instances on one file.
@Suite(TestScale.runsSamplePrograms)
struct MovieListFileTests {
  private static func status(of path: String) throws -> stat {
    var status = stat()
    try #require(lstat(path, &status) == 0)
    return status
  }

  private static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Writes `content` to `state.json` in `directory`, with `mode` when one is given, and
  /// returns its path.
  private static func stateFile(
    in directory: TemporaryDirectory, _ content: String = "{\"name\": \"Ada\", \"movies\": {}}",
    mode: mode_t? = nil
  ) throws -> String {
    let file = directory.file("state.json")
    try write(content, to: file)
    if let mode { chmod(file, mode) }
    return file
  }

  // MARK: - Two instances

  @Test func twoInstancesOnOneFileKeepBothChanges() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let first = try startMovieList(["--file", file])
    first.send("1 Ada\n")
    try first.waitForPrompts(2)
    let second = try runMovieList(["--file", file], input: "3 Heat\n")
    #expect(second.status == 0)
    first.send("3 Alien\n5\n")
    let run = first.finish()
    #expect(run.status == 0)
    #expect(run.standardError == "")
    // Row 5 of the first instance was Alien: the replay on top of the file
    // removed it by title, and the second instance's Heat stays.
    try expectSaved(in: directory, savedList(name: "Ada", movies: ["Heat": 1]))
  }

  /// A first instance on `file`, 40 columns wide, that watched Heat, was shown a second
  /// instance's Alien, and removed Heat, its row 6.
  private static func heatRemovedAfterAMerge(on file: String) throws -> RunningProgram {
    let first = try startMovieList(["--file", file], environment: ["COLUMNS": "40"])
    first.send("3 Heat\n")
    try first.waitForPrompts(2)
    #expect(try runMovieList(["--file", file], input: "3 Alien\n").status == 0)
    // The first instance shows the other's Alien without a line typed.
    try first.waitFor("[6] Heat")
    first.send("6\n")
    try first.waitFor("> 6\n")
    return first
  }

  @Test func undoAfterAMergeBringsARemovedMovieBackInTheFileToo() throws {
    let directory = try TemporaryDirectory()
    let first = try Self.heatRemovedAfterAMerge(on: directory.file("state.json"))
    first.send("undo\n")
    try first.waitFor("> undo\n")
    let run = first.finish()
    #expect(
      run.standardOutput.contains("\nUndid tapping \"Heat views: 1\"; type redo to do it again.\n"))
    try expectSaved(in: directory, savedList(name: "", movies: ["Alien": 1, "Heat": 1]))
  }

  @Test func theIssuesCaseUndoneAfterTwoMergesBringsHeatBackInTheFileToo() throws {
    // A `3 Heat`, B `3 Alien`, A removes Heat, B `3 Casablanca`, A `undo`.
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let first = try Self.heatRemovedAfterAMerge(on: file)
    // Saved once the next prompt is out: the other instance starts after.
    try first.waitFor("[5] Alien                     views: 1\n\n> ")
    #expect(try runMovieList(["--file", file], input: "3 Casablanca\n").status == 0)
    try first.waitFor("[6] Casablanca")
    first.send("undo\n")
    let run = first.finish()
    let screens = run.screens
    expectText(
      try #require(screens.first { $0.hasPrefix("undo\n") }) + "\n",
      "undo\n"
        + listScreen(
          list: [
            "[5] Alien                     views: 1", "[6] Casablanca                views: 1",
            "[7] Heat                      views: 1",
          ],
          message: "Undid tapping \"Heat views: 1\"; type redo to do it again."))
    try expectSaved(
      in: directory, savedList(name: "", movies: ["Alien": 1, "Casablanca": 1, "Heat": 1]))
  }

  @Test func twoInstancesSavingAtTheSameTimeLoseNothing() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let lines = { (prefix: String) in
      (1...40).map { "3 \(prefix) \($0)\n" }.joined()
    }
    let first = try startMovieList(["--file", file])
    let second = try startMovieList(["--file", file])
    first.send(lines("A"))
    second.send(lines("B"))
    #expect(first.finish().status == 0)
    #expect(second.finish().status == 0)
    let saved = try directory.contents(of: "state.json")
    let entries = saved.split(separator: "\n").filter { $0.hasPrefix("        \"") }
    let expected = ["A", "B"].flatMap { prefix in
      (1...40).map { "        \"\(prefix) \($0)\": 1," }
    }
    // Every movie once, each watched once: none lost, none replayed twice.
    #expect(entries.map { $0.hasSuffix(",") ? String($0) : $0 + "," }.sorted() == expected.sorted())
  }

  // MARK: - Numbers

  @Test func watchingAMovieSeenIntMaxTimesSaysSoInsteadOfOverflowing() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.stateFile(
      in: directory, "{\"name\": \"\", \"movies\": {\"Alien\": 9223372036854775807}}")
    // Read once, and written again as a snapshot.
    #expect(try runMovieList(["--file", file]).status == 0)
    let content = try directory.contents(of: "state.json")
    let run = try runMovieList(
      ["--file", file], input: "3 Alien\n", environment: ["COLUMNS": "100"])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.contains(
        " \"Alien\" has been watched 9223372036854775807 times, the most MovieList can count.\n"))
    // Nothing changed, so nothing was saved: the file is as it was written.
    #expect(try directory.contents(of: "state.json") == content)
  }

  // MARK: - Links, modes and owners

  @Test func aStateFileThatIsASymlinkIsWrittenThroughTheLink() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.file("real"), withIntermediateDirectories: false)
    try Self.write("{\"name\": \"Ada\", \"movies\": {}}", to: directory.file("real/state.json"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link.json"), withDestinationPath: "real/state.json")
    let run = try runMovieList(["--file", directory.file("link.json")], input: "3 Alien\n")
    #expect(run.status == 0)
    #expect(try Self.status(of: directory.file("link.json")).st_mode & S_IFMT == S_IFLNK)
    #expect(try directory.contents(of: "real/state.json").contains("\"Alien\": 1"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.file("real")).sorted()
        == ["state.json", "state.json.journal"])
  }

  @Test func aDanglingSymlinkGetsItsTargetCreated() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link.json"), withDestinationPath: directory.file("target.json"))
    let run = try runMovieList(["--file", directory.file("link.json")], input: "1 Ada\n")
    #expect(run.status == 0)
    #expect(try Self.status(of: directory.file("link.json")).st_mode & S_IFMT == S_IFLNK)
    #expect(try directory.contents(of: "target.json").contains("\"name\": \"Ada\""))
  }

  @Test func savingKeepsTheModeOfTheFile() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.stateFile(in: directory, mode: 0o640)
    #expect(try runMovieList(["--file", file], input: "3 Alien\n").status == 0)
    #expect(try Self.status(of: file).st_mode & 0o7777 == 0o640)
  }

  /// A file the user cannot write is opened read-only: the reason is shown,
  /// every save is refused, and the file is left as it was.
  ///
  /// Run as `nobody` so that it holds when the tests run as root, whom a mode
  /// does not stop.
  @Test func aReadOnlyFileIsOpenedReadOnlyWithTheReasonShownAndSavesRefused() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.path, 0o755)
    let content = "{\"name\": \"Ada\", \"movies\": {}}"
    let file = try Self.stateFile(in: directory, content, mode: 0o444)
    let run = try runMovieList(
      ["--file", file], input: "3 Alien\n", environment: ["COLUMNS": "400"], as: .nobody)
    let reason =
      "you cannot write it (its mode is r--r--r--); make it writable with chmod u+w, or choose "
      + "another file with --file"
    let screens = run.screens
    #expect(screens[0].contains("\n Opened read-only, and changes are not saved: \(reason).\n"))
    #expect(screens[1].contains(" [5] Alien "))
    #expect(screens[1].hasSuffix("\nNot saved to \(file): \(reason)."))
    #expect(run.status == 1)
    #expect(
      run.standardError == "MovieList: 1 change was not saved. Not saved to \(file): \(reason).\n")
    #expect(try directory.contents(of: "state.json") == content)
  }

  @Test func aReadOnlyFileOpenedOnlyToLookAtEndsWithStatus0() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.path, 0o755)
    let file = try Self.stateFile(
      in: directory, "{\"name\": \"Ada\", \"movies\": {\"Alien\": 2}}", mode: 0o444)
    let run = try runMovieList(["--file", file], input: "/ali\nquit\n", as: .nobody)
    #expect(run.standardOutput.contains(" [5] Alien "))
    #expect(run.status == 0)
    #expect(run.standardError == "")
  }

  /// Root may write a mode-444 file; the save then keeps the mode 444.
  @Test(.enabled(if: geteuid() == 0, "only root can write a mode-444 file"))
  func aReadOnlyFileSavedByRootKeepsItsMode() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.stateFile(in: directory, mode: 0o444)
    #expect(try runMovieList(["--file", file], input: "3 Alien\n").status == 0)
    #expect(try Self.status(of: file).st_mode & 0o7777 == 0o444)
    #expect(try directory.contents(of: "state.json").contains("\"Alien\": 1"))
  }

  @Test(.enabled(if: geteuid() == 0, "only root can save a file of someone else"))
  func savingKeepsTheOwnerOfTheFile() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.stateFile(in: directory)
    chown(file, ProgramUser.nobodyID, ProgramUser.nobodyID)
    #expect(try runMovieList(["--file", file], input: "3 Alien\n").status == 0)
    let status = try Self.status(of: file)
    #expect(status.st_uid == ProgramUser.nobodyID)
    #expect(status.st_gid == ProgramUser.nobodyID)
  }

  @Test(.enabled(if: geteuid() == 0, "the file must belong to another user than nobody"))
  func aFileOfAnotherUserIsOpenedReadOnlyRatherThanTakenOver() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.path, 0o777)
    let file = try Self.stateFile(in: directory, mode: 0o666)
    let owner = try Self.status(of: file).st_uid
    let run = try runMovieList(["--file", file], input: "3 Alien\n", as: .nobody)
    #expect(run.status == 1)
    #expect(
      run.standardOutput.contains("\n Opened read-only, and changes are not saved: it belongs"))
    #expect(
      run.standardError.hasPrefix(
        "MovieList: 1 change was not saved. Not saved to \(file): it belongs to "))
    #expect(
      run.standardError.hasSuffix(
        ", and saving would make it yours; choose another file with --file.\n"))
    #expect(try Self.status(of: file).st_uid == owner)
  }

  // MARK: - Temporaries

  @Test func aSymlinkPlantedAtATemporaryNameIsNeverFollowed() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let victim = directory.file("victim")
    try Self.write("precious", to: victim)
    for name in ["state.json.tmp-1", "state.json.tmp-\(getpid() + 1)-7"] {
      try FileManager.default.createSymbolicLink(
        atPath: directory.file(name), withDestinationPath: victim)
    }
    #expect(try runMovieList(["--file", file], input: "1 Ada\n3 Alien\n").status == 0)
    #expect(try directory.contents(of: "victim") == "precious")
    #expect(try directory.contents(of: "state.json").contains("\"Alien\": 1"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["state.json", "state.json.journal", "victim"])
  }

  @Test func aStaleTemporaryOfAKilledRunIsRemovedByTheNextRun() throws {
    let directory = try TemporaryDirectory()
    let file = try Self.stateFile(in: directory)
    try Self.write("{\"name\": \"Ad", to: directory.file("state.json.tmp-4242-99"))
    #expect(try runMovieList(["--file", file], input: "").status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["state.json", "state.json.journal"])
  }

  // MARK: - Files that go away or change hands

  @Test(arguments: ["the file", "its directory"])
  func aStateFileRemovedWhileTheProgramRunsIsWrittenAgainWhole(removed: String) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("movies/state.json")
    let running = try startMovieList(["--file", file])
    running.send("1 Zoe\n3 Alien\n3 Brazil\n3 Casablanca\n")
    try running.waitForPrompts(5)
    try FileManager.default.removeItem(
      atPath: removed == "the file" ? file : directory.file("movies"))
    running.send("3 Dune\n")
    let run = running.finish()
    #expect(run.status == 0)
    #expect(run.standardError == "")
    expectText(
      withoutLineage(try directory.contents(of: "movies/state.json")),
      savedList(name: "Zoe", movies: ["Alien": 1, "Brazil": 1, "Casablanca": 1, "Dune": 1]))
  }

  /// Run as `nobody`, whom the mode stops even when the tests run as root.
  @Test func aStateFileMadeReadOnlyWhileTheProgramRunsIsRefusedAtTheNextSave() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.path, 0o777)
    let file = directory.file("state.json")
    let running = try startMovieList(
      ["--file", file], environment: ["COLUMNS": "200"], as: .nobody)
    running.send("3 Alien\n")
    try running.waitForPrompts(2)
    let saved = try directory.contents(of: "state.json")
    chmod(file, 0o444)
    running.send("3 Brazil\nhelp\n")
    try running.waitForPrompts(4)
    let run = running.finish()
    let refused =
      "Not saved to \(file): you cannot write it (its mode is r--r--r--); "
      + "make it writable with chmod u+w, or choose another file with --file."
    let screens = run.screens
    #expect(screens.count == 5)
    #expect(!screens[1].contains(refused))
    #expect(screens[2].contains(" [6] Brazil "))
    #expect(screens[2].hasSuffix(" views: 1\n\n" + refused))
    #expect(screens[3].hasSuffix("\n" + refused))
    #expect(try directory.contents(of: "state.json") == saved)
    #expect(run.status == 1)
    #expect(run.standardError == "MovieList: 1 change was not saved. \(refused)\n")
  }

  @Test(.enabled(if: geteuid() == 0, "the file must be replaced by another user than nobody"))
  func aStateFileReplacedByAnotherUsersWhileTheProgramRunsIsRefusedAtTheNextSave() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.path, 0o777)
    let file = directory.file("state.json")
    let running = try startMovieList(["--file", file], as: .nobody)
    running.send("3 Alien\n")
    try running.waitForPrompts(2)
    let theirs = "{\"name\": \"Root\", \"movies\": {}}"
    try Self.write(theirs, to: directory.file("theirs"))
    chmod(directory.file("theirs"), 0o666)
    try #require(rename(directory.file("theirs"), file) == 0)
    // Seen within a quarter of a second, and not merged.
    try running.waitFor("Your list is kept on screen.")
    running.send("3 Brazil\n")
    try running.waitForPrompts(3)
    let run = running.finish()
    #expect(run.standardOutput.contains("\nNot saved to \(file): it belongs to "))
    #expect(
      run.standardOutput.contains(
        ", and saving would make it yours; choose another file with --file.\n> "))
    #expect(try directory.contents(of: "state.json") == theirs)
    #expect(run.status == 1)
    // Never merged onto the screen: the list stays this user's.
    #expect(!run.standardOutput.contains("[Root]"))
    #expect(run.standardOutput.contains(" [6] Brazil "))
  }

  // MARK: - Failed saves

  /// Run as `nobody` in a directory only root may write to.
  @Test func aFailedSaveStaysOnScreenUntilASaveSucceedsAndTheExitStatusIs1() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.path, 0o555)
    defer { chmod(directory.path, 0o755) }
    let file = directory.file("state.json")
    let run = try runMovieList(
      ["--file", file], input: "1 Ada\nhelp\nquit\n", environment: ["COLUMNS": "100"], as: .nobody)
    #expect(run.status == 1)
    let notSaved =
      "Not saved to \(file): cannot create a file in \(directory.path) (permission denied)."
    let screens = run.screens
    #expect(screens.count == 4)
    #expect(!screens[0].contains(notSaved))
    #expect(screens[1].hasSuffix("\n" + notSaved))
    #expect(screens[2].hasSuffix("\n" + notSaved))
    #expect(!screens[2].contains("Error Domain"))
    #expect(run.standardError == "MovieList: 1 change was not saved. \(notSaved)\n")
    #expect(!FileManager.default.fileExists(atPath: file))
  }
}

/// Round 4: a merge never takes away what the user has.
extension MovieListFileTests {
  /// Why a list of another lineage found in the file is neither merged nor saved over.
  private static let anotherList =
    "another list is there now, not the one this list was loaded from or saved to (another "
    + "user's, or a new file); type save to write this list over it, or choose another file "
    + "with --file."

  /// An instance on `file`, 400 columns wide, that saved Ada and Alien and waits for a line.
  private static func adaWatchingAlien(on file: String) throws -> RunningProgram {
    let running = try startMovieList(["--file", file], environment: ["COLUMNS": "400"])
    running.send("1 Ada\n3 Alien\n")
    try running.waitForPrompts(3)
    return running
  }

  @Test func anotherListReplacingTheFileIsNeverMergedAndSavesWaitForSave() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let running = try Self.adaWatchingAlien(on: file)
    // Another list, of another lineage, renamed over the file.
    let theirs = "{\"lineage\": \"someone-else\", \"name\": \"Bob\", \"movies\": {\"Jaws\": 1}}"
    try Data(theirs.utf8).write(to: URL(fileURLWithPath: directory.file("theirs")))
    try #require(rename(directory.file("theirs"), file) == 0)
    try running.waitFor(
      "Not merged: \(file) changed, and \(Self.anotherList) Your list is kept on screen.\n")
    running.send("3 Brazil\n")
    try running.waitForPrompts(4)
    #expect(try directory.contents(of: "state.json") == theirs)
    running.send("save\n")
    let run = running.finish()
    let screens = run.screens
    let refused = try #require(screens.first { $0.hasPrefix("3 Brazil\n") })
    #expect(refused.contains(" [5] Alien "))
    #expect(refused.contains(" [6] Brazil "))
    #expect(!refused.contains("Jaws"))
    #expect(refused.hasSuffix("\nNot saved to \(file): \(Self.anotherList)"))
    let saved = try #require(screens.first { $0.hasPrefix("save\n") })
    #expect(saved.hasSuffix("\nSaved the list to \(file)."))
    #expect(run.status == 0)
    try expectSaved(in: directory, savedList(name: "Ada", movies: ["Alien": 1, "Brazil": 1]))
  }

  @Test func aNewFileMadeAfterTheFileWasRemovedIsNeverMerged() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("state.json")
    let running = try Self.adaWatchingAlien(on: file)
    #expect(running.standardOutput.components(separatedBy: "\n> ").count == 4)
    try FileManager.default.removeItem(atPath: file)
    // Another instance, started after the removal, makes a new list there.
    #expect(try runMovieList(["--file", file], input: "3 Heat\n").status == 0)
    try running.waitFor("Your list is kept on screen.\n")
    running.send("quit\n")
    let run = running.finish()
    #expect(!run.standardOutput.contains("Heat"))
    let screens = run.screens
    #expect(screens.last == "quit\n")
    #expect(screens.dropLast().last?.contains(" [5] Alien ") == true)
    // The list shown is in no file: quitting says so.
    #expect(run.status == 1)
    #expect(
      run.standardError == "MovieList: this list was not saved to \(file): \(Self.anotherList)\n")
    #expect(withoutLineage(try directory.contents(of: "state.json")).contains("\"Heat\": 1"))
    #expect(!(try directory.contents(of: "state.json")).contains("Alien"))
  }
}
