import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

/// Properties left out at attach (`leavingOut:`): never in the file, kept as the tree
/// has them when it loads or merges, and still seen by everything but the file.
@MainActor
struct PersistenceLeavingOutTests {
  @Test func aLeftOutPropertyIsNeverWrittenToTheSnapshotOrTheJournal() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(
      store, file: file, leavingOut: ["settings.theme", "ratings"])
    store.dispatch(LibraryAction.rename("Central"))
    store.dispatch(LibraryAction.setTheme("dark"))
    store.dispatch(LibraryAction.rate("Odes", 5))
    store.dispatch(LibraryAction.rename("North"))

    let snapshot = try #require(directory.text(of: "library.json"))
    let journal = try #require(directory.text(of: "library.json.journal"))
    #expect(!snapshot.contains("theme"))
    #expect(!snapshot.contains("ratings"))
    #expect(snapshot.contains(#""fontSize": 12"#))
    #expect(!journal.contains("theme"))
    #expect(!journal.contains("Odes"))
    // Only the renames were saved: the second dispatch after the snapshot is the one record.
    #expect(journal.split(separator: "\n").count == 2)
    #expect(persistence.unsavedDispatches == 0)
    #expect(persistence.leftOut == ["settings.theme", "ratings"])
  }

  @Test func aDispatchThatChangesOnlyLeftOutPropertiesWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    _ = try Persistence.attach(store, file: file, leavingOut: ["settings.theme"])
    store.dispatch(LibraryAction.rename("Central"))
    let snapshot = directory.text(of: "library.json")
    let journal = directory.text(of: "library.json.journal")

    store.dispatch(LibraryAction.setTheme("dark"))

    #expect(directory.text(of: "library.json") == snapshot)
    #expect(directory.text(of: "library.json.journal") == journal)
  }

  @Test func loadingKeepsTheValueTheTreeGivesALeftOutPropertyEvenWhenTheFileHasOne() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let first = Store(Library())
    // Saved by a version that did not leave the theme out.
    _ = try Persistence.attach(first, file: file).detach()
    first.dispatch(LibraryAction.setTheme("dark"))
    let writer = try Persistence.attach(first, file: file)
    first.dispatch(LibraryAction.rename("Central"))
    writer.detach()

    let library = Library()
    library.settings.theme = "sepia"
    _ = try Persistence.attach(Store(library), file: file, leavingOut: ["settings.theme"])

    #expect(library.name == "Central")
    #expect(library.settings.theme == "sepia")
  }

  @Test func aHistoryStillRecordsALeftOutProperty() throws {
    let directory = try TemporaryDirectory()
    let store = Store(Library())
    let history = History(store)
    _ = try Persistence.attach(
      store, file: directory.file("library.json"), leavingOut: ["settings.theme"])

    history.record("theme") { store.dispatch(LibraryAction.setTheme("dark")) }
    _ = try history.undo()

    #expect(store.root.settings.theme == "light")
  }

  @Test func aLeftOutPropertyOfEveryElementIsNamedWithAStar() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(
      store, file: file, leavingOut: ["shelves[*].visits"])
    store.dispatch(LibraryAction.addShelf("Poetry"))
    store.dispatch(LibraryAction.bumpAll)
    store.dispatch(LibraryAction.addShelf("Plays"))
    let journal = try #require(directory.text(of: "library.json.journal"))
    try persistence.compact()

    let snapshot = try #require(directory.text(of: "library.json"))
    #expect(snapshot.contains(#""title": "Poetry""#))
    #expect(snapshot.contains(#""title": "Plays""#))
    // The library's own visits are saved; no shelf's are, in the snapshot or a record.
    #expect(snapshot.contains(#""count": 1"#))
    #expect(!snapshot.contains(#""visits": 0"#))
    #expect(!snapshot.contains(#""visits": 1"#))
    #expect(!journal.contains("].visits"))
    #expect(!journal.contains(#""visits":0"#))
  }

  @Test func aMergeKeepsTheValueHereOfALeftOutProperty() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = Store(Library())
    let herePersistence = try Persistence.attach(here, file: file, leavingOut: ["settings.theme"])
    here.dispatch(LibraryAction.rename("Central"))
    let there = Store(Library())
    let therePersistence = try Persistence.attach(
      there, file: file, leavingOut: ["settings.theme"])
    there.dispatch(LibraryAction.setTheme("dark"))
    there.dispatch(LibraryAction.rename("North"))
    try therePersistence.save()
    here.dispatch(LibraryAction.setTheme("sepia"))

    try herePersistence.refresh()

    #expect(here.root.name == "North")
    #expect(here.root.settings.theme == "sepia")
  }

  @Test func leavingOutAWeakOrUntraversedPropertyIsAcceptedAndWritesAsBefore() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(
      store, file: file, leavingOut: ["previous", "cache"])
    store.dispatch(LibraryAction.rename("Central"))
    #expect(persistence.saveError == nil)
    let text = try #require(directory.text(of: "library.json"))
    #expect(text.contains(#""name": "Central""#))
    #expect(!text.contains("previous") && !text.contains("cache"))
  }

  @Test(arguments: [
    (
      "settings.colour",
      "leavingOut: settings.colour: it names colour, which is not a stored property of LibrarySettings"
    ),
    ("nmae", "leavingOut: nmae: it names nmae, which is not a stored property of Library"),
    (
      "shelves[0]",
      "leavingOut: shelves[0]: it does not end at a property; name the property to leave out"
    ),
  ])
  func aPathThatNamesNoStoredPropertyIsRefusedAtAttach(path: String, problem: String) throws {
    try expectLeavingOutRefused(path, below: Library(), problem: problem)
  }
}
