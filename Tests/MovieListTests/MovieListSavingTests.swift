import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

@testable import MovieList

/// MovieList's file through SwiftReducePersistence, in the process: what is saved and
/// how, an older MovieList's file, and another list found in the file.
@MainActor
struct MovieListSavingTests {
  private func person(_ path: String) throws -> (Store<Person>, MovieListFile) {
    let store = Store(Person())
    return (store, try MovieListFile(store, path: path))
  }

  @Test func aMissingFileStartsAnEmptyListAndNothingIsWrittenUntilAChange() throws {
    let directory = try TemporaryDirectory()
    let (store, file) = try person(directory.file("state.json"))

    #expect(store.root.name == "")
    #expect(store.root.favoriteMovies.movies == [:])
    #expect(file.notes == [])
    #expect(!FileManager.default.fileExists(atPath: directory.file("state.json")))
  }

  @Test func savingCreatesTheDirectoryAndWritesTheMoviesSortedByTitle() throws {
    let directory = try TemporaryDirectory()
    let (store, file) = try person(directory.file("a/b/state.json"))
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.replaceAll(["Heat": 1, "Movie 2": 4, "Alien": 2, "Movie 10": 3]))
    // As the runner does after each change; closing then folds the journal into the file.
    try file.save()
    file.close()

    #expect(
      withoutLineage(try directory.contents(of: "a/b/state.json"))
        == savedList(name: "Ada", movies: ["Alien": 2, "Heat": 1, "Movie 10": 3, "Movie 2": 4]))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.file("a/b")).sorted()
        == ["state.json", "state.json.journal"])
  }

  @Test func whatIsTypedTheSearchAndTheNoticesAreNotSaved() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    let (store, file) = try person(path)
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(UpdateMovies.submit)
    store.dispatch(UpdateMovies.setInput("Hea"))
    store.dispatch(UpdateMovies.find("ali"))
    store.dispatch(UpdateMovies.announce("A notice"))
    store.dispatch(UpdateMovies.submit)
    file.close()

    let (reloaded, _) = try person(path)
    #expect(reloaded.root.favoriteMovies.movies == ["Alien": 1, "Hea": 1])
    #expect(reloaded.root.favoriteMovies.search == "")
    #expect(reloaded.root.favoriteMovies.input == "")
    #expect(reloaded.root.favoriteMovies.fileNotice == nil)
    let text = try directory.contents(of: "state.json")
    for property in ["input", "search", "notice", "fileNotice", "lastWatched"] {
      #expect(!text.contains("\"\(property)\""))
    }
  }

  @Test func theLatestStateIsWhatTheNextRunLoads() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    let (store, file) = try person(path)
    store.dispatch(NameChange.setName("A much longer name than the next one"))
    store.dispatch(UpdateMovies.replaceAll(["Alien": 2]))
    store.dispatch(NameChange.setName("Al"))
    store.dispatch(UpdateMovies.replaceAll([:]))
    file.close()

    let (reloaded, _) = try person(path)
    #expect(reloaded.root.name == "Al")
    #expect(reloaded.root.favoriteMovies.movies == [:])
  }

  @Test func aFileWhereTheDirectoryCannotBeMadeIsRefusedNamingTheFile() throws {
    let directory = try TemporaryDirectory()
    try Data("x".utf8).write(to: URL(fileURLWithPath: directory.file("blocker")))
    let path = directory.file("blocker/state.json")

    #expect {
      try MovieListFile(Store(Person()), path: path)
    } throws: { error in
      String(describing: error)
        == "cannot load \(path): \(directory.file("blocker")) is not a directory."
    }
  }

  // MARK: - An older MovieList's file

  @Test func anOlderMovieListsFileLoadsWithItsNameMoviesAndOrder() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    try Data(
      #"{"lineage": "0a1b", "movies": {"Heat": 3, "Alien": 1}, "name": "Ada", "sort": "views"}"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))

    let (store, file) = try person(path)

    #expect(store.root.name == "Ada")
    #expect(store.root.favoriteMovies.movies == ["Heat": 3, "Alien": 1])
    #expect(store.root.favoriteMovies.order == .views)
    #expect(file.notes == [])
    // Written again at once, as the library writes a snapshot.
    #expect(
      withoutLineage(try directory.contents(of: "state.json"))
        == savedList(name: "Ada", movies: ["Alien": 1, "Heat": 3], sort: "views"))
  }

  @Test func otherKeysOfAnOlderFileAreNotKept() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    try Data(
      #"{"name": "Ada", "movies": {"Up": 1}, "ratings": {"Up": 4.5}, "v": 2}"#.utf8
    ).write(to: URL(fileURLWithPath: path))

    let (store, _) = try person(path)

    #expect(store.root.favoriteMovies.movies == ["Up": 1])
    #expect(
      withoutLineage(try directory.contents(of: "state.json"))
        == savedList(name: "Ada", movies: ["Up": 1]))
  }

  @Test func ofSeveralBadCountsTheFirstTitleInOrderIsNamed() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    let content = #"{"name": "", "movies": {"Up": 0, "Heat": 1, "Alien": 1.5, "Jaws": -2}}"#
    try Data(content.utf8).write(to: URL(fileURLWithPath: path))

    #expect {
      try MovieListFile(Store(Person()), path: path)
    } throws: { error in
      String(describing: error)
        == "cannot load \(path): the view count of \"Alien\" is 1.5, which is not a whole number."
    }
    #expect(try directory.contents(of: "state.json") == content)
  }

  @Test func twoInstancesOpeningOneOlderFileShareItsListAndMergeTheirChanges() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    try Data(#"{"name": "Ada", "movies": {"Up": 1}}"#.utf8).write(to: URL(fileURLWithPath: path))
    let (first, firstFile) = try person(path)
    let (second, secondFile) = try person(path)
    first.dispatch(UpdateMovies.replaceAll(["Up": 1, "Heat": 1]))
    try firstFile.save()

    second.dispatch(UpdateMovies.replaceAll(["Up": 2]))
    try secondFile.save()

    #expect(second.root.favoriteMovies.movies == ["Up": 2, "Heat": 1])
    #expect(secondFile.otherList == nil)
  }

  // MARK: - Another list in the file

  @Test func aFileOfAnotherLineageIsNeverMergedAndSavesWaitUntilTheUserOverwritesIt() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("state.json")
    let (mine, mineFile) = try person(path)
    mine.dispatch(NameChange.setName("Ada"))
    mine.dispatch(UpdateMovies.replaceAll(["Alien": 1]))
    try FileManager.default.removeItem(atPath: path)
    // A new list, made after the removal, by an instance that never saw this one.
    let (theirs, theirsFile) = try person(path)
    theirs.dispatch(NameChange.setName("Bob"))
    theirsFile.close()

    let refusals = [mineFile.refresh(), mineFile.refresh()]
    #expect(
      refusals == [
        "Not merged: \(path) changed, and \(MovieListFile.anotherList). Your list is kept on "
          + "screen.",
        nil,
      ])
    mine.dispatch(UpdateMovies.replaceAll(["Alien": 2]))
    #expect {
      try mineFile.save()
    } throws: { error in
      String(describing: error) == "Not saved to \(path): \(MovieListFile.anotherList)."
    }
    #expect(mine.root.name == "Ada")
    #expect(try person(path).0.root.name == "Bob")
    mineFile.overwriteOtherList()
    try mineFile.save()
    #expect(mineFile.otherList == nil)
    let (reloaded, _) = try person(path)
    #expect(reloaded.root.name == "Ada")
    #expect(reloaded.root.favoriteMovies.movies == ["Alien": 2])
  }
}
