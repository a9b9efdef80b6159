import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

/// Files written without this library (JSON without a snapshot's envelope): read as
/// version 0 of the state by a migration from version 0, refused without one.
@MainActor
struct PersistenceUnversionedFileTests {
  /// What a program wrote before it used the library: the name and ratings at the top.
  private let handWritten = #"{"title": "Central", "stars": {"Odes": 4}}"#

  /// Version 0 to 1: `title` became `name`, `stars` became `ratings`.
  private let fromHandWritten = PersistenceMigration(from: 0) { state in
    guard case let .object(members) = state else {
      throw PersistenceMigration.Refusal("the top level should be an object")
    }
    guard let title = members["title"] else {
      throw PersistenceMigration.Refusal("\"title\" is missing")
    }
    state = .object(["name": title, "ratings": members["stars"] ?? .object([:])])
  }

  @Test func aFileWithoutTheEnvelopeLoadsThroughTheMigrationFromVersion0() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(handWritten, to: "library.json")
    let library = Library()

    let persistence = try Persistence.attach(
      Store(library), file: file, migrations: [fromHandWritten])

    #expect(library.name == "Central")
    #expect(library.ratings == ["Odes": 4])
    #expect(persistence.notes == ["\(file.path) was migrated from version 0 to version 1."])
  }

  @Test func aFileWithoutTheEnvelopeIsWrittenAgainAsASnapshotAtOnce() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(handWritten, to: "library.json")

    _ = try Persistence.attach(Store(Library()), file: file, migrations: [fromHandWritten])

    let text = try #require(directory.text(of: "library.json"))
    #expect(text.contains(#""format": "SwiftReducePersistence snapshot""#))
    #expect(text.contains(#""name": "Central""#))
    #expect(text.contains(#""version": 1"#))
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.ratings == ["Odes": 4])
  }

  @Test func aFileWithoutTheEnvelopeIsRefusedWithoutAMigrationFromVersion0() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(handWritten, to: "library.json")

    #expect(
      throws: PersistenceError(
        .load, path: file.path,
        problem: "\"format\" should be \"SwiftReducePersistence snapshot\"")
    ) {
      try Persistence.attach(Store(Library()), file: file)
    }
    #expect(directory.text(of: "library.json") == handWritten)
    #expect(directory.names == ["library.json"])
  }

  @Test(arguments: [
    ("[1]", "the top level should be an object"),
    (#"{"stars": {}}"#, "\"title\" is missing"),
    ("", "it is empty"),
  ])
  func aRefusalOfTheMigrationNamesTheProblemAsItSaysIt(content: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(content, to: "library.json")

    #expect(throws: PersistenceError(.load, path: file.path, problem: problem)) {
      try Persistence.attach(Store(Library()), file: file, migrations: [fromHandWritten])
    }
    #expect(directory.text(of: "library.json") == content)
    #expect(directory.names == ["library.json"])
  }

  @Test func aFileThatIsNotJSONIsRefusedAsNotJSONEvenWithAMigrationFromVersion0() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(#"{"title": "#, to: "library.json")

    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(Library()), file: file, migrations: [fromHandWritten])
    }
    #expect(error?.problem.hasPrefix("it is not valid JSON") == true)
  }

  @Test func aSnapshotIsNeverReadAsVersion0() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let writer = try Persistence.attach(store, file: file, migrations: [fromHandWritten])
    store.dispatch(LibraryAction.rename("North"))
    writer.detach()
    let library = Library()

    let persistence = try Persistence.attach(
      Store(library), file: file, migrations: [fromHandWritten])

    #expect(library.name == "North")
    #expect(persistence.notes == [])
  }
}
