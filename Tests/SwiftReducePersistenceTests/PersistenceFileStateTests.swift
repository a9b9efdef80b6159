import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an app asks of the file as it is: whether it can be saved to, whether another
/// state took its place, and what a killed save left beside it.
@MainActor
struct PersistenceFileStateTests {
  @Test(.enabled(if: geteuid() != 0, "root may write any file"))
  func aReadOnlyFileSaysWhyAtAttachBeforeAnySave() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let writer = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    writer.detach()
    chmod(file.path, 0o444)

    let persistence = try Persistence.attach(Store(Library()), file: file)

    #expect(
      persistence.readOnlyReason
        == "you cannot write it (its mode is r--r--r--); make it writable with chmod u+w")
    #expect(persistence.saveError == nil)
  }

  @Test func aWritableFileHasNoReadOnlyReason() throws {
    let directory = try TemporaryDirectory()
    let persistence = try Persistence.attach(
      Store(Library()), file: directory.file("library.json"))

    #expect(persistence.readOnlyReason == nil)
  }

  @Test func anotherStateAtThePathIsFoundUntilOverwriteWritesThisOneOverIt() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = Store(Library())
    let persistence = try Persistence.attach(here, file: file)
    here.dispatch(LibraryAction.rename("Central"))
    let other = directory.file("other.json")
    let otherStore = Store(Library())
    try Persistence.attach(otherStore, file: other).detach()
    otherStore.dispatch(LibraryAction.rename("North"))
    try Persistence.attach(otherStore, file: other).compact()
    #expect(rename(other.path, file.path) == 0)
    #expect(!persistence.foundOtherState)

    #expect(throws: PersistenceError.self) { try persistence.refresh() }
    #expect(persistence.foundOtherState)
    try persistence.overwrite()

    #expect(!persistence.foundOtherState)
    #expect(here.root.name == "Central")
  }

  @Test func aTemporaryLeftByAKilledSaveIsRemovedWhenTheFileIsAttached() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(#"{"format": "SwiftReducePersist"#, to: "library.json.tmp-4242-99")
    try directory.write("kept", to: "library.json.notes")

    _ = try Persistence.attach(Store(Library()), file: file)

    #expect(directory.names == ["library.json.journal", "library.json.notes"])
  }

  @Test(.enabled(if: geteuid() != 0, "root may write any directory"))
  func aDirectoryThatCannotBeWrittenIsNamedInTheSaveError() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.url.path, 0o555)
    defer { chmod(directory.url.path, 0o755) }
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)

    store.dispatch(LibraryAction.rename("Central"))

    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): cannot create a file in \(directory.url.path) "
        + "(permission denied).")
  }

  @Test func aRefreshLeavesARemovedFileRemovedAndTheNextDispatchWritesItWhole() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    try FileManager.default.removeItem(at: file)

    try persistence.refresh()
    #expect(directory.text(of: "library.json") == nil)
    store.dispatch(LibraryAction.rate("Odes", 4))

    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.name == "Central")
    #expect(reloaded.ratings == ["Odes": 4])
  }

  @Test(arguments: ["the snapshot", "the snapshot and its journal"])
  func aNewFileMadeAfterTheFileWasRemovedIsAnotherState(removed: String) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    try FileManager.default.removeItem(at: file)
    if removed != "the snapshot" {
      try FileManager.default.removeItem(at: directory.file("library.json.journal"))
    }
    let newcomer = Store(Library())
    let newcomerPersistence = try Persistence.attach(newcomer, file: file)
    newcomer.dispatch(LibraryAction.rename("North"))
    newcomerPersistence.detach()

    store.dispatch(LibraryAction.rate("Odes", 4))
    #expect(throws: PersistenceError.self) { try persistence.save() }

    #expect(persistence.foundOtherState)
    #expect(store.root.name == "Central")
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.name == "North")
    #expect(reloaded.ratings == [:])
  }

  @Test func aFileWithoutTheEnvelopeSwappedInIsAnotherStateWhereSuchFilesAreRead() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let fromVersion0 = PersistenceMigration(from: 0) { _ in }
    let persistence = try Persistence.attach(store, file: file, migrations: [fromVersion0])
    store.dispatch(LibraryAction.rename("Central"))
    try directory.write(#"{"name": "North"}"#, to: "swapped.json")
    #expect(rename(directory.file("swapped.json").path, file.path) == 0)

    #expect(throws: PersistenceError.self) { try persistence.refresh() }

    #expect(persistence.foundOtherState)
    #expect(directory.text(of: "library.json") == #"{"name": "North"}"#)
  }

  @Test func aSnapshotRemovedBesideAJournalWithRecordsStartsAfreshAndSaysSo() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let writer = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    store.dispatch(LibraryAction.rate("Odes", 4))
    writer.detach()
    try FileManager.default.removeItem(at: file)
    let library = Library()
    let newcomer = Store(library)

    let persistence = try Persistence.attach(newcomer, file: file)
    newcomer.dispatch(LibraryAction.rename("North"))

    #expect(
      persistence.notes == [
        "\(file.path) is not there, and its journal \(file.path).journal has 1 record of it; "
          + "the state starts afresh, and the first save empties the journal."
      ])
    #expect(library.name == "North")
    #expect(library.ratings == [:])
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.name == "North")
  }

  @Test func aRefreshBeforeAnyChangeMakesNoFile() throws {
    let directory = try TemporaryDirectory()
    let persistence = try Persistence.attach(
      Store(Library()), file: directory.file("library.json"))

    try persistence.refresh()

    #expect(directory.names == ["library.json.journal"])
  }

  @Test func changesUndoneAfterAFailedSaveLeaveNothingToSave() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("shelf/library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    try FileManager.default.removeItem(at: directory.file("shelf"))
    try directory.write("not a directory", to: "shelf")
    store.dispatch(LibraryAction.rate("Odes", 4))
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): \(directory.file("shelf").path) is not a directory.")

    store.dispatch(LibraryAction.rate("Odes", nil))
    try persistence.save()

    #expect(persistence.saveError == nil)
    #expect(persistence.unsavedDispatches == 0)
  }
}
