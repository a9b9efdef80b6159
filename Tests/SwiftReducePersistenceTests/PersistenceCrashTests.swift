import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Crashes and full disks: what survives them, and what is reported.
@MainActor
struct PersistenceCrashTests {
  @Test func aTornLastRecordIsDroppedAndReported() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    do {
      let store = Store(Library())
      let persistence = try Persistence.attach(store, file: file)
      store.dispatch(LibraryAction.addShelf("Poetry"))
      store.dispatch(LibraryAction.rename("Central"))
      persistence.detach()
    }
    // A record cut short by a crash while it was written: no line break at its end.
    let journal = try FileHandle(forWritingTo: directory.file("library.json.journal"))
    try journal.seekToEnd()
    try journal.write(contentsOf: Data(#"{"patches":[{"after":"North","befo"#.utf8))
    try journal.close()

    let library = Library()
    let persistence = try Persistence.attach(Store(library), file: file)

    #expect(
      persistence.notes == [
        "The last record of \(file.path).journal was cut short (34 bytes), by a crash while it "
          + "was written; it is dropped, and the state loaded is that after dispatch 2."
      ])
    #expect(library.name == "Central")
    #expect(library.shelves.map(\.title) == ["Poetry"])
    // Compacted at once: the torn bytes are gone.
    #expect(
      withoutLineage(directory.text(of: "library.json.journal")) == """
        {"format":"SwiftReducePersistence journal","lineage":"<lineage>","version":1}

        """)
  }

  @Test func aFullDiskLosesNothingAndTheNextSaveWritesEverythingPending() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.addShelf("Poetry"))
    let journalBefore = directory.text(of: "library.json.journal")

    persistence.simulatedFreeBytes = 20
    store.dispatch(LibraryAction.rename("Central"))
    store.dispatch(LibraryAction.rate("Odes", 5))

    #expect(
      persistence.saveError?.description == "Not saved to \(file.path): no space left on device.")
    #expect(persistence.unsavedDispatches == 2)
    // What fitted of the record was cut off again: the journal holds only complete lines.
    #expect(directory.text(of: "library.json.journal") == journalBefore)

    persistence.simulatedFreeBytes = nil
    try persistence.save()

    #expect(persistence.saveError == nil)
    #expect(persistence.unsavedDispatches == 0)
    persistence.detach()
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.name == "Central")
    #expect(reloaded.ratings == ["Odes": 5])
  }

  @Test func aFullDiskDuringTheFirstSnapshotIsWrittenByTheNextDispatch() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    persistence.simulatedFreeBytes = 0
    store.dispatch(LibraryAction.addShelf("Poetry"))

    #expect(
      persistence.saveError?.description == "Not saved to \(file.path): no space left on device.")
    #expect(directory.names == ["library.json.journal"])

    persistence.simulatedFreeBytes = nil
    store.dispatch(LibraryAction.rename("Central"))

    #expect(persistence.saveError == nil)
    persistence.detach()
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.shelves.map(\.title) == ["Poetry"])
    #expect(reloaded.name == "Central")
  }

  @Test func theJournalIsFoldedIntoANewSnapshotOnceItOutgrowsItAndSixteenKilobytes() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    var largest = 0
    var folds = 0
    var previousSequence = 1
    for round in 0..<600 {
      store.dispatch(LibraryAction.rate("Book \(round)", round))
      let journal = try #require(directory.text(of: "library.json.journal")).utf8.count
      let snapshot = try #require(directory.text(of: "library.json"))
      let sequence = try #require(
        snapshot.firstMatch(of: /"sequence": (\d+)/).flatMap { Int($0.1) })
      if sequence != previousSequence { folds += 1 }
      previousSequence = sequence
      largest = max(largest, journal)
      // Folded as soon as a record takes it past both sizes.
      #expect(journal <= max(snapshot.utf8.count, 16_384))
    }
    persistence.detach()

    #expect(largest > 16_384 - 200)
    #expect(folds >= 1)
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.ratings.count == 600)
    #expect(reloaded.ratings["Book 599"] == 599)
  }

  @Test func recordsASnapshotAlreadyIncludesAreSkipped() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.addShelf("Poetry"))
    store.dispatch(LibraryAction.rename("Central"))
    let journal = try #require(directory.text(of: "library.json.journal"))
    // A compaction cut short after its snapshot was written: the old journal is still there.
    try persistence.compact()
    persistence.detach()
    try directory.write(journal, to: "library.json.journal")

    let reloaded = Library()
    let second = try Persistence.attach(Store(reloaded), file: file)

    #expect(second.notes == [])
    #expect(reloaded.name == "Central")
    #expect(reloaded.shelves.map(\.title) == ["Poetry"])
  }

  /// A child process saves in a loop and is killed at a random moment; the
  /// file loads to the state after the last dispatch that returned, or after
  /// the one in flight when its record was written before the kill.
  @Test(arguments: 0..<8)
  func aKillAtAnyMomentLosesNothingButTheDispatchInFlight(round: Int) async throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("library.json").path
    let progressPath = directory.file("progress").path
    let delay = UInt32(1_000 + (round * 37_000) % 150_000)
    await #expect(processExitsWith: .signal(SIGKILL)) {
      [path = path as String, progressPath = progressPath as String, delay = delay as UInt32] in
      await MainActor.run {
        let library = Library()
        let store = Store(library)
        guard let persistence = try? Persistence.attach(store, file: URL(fileURLWithPath: path)),
          let progress = FileHandle(forWritingAtPath: progressPath)
            ?? (FileManager.default.createFile(atPath: progressPath, contents: nil)
              ? FileHandle(forWritingAtPath: progressPath) : nil)
        else { exit(1) }
        for index in 0..<20 { store.dispatch(LibraryAction.addShelf("Shelf \(index)")) }
        // The kill comes while the loop below saves, at a moment that differs each round.
        Thread.detachNewThread {
          usleep(delay)
          kill(getpid(), SIGKILL)
        }
        while persistence.saveError == nil {
          store.dispatch(LibraryAction.bumpAll)
          // How many dispatches returned, written over the last count.
          let count = String(library.visits.count)
          pwrite(
            progress.fileDescriptor, count + String(repeating: " ", count: 20 - count.count), 20, 0)
        }
        exit(2)
      }
    }
    let library = Library()
    let persistence = try Persistence.attach(Store(library), file: directory.file("library.json"))
    let returned = Int(directory.text(of: "progress")?.trimmingCharacters(in: .whitespaces) ?? "")

    // Every dispatch bumps the library and each of its shelves once: a state
    // between two dispatches would show counts that differ.
    let counts = library.shelves.map(\.visits)
    #expect(counts.allSatisfy { $0 == library.visits.count })
    #expect(library.shelves.map(\.title) == (0..<20).map { "Shelf \($0)" })
    #expect([returned ?? 0, (returned ?? 0) + 1].contains(library.visits.count))
    #expect(persistence.saveError == nil)
  }
}
