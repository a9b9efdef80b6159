import Foundation
import SwiftReduceTestSupport
import Testing

@testable import MovieList

struct StateFileTests {
  @Test func missingFileLoadsAsNoState() throws {
    let directory = try TemporaryDirectory()
    #expect(try StateFile(path: directory.file("state.json")).load() == nil)
  }

  @Test func savingCreatesTheDirectoryAndWritesSortedJSONWithoutLeftovers() throws {
    let directory = try TemporaryDirectory()
    let file = StateFile(path: directory.file("a/b/state.json"))
    try file.save({ Snapshot(name: "Ada", movies: ["Heat": 1, "Alien": 2]) }, rebase: { _ in })
    expectText(
      withoutLineage(try directory.contents(of: "a/b/state.json")),
      """
      {
        "movies" : {
          "Alien" : 2,
          "Heat" : 1
        },
        "name" : "Ada"
      }

      """)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.file("a/b")) == ["state.json"])
    #expect(try file.load() == Snapshot(name: "Ada", movies: ["Heat": 1, "Alien": 2]))
  }

  @Test func aFileMovieListWroteGivesItsMoviesSortedByTitle() throws {
    let directory = try TemporaryDirectory()
    let movies = ["Heat": 1, "Alien": 2, "Movie 10": 3, "Movie 2": 4]
    try StateFile(path: directory.file("state.json"))
      .save({ Snapshot(name: "Ada", movies: movies) }, rebase: { _ in })
    let file = StateFile(path: directory.file("state.json"))
    #expect(try file.load() == Snapshot(name: "Ada", movies: movies))
    #expect(file.sortedTitles?.titles == ["Alien", "Heat", "Movie 10", "Movie 2"])
    #expect(file.sortedTitles?.counts == [2, 1, 3, 4])
  }

  @Test func savingReplacesTheWholeFile() throws {
    let directory = try TemporaryDirectory()
    let file = StateFile(path: directory.file("state.json"))
    try file.save(
      { Snapshot(name: "A much longer name than the next one", movies: ["Alien": 2]) },
      rebase: { _ in })
    try file.save({ Snapshot(name: "Al", movies: [:]) }, rebase: { _ in })
    #expect(try file.load() == Snapshot(name: "Al", movies: [:]))
  }

  @Test func savingWhereTheDirectoryCannotBeMadeThrowsASentenceNamingTheFile() throws {
    let directory = try TemporaryDirectory()
    try Data("x".utf8).write(to: URL(fileURLWithPath: directory.file("blocker")))
    let path = directory.file("blocker/state.json")
    #expect {
      try StateFile(path: path).save({ Snapshot(name: "", movies: [:]) }, rebase: { _ in })
    } throws: { error in
      String(describing: error)
        == "Not saved to \(path): \(directory.file("blocker")) is not a directory."
    }
  }

  @Test func aFileChangedSinceItWasReadIsGivenToRebaseBeforeSaving() throws {
    let directory = try TemporaryDirectory()
    let mine = StateFile(path: directory.file("state.json"))
    let theirs = StateFile(path: directory.file("state.json"))
    #expect(try mine.load() == nil)
    #expect(try theirs.load() == nil)
    try theirs.save({ Snapshot(name: "Bob", movies: ["Heat": 1]) }, rebase: { _ in })
    var rebasedOn: [Snapshot] = []
    try mine.save({ Snapshot(name: "Ada", movies: [:]) }, rebase: { rebasedOn.append($0.theirs) })
    #expect(rebasedOn == [Snapshot(name: "Bob", movies: ["Heat": 1])])
    try mine.save({ Snapshot(name: "Ada", movies: [:]) }, rebase: { rebasedOn.append($0.theirs) })
    #expect(rebasedOn.count == 1)
  }

  @Test func aRemovedFileIsWrittenAgainWholeWithoutRebasing() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("movies/state.json")
    let file = StateFile(path: path)
    try file.save({ Snapshot(name: "Zoe", movies: ["Alien": 1]) }, rebase: { _ in })
    try FileManager.default.removeItem(atPath: directory.file("movies"))
    var rebasedOn: [Snapshot] = []
    let everything = Snapshot(name: "Zoe", movies: ["Alien": 1, "Dune": 1])
    try file.save({ everything }, rebase: { rebasedOn.append($0.theirs) })
    #expect(rebasedOn == [])
    #expect(try StateFile(path: path).load() == everything)
  }

  @Test func unknownKeysOfTheFileAreKeptOnSave() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    try Data(
      #"{"name": "Ada", "movies": {"Up": 1}, "ratings": {"Up": 4.5, "seen": [true, null]}, "v": 2}"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let file = StateFile(path: path)
    #expect(try file.load() == Snapshot(name: "Ada", movies: ["Up": 1]))
    try file.save({ Snapshot(name: "Ada", movies: ["Up": 2]) }, rebase: { _ in })
    expectText(
      withoutLineage(try directory.contents(of: "state.json")),
      """
      {
        "movies" : {
          "Up" : 2
        },
        "name" : "Ada",
        "ratings" : {
          "Up" : 4.5,
          "seen" : [
            true,
            null
          ]
        },
        "v" : 2
      }

      """)
  }

  @Test func ofSeveralBadCountsTheFirstTitleInOrderIsNamed() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    try Data(#"{"name": "", "movies": {"Up": 0, "Heat": 1, "Alien": 1.5, "Jaws": -2}}"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    #expect {
      try StateFile(path: path).load()
    } throws: { error in
      String(describing: error)
        == "cannot load \(path): the view count of \"Alien\" is 1.5, which is not a whole number."
    }
  }

  // MARK: - Round 4

  @Test func aSaveMergesThreeWaysFromTheVersionLastSavedAndKeepsTheLargerCount() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    let mine = StateFile(path: path)
    #expect(try mine.load() == nil)
    try mine.save({ Snapshot(name: "Ada", movies: ["Alien": 1, "Brazil": 1]) }, rebase: { _ in })
    let theirs = StateFile(path: path)
    _ = try theirs.load()
    try theirs.save({ Snapshot(name: "Ada", movies: ["Alien": 3, "Heat": 1]) }, rebase: { _ in })
    var merges: [ThreeWayMerge] = []
    try mine.save(
      { merges.last?.merged ?? Snapshot(name: "Ada", movies: ["Alien": 2, "Brazil": 1, "Up": 1]) },
      rebase: { merges.append($0) })
    #expect(merges.count == 1)
    #expect(
      merges.first?.merged == Snapshot(name: "Ada", movies: ["Alien": 3, "Heat": 1, "Up": 1]))
    #expect(merges.first?.conflicts.map(\.title) == ["Alien"])
    #expect(try StateFile(path: path).load() == merges.first?.merged)
  }

  @Test func aFileOfAnotherLineageIsNeverMergedAndSavesWaitUntilTheUserOverwritesIt() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    let mine = StateFile(path: path)
    _ = try mine.load()
    try mine.save({ Snapshot(name: "Ada", movies: ["Alien": 1]) }, rebase: { _ in })
    let lineage = try #require(mine.lineage)
    try FileManager.default.removeItem(atPath: path)
    // A new list, made after the removal, by an instance that never saw this one.
    try StateFile(path: path).save({ Snapshot(name: "Bob", movies: ["Jaws": 1]) }, rebase: { _ in })
    var merged = 0
    var refusals: [String] = []
    mine.mergeChanges(
      mine: { Snapshot(name: "Ada", movies: ["Alien": 1]) }, { _ in merged += 1 },
      refused: { refusals.append($0) })
    mine.mergeChanges(
      mine: { Snapshot(name: "Ada", movies: ["Alien": 1]) }, { _ in merged += 1 },
      refused: { refusals.append($0) })
    #expect(merged == 0)
    #expect(refusals.count == 1)
    #expect {
      try mine.save({ Snapshot(name: "Ada", movies: ["Alien": 2]) }, rebase: { _ in merged += 1 })
    } throws: { error in
      String(describing: error).hasPrefix("Not saved to \(path): another list is there now")
    }
    #expect(try StateFile(path: path).load() == Snapshot(name: "Bob", movies: ["Jaws": 1]))
    mine.overwriteOtherList()
    try mine.save({ Snapshot(name: "Ada", movies: ["Alien": 2]) }, rebase: { _ in merged += 1 })
    #expect(merged == 0)
    let reloaded = StateFile(path: path)
    #expect(try reloaded.load() == Snapshot(name: "Ada", movies: ["Alien": 2]))
    #expect(reloaded.lineage == lineage)
  }

  @Test func aFileWithoutALineageGetsOneThatEveryInstanceReadingItMakesAlike() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    try Data(#"{"name": "Ada", "movies": {"Up": 1}}"#.utf8).write(to: URL(fileURLWithPath: path))
    let first = StateFile(path: path)
    let second = StateFile(path: path)
    _ = try first.load()
    _ = try second.load()
    #expect(first.lineage != nil)
    #expect(first.lineage == second.lineage)
    try first.save({ Snapshot(name: "Ada", movies: ["Up": 1, "Heat": 1]) }, rebase: { _ in })
    var merges: [ThreeWayMerge] = []
    try second.save({ Snapshot(name: "Ada", movies: ["Up": 2]) }, rebase: { merges.append($0) })
    #expect(merges.first?.merged == Snapshot(name: "Ada", movies: ["Up": 2, "Heat": 1]))
  }
}
