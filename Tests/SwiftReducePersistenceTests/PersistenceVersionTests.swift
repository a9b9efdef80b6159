import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

/// Versions and files that do not fit: migrated, or refused and left as they are.
@MainActor
struct PersistenceVersionTests {
  /// A snapshot of `version` holding `state`, as a file holds it.
  private func snapshot(version: Int, state: String) -> String {
    """
    {
      "format": "SwiftReducePersistence snapshot",
      "lineage": "0f0e0d0c-0000-4000-8000-000000000001",
      "sequence": 3,
      "state": \(state),
      "version": \(version)
    }

    """
  }

  @Test func aFileOfAnOlderVersionGoesThroughEachMigrationInTurn() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    // Version 1 called the name `title`; version 2 kept the theme apart as `colours`.
    try directory.write(
      snapshot(version: 1, state: #"{"title": "Central", "colours": "dark"}"#), to: "library.json")
    let migrations = [
      PersistenceMigration(from: 1) { state in
        guard case var .object(members) = state else { return }
        members["name"] = members.removeValue(forKey: "title")
        state = .object(members)
      },
      PersistenceMigration(from: 2) { state in
        guard case var .object(members) = state else { return }
        members["settings"] = ["theme": members.removeValue(forKey: "colours") ?? "light"]
        state = .object(members)
      },
    ]
    let library = Library()
    let persistence = try Persistence.attach(
      Store(library), file: file, version: 3, migrations: migrations)

    #expect(library.name == "Central")
    #expect(library.settings.theme == "dark")
    #expect(
      persistence.notes == [
        "\(file.path) was migrated from version 1 to version 2.",
        "\(file.path) was migrated from version 2 to version 3.",
      ])
    let text = try #require(directory.text(of: "library.json"))
    #expect(text.contains(#""version": 3"#))
    #expect(text.contains(#""name": "Central""#))
  }

  @Test func aFileOfAnOlderVersionWithoutItsMigrationIsRefusedAndLeftAsItIs() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let saved = snapshot(version: 1, state: #"{"name": "Central"}"#)
    try directory.write(saved, to: "library.json")
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(Library()), file: file, version: 2)
    }

    #expect(
      error?.description
        == "cannot load \(file.path): it was saved by version 1 of its state, and no migration "
        + "from version 1 was given.")
    #expect(directory.text(of: "library.json") == saved)
  }

  @Test func aFileOfANewerVersionIsRefusedAndNeverOverwritten() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let saved = snapshot(version: 3, state: #"{"name": "Central"}"#)
    try directory.write(saved, to: "library.json")
    let library = Library()
    let store = Store(library)
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(store, file: file, version: 2)
    }
    store.dispatch(LibraryAction.rename("Elsewhere"))

    #expect(error?.kind == .load)
    #expect(
      error?.description
        == "cannot load \(file.path): it was saved by version 3 of its state, and this program "
        + "reads version 2 and older; it is left as it is.")
    #expect(directory.text(of: "library.json") == saved)
    #expect(directory.text(of: "library.json.journal") == nil)
  }

  @Test func aValueThatDoesNotFitIsRefusedNamingTheFileAndItsPath() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let saved = snapshot(
      version: 1,
      state: """
        {"shelves": [{"title": "Poetry", "books": [], "visits": 0, "labels": []},
          {"title": "Plays", "books": [{"title": "Lear", "pages": "many"}], "visits": 0,
           "labels": []}]}
        """)
    try directory.write(saved, to: "library.json")
    let library = Library()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(library), file: file)
    }

    #expect(
      error?.description
        == "cannot load \(file.path): state.shelves[1].books[0].pages: "
        + "Expected Int, found \"many\".")
    #expect(library.shelves.isEmpty)
    #expect(directory.text(of: "library.json") == saved)
  }

  @Test func aPropertyTheTreeDoesNotHaveIsRefusedNamingItsPath() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(
      snapshot(version: 1, state: #"{"settings": {"theme": "dark", "colour": "red"}}"#),
      to: "library.json")
    let error = attachRefusal(Library(), file)

    #expect(
      error?.description
        == "cannot load \(file.path): state.settings.colour: LibrarySettings has no saved stored "
        + "property named colour.")
  }

  @Test func aFileThatIsNotJSONIsRefusedNamingWhere() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(
      "{\n  \"format\": \"SwiftReducePersistence snapshot\",\n  oops\n}\n", to: "library.json")
    let error = attachRefusal(Library(), file)

    #expect(
      error?.description
        == "cannot load \(file.path): it is not valid JSON (line 3, column 3: "
        + "expected a member name in quotes).")
  }

  @Test func aPropertyMissingFromTheFileKeepsTheTreesValue() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(snapshot(version: 1, state: #"{"name": "Central"}"#), to: "library.json")
    let library = Library()
    library.ratings = ["Odes": 3]
    _ = try Persistence.attach(Store(library), file: file)

    #expect(library.name == "Central")
    #expect(library.ratings == ["Odes": 3])
  }

  @Test func aHandEditedSnapshotWithEscapesLoadsAsWritten() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(
      snapshot(
        version: 1,
        state: #"{"name": "Caf\u00e9 \ud83c\udf7a \"Central\"\n", "ratings": {"Odes": 5}}"#),
      to: "library.json")
    let library = Library()
    _ = try Persistence.attach(Store(library), file: file)

    #expect(library.name == "Café 🍺 \"Central\"\n")
    #expect(library.ratings == ["Odes": 5])
  }

  @Test(arguments: [
    (#"{"name": 01}"#, "line 5, column 21: 01 is not a number"),
    (#"{"name": "\ud83c"}"#, "line 5, column 28: a surrogate is not followed by its pair"),
    (#"{"name": "a", "name": "b"}"#, "line 5, column 26: the member \"name\" is there twice"),
  ])
  func aSnapshotThatIsNotJSONIsRefusedNamingTheLineAndColumn(state: String, problem: String)
    throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(snapshot(version: 1, state: state), to: "library.json")
    let error = attachRefusal(Library(), file)

    #expect(error?.description == "cannot load \(file.path): it is not valid JSON (\(problem)).")
  }

  @Test func aSequenceTooLargeToCountOnFromIsRefused() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(
      snapshot(version: 1, state: "{}").replacing(
        #""sequence": 3"#, with: #""sequence": 9223372036854775807"#),
      to: "library.json")
    let error = attachRefusal(Library(), file)

    #expect(
      error?.description
        == "cannot load \(file.path): \"sequence\" should be a whole number from 0 to "
        + "9007199254740992.")
  }
}
