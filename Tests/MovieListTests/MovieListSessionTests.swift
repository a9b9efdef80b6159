import Foundation
import SwiftReduce
import SwiftReduceTesting
import Testing

@testable import MovieList

/// MovieList sessions recorded with `--record` and replayed as tests (issue #35 item 4).
@MainActor
struct MovieListSessionTests {
  /// A fresh list, recorded as the app records it: what is saved, through its history.
  private func freshStore() -> (Store<Person>, History<Person>) {
    let store = Store(Person())
    return (store, MovieListApp.makeHistory(of: store))
  }

  @Test func aCheckedInSessionReplaysAsATest() throws {
    // Recorded with `MovieList --file state.json --record RecordedSession.json` and the
    // commands: 1 Ada, 3 Alien, 3 Heat, 3 Alien, 5, undo, /al, /, sort views, quit.
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Support/RecordedSession.json")
    let session = try JSONDecoder().decode([SessionStep].self, from: Data(contentsOf: file))
    #expect(session.count == 12)
    let (store, history) = freshStore()
    #expect(store.replay(session, decoding: [NameChange.self, UpdateMovies.self]) == 12)
    #expect(history.steps.count == 7)
    #expect(store.name == "Ada")
    #expect(store.favoriteMovies.movies == ["Alien": 2, "Heat": 1])
    #expect(store.favoriteMovies.order == .views)
  }

  @Test func recordWritesASessionThatReplays() throws {
    let directory = try TemporaryDirectory()
    let run = try runMovieList(
      ["--file", directory.file("state.json"), "--record", directory.file("session.json")],
      input: "1 Ada\n3 Heat\n3 Heat\n5\nundo\nquit\n")
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let session = try JSONDecoder().decode(
      [SessionStep].self,
      from: Data(contentsOf: URL(fileURLWithPath: directory.file("session.json"))))
    #expect(
      session.map { $0.actionText ?? "\($0.kind)" } == [
        #"NameChange.setName("Ada")"#, #"UpdateMovies.setInput("Heat")"#, "UpdateMovies.submit",
        #"UpdateMovies.setInput("Heat")"#, "UpdateMovies.submit",
        #"UpdateMovies.removeMovie("Heat")"#, "undo",
      ])
    let (store, history) = freshStore()
    #expect(store.replay(session, decoding: [NameChange.self, UpdateMovies.self]) == 7)
    #expect(history.steps.count == 5)
    #expect(store.favoriteMovies.movies == ["Heat": 2])
  }

  @Test func aSessionThatCannotBeWrittenIsSaidAndTheListIsStillSaved() throws {
    let directory = try TemporaryDirectory()
    let run = try runMovieList(
      ["--file", directory.file("state.json"), "--record", directory.file("missing/s.json")],
      input: "1 Ada\nquit\n")
    #expect(run.status == 1)
    #expect(run.standardError.hasPrefix("MovieList: the session was not recorded to "))
    let saved = try String(contentsOfFile: directory.file("state.json"), encoding: .utf8)
    #expect(saved.contains("Ada"))
  }

  @Test func aRecordedSessionIsWrittenAsTheCheckedInTestStoreTest() throws {
    // The session `aCheckedInSessionReplaysAsATest` replays, undo included.
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let session = try JSONDecoder().decode(
      [SessionStep].self,
      from: Data(contentsOf: folder.appendingPathComponent("Support/RecordedSession.json")))
    let store = Store(Person())
    let history = MovieListApp.makeHistory(of: store)
    let source = store.testSource(
      of: session, named: "recordedSession", root: "Person()",
      history: "MovieListApp.makeHistory(of: store.store)")
    let checkedIn = try String(
      contentsOf: folder.appendingPathComponent("RecordedSessionTests.swift"), encoding: .utf8)
    #expect(checkedIn.contains(try source.get().replacingOccurrences(of: "\n", with: "\n  ")))
    #expect(history.steps.count == 7)
  }
}
