import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file's kinds and fates: MovieList's rules for its state file, now the library's.
@MainActor
struct PersistenceFileTests {
  @Test func aNamedPipeIsRefusedAsNotARegularFile() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    #expect(mkfifo(file.path, 0o644) == 0)
    let error = attachRefusal(Library(), file)

    #expect(
      error?.description
        == "cannot load \(file.path): it is a named pipe (FIFO), not a regular file.")
  }

  @Test func aDirectoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let error = attachRefusal(Library(), file)

    #expect(error?.description == "cannot load \(file.path): it is a directory.")
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStays() throws {
    let directory = try TemporaryDirectory()
    let link = directory.file("library.json")
    try FileManager.default.createDirectory(
      at: directory.file("real"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "real/target.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: link)
    store.dispatch(LibraryAction.rename("Central"))
    persistence.detach()

    let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
    #expect(destination == "real/target.json")
    #expect(directory.text(of: "real/target.json")?.contains(#""name": "Central""#) == true)
    #expect(directory.names == ["library.json", "real"])
  }

  @Test func aRemovedFileIsWrittenAgainWhole() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.addShelf("Poetry"))
    try FileManager.default.removeItem(at: file)
    try FileManager.default.removeItem(at: directory.file("library.json.journal"))
    store.dispatch(LibraryAction.rename("Central"))
    persistence.detach()

    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.shelves.map(\.title) == ["Poetry"])
    #expect(reloaded.name == "Central")
  }

  @Test(.enabled(if: geteuid() != 0, "root may write any file"))
  func aReadOnlyFileIsLoadedAndNeverWritten() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    do {
      let store = Store(Library())
      let persistence = try Persistence.attach(store, file: file)
      store.dispatch(LibraryAction.rename("Central"))
      persistence.detach()
    }
    #expect(chmod(file.path, 0o444) == 0)
    let saved = directory.text(of: "library.json")
    let library = Library()
    let store = Store(library)
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("North"))

    #expect(library.name == "North")
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): you cannot write it (its mode is r--r--r--); "
        + "make it writable with chmod u+w.")
    #expect(directory.text(of: "library.json") == saved)
    #expect(persistence.unsavedDispatches == 1)
  }

  @Test func aJournalOfAnotherSnapshotIsRefused() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    do {
      let store = Store(Library())
      let persistence = try Persistence.attach(store, file: file)
      store.dispatch(LibraryAction.addShelf("Poetry"))
      store.dispatch(LibraryAction.rename("Central"))
      persistence.detach()
    }
    let journal = try #require(directory.text(of: "library.json.journal"))
    try FileManager.default.removeItem(at: file)
    try FileManager.default.removeItem(at: directory.file("library.json.journal"))
    do {
      let store = Store(Library())
      let persistence = try Persistence.attach(store, file: file)
      store.dispatch(LibraryAction.addShelf("Plays"))
      persistence.detach()
    }
    try directory.write(journal, to: "library.json.journal")
    let error = attachRefusal(Library(), file)

    #expect(
      error?.problem.hasPrefix("its journal \(file.path).journal, belongs to another snapshot")
        == true)
  }

  @Test func aFileInADirectoryNotThereYetIsSavedThereWithItsDirectoriesMade() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("data/library/library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    persistence.detach()

    #expect(directory.names == ["data"])
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.name == "Central")
  }

  @Test func aFileBelowARegularFileIsRefused() throws {
    let directory = try TemporaryDirectory()
    try directory.write("notes\n", to: "notes")
    let file = directory.file("notes/library.json")
    let error = attachRefusal(Library(), file)

    #expect(
      error?.description
        == "cannot load \(file.path): \(directory.file("notes").path) is not a directory.")
    #expect(directory.text(of: "notes") == "notes\n")
  }
}
