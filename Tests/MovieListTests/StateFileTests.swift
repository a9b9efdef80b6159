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
    try file.save(Snapshot(name: "Ada", movies: ["Heat": 1, "Alien": 2]))
    expectText(
      try directory.contents(of: "a/b/state.json"),
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

  @Test func savingReplacesTheWholeFile() throws {
    let directory = try TemporaryDirectory()
    let file = StateFile(path: directory.file("state.json"))
    try file.save(Snapshot(name: "A much longer name than the next one", movies: ["Alien": 2]))
    try file.save(Snapshot(name: "Al", movies: [:]))
    #expect(try file.load() == Snapshot(name: "Al", movies: [:]))
  }

  @Test func savingWhereTheDirectoryCannotBeMadeThrowsNamingTheFile() throws {
    let directory = try TemporaryDirectory()
    try Data("x".utf8).write(to: URL(fileURLWithPath: directory.file("blocker")))
    let path = directory.file("blocker/state.json")
    #expect {
      try StateFile(path: path).save(Snapshot(name: "", movies: [:]))
    } throws: { error in
      String(describing: error).hasPrefix("Could not save \(path): cannot create its directory")
    }
  }
}
