import Foundation
import SwiftReduce
import SwiftReducePersistence
import SwiftReduceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A second process on the same file, or a person editing it: what it saved
/// is merged element by element, and nothing shown here is lost.
@MainActor
struct PersistenceMergeTests {
  /// A library attached to `file`, as another process (or window) attaches it.
  @MainActor
  private struct Attached {
    let library = Library()
    let store: Store<Library>
    let persistence: Persistence<Library>

    init(_ file: URL) throws {
      store = Store(library)
      persistence = try Persistence.attach(store, file: file)
    }
  }

  /// The library `file` loads to in a fresh store.
  private func reloaded(_ file: URL) throws -> Library {
    let library = Library()
    try Persistence.attach(Store(library), file: file).detach()
    return library
  }

  @Test func aSecondProcessesChangesAreMergedElementByElement() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let path = file.path
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    await #expect(processExitsWith: .success) { [path = path as String] in
      await MainActor.run {
        let store = Store(Library())
        guard let persistence = try? Persistence.attach(store, file: URL(fileURLWithPath: path))
        else { exit(1) }
        store.dispatch(LibraryAction.rate("Odes", 5))
        store.dispatch(LibraryAction.setTheme("dark"))
        exit(store.root.shelves.map(\.title) == ["Poetry"] && persistence.saveError == nil ? 0 : 2)
      }
    }
    here.store.dispatch(LibraryAction.rename("Central"))
    try here.persistence.save()

    #expect(here.library.name == "Central")
    #expect(here.library.shelves.map(\.title) == ["Poetry"])
    #expect(here.library.ratings == ["Odes": 5])
    #expect(here.library.settings.theme == "dark")
    let saved = try reloaded(file)
    #expect(saved.name == "Central")
    #expect(saved.ratings == ["Odes": 5])
    #expect(saved.settings.theme == "dark")
  }

  @Test func refreshMergesAnotherProcessesRecordsAndSaysSo() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.rename("Central"))
    let shelf = here.library.shelves[0]

    let merge = try here.persistence.refresh()

    #expect(merge?.description == "Merged the changes another process saved to \(file.path).")
    #expect(merge?.conflicts == [])
    #expect(here.library.name == "Central")
    // Models are kept where the tree holds them.
    #expect(here.library.shelves[0] === shelf)
    #expect(try here.persistence.refresh() == nil)
  }

  @Test func conflictsOnTheSameElementKeepTheValueHereAndAreReported() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.rename("Central"))
    here.store.dispatch(LibraryAction.rate("Odes", 3))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.rename("North"))
    there.store.dispatch(LibraryAction.rate("Odes", 4))
    var merges: [PersistenceMerge] = []
    here.persistence.onMerge = { merges.append($0) }

    here.store.dispatch(LibraryAction.rename("South"))
    here.store.dispatch(LibraryAction.rate("Odes", nil))
    try here.persistence.save()

    #expect(
      merges.map(\.description) == [
        "Merged the changes another process saved to \(file.path); kept the value here where "
          + #"both changed one: name is "South" here and "North" there; ratings["Odes"] is "#
          + "removed here and 4 there."
      ])
    #expect(here.library.name == "South")
    #expect(here.library.ratings == [:])
    let saved = try reloaded(file)
    #expect(saved.name == "South")
    #expect(saved.ratings == [:])
    // The other process takes the merged state: it changed nothing since.
    #expect(try there.persistence.refresh()?.conflicts == [])
    #expect(there.library.name == "South")
  }

  @Test func aMergeIsOneStepOfKindMergeThatUndoPassesOver() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    let history = History(here.store)
    here.store.dispatch(LibraryAction.rename("Central"))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.setTheme("dark"))

    try here.persistence.refresh()
    #expect(history.steps.map(\.kind) == [.change, .merge])
    _ = try history.undo()

    #expect(here.library.name == "")
    #expect(here.library.settings.theme == "dark")
    // The undo is saved as a change of this process's, on the merged state.
    let saved = try reloaded(file)
    #expect(saved.name == "")
    #expect(saved.settings.theme == "dark")
  }

  @Test func elementsBothProcessesAddedToAListAreBothKeptThisOnesFirst() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.addShelf("Maps"))

    here.store.dispatch(LibraryAction.addShelf("Plays"))
    try here.persistence.save()

    #expect(here.library.shelves.map(\.title) == ["Poetry", "Plays", "Maps"])
    #expect(try reloaded(file).shelves.map(\.title) == ["Poetry", "Plays", "Maps"])
    try there.persistence.refresh()
    #expect(there.library.shelves.map(\.title) == ["Poetry", "Plays", "Maps"])
  }

  @Test func aModelOfAListBothChangedIsMergedPropertyByPropertyAndAConflictNamesItsPath() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.bumpAll)
    there.store.dispatch(LibraryAction.shelveBook(shelf: 0, Book(title: "Maps", pages: 40)))
    var merges: [PersistenceMerge] = []
    here.persistence.onMerge = { merges.append($0) }

    here.store.dispatch(LibraryAction.shelveBook(shelf: 0, Book(title: "Odes", pages: 90)))
    here.store.dispatch(LibraryAction.bumpAll)
    here.store.dispatch(LibraryAction.bumpAll)
    try here.persistence.save()

    #expect(
      merges.map(\.description) == [
        "Merged the changes another process saved to \(file.path); kept the value here where "
          + "both changed one: shelves[0].visits is 2 here and 1 there; visits.count is 2 here "
          + "and 1 there."
      ])
    #expect(here.library.shelves[0].books.map(\.title) == ["Odes", "Maps"])
    #expect(here.library.shelves[0].visits == 2)
    let saved = try reloaded(file)
    #expect(saved.shelves[0].books.map(\.title) == ["Odes", "Maps"])
    #expect(saved.visits.count == 2)
  }

  @Test func anUndoOfAStepWhoseElementTheOtherProcessChangedSinceIsRefused() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    let history = History(here.store)
    here.store.dispatch(LibraryAction.rename("Central"))
    here.store.dispatch(LibraryAction.setTheme("dark"))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.rename("North"))
    try here.persistence.refresh()

    #expect(throws: HistoryConflict.self) {
      // The theme's step first, then the name's, which the other process changed since.
      _ = try history.undo()
      _ = try history.undo()
    }

    #expect(here.library.name == "North")
    #expect(here.library.settings.theme == "light")
    let saved = try reloaded(file)
    #expect(saved.name == "North")
    #expect(saved.settings.theme == "light")
  }

  @Test func aRecordAnotherProcessWasKilledWritingIsCutOffBeforeThisOneAppends() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    let journal = try FileHandle(forWritingTo: directory.file("library.json.journal"))
    try journal.seekToEnd()
    try journal.write(contentsOf: Data(#"{"patches":[{"after":"North","befo"#.utf8))
    try journal.close()

    here.store.dispatch(LibraryAction.rename("Central"))
    try here.persistence.save()

    #expect(
      withoutLineage(directory.text(of: "library.json.journal")) == """
        {"format":"SwiftReducePersistence journal","lineage":"<lineage>","version":1}
        {"patches":[{"after":"Central","before":"","kind":"changed","path":"name"}],"sequence":2}

        """)
    let library = Library()
    let persistence = try Persistence.attach(Store(library), file: file)
    #expect(persistence.notes == [])
    #expect(library.name == "Central")
    #expect(library.shelves.map(\.title) == ["Poetry"])
  }

  @Test func aDispatchThatFindsAnotherProcessesRecordsIsSavedWhenItHasEndedWithThem() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.rename("Central"))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.setTheme("dark"))

    here.store.dispatch(LibraryAction.rate("Odes", 5))
    // Inside its dispatch the tree cannot take the other's changes: its record waits.
    #expect(here.persistence.unsavedDispatches == 1)
    #expect(here.persistence.saveError == nil)
    for _ in 0..<100 where here.persistence.unsavedDispatches > 0 { await Task.yield() }

    #expect(here.persistence.unsavedDispatches == 0)
    #expect(here.library.settings.theme == "dark")
    let saved = try reloaded(file)
    #expect(saved.ratings == ["Odes": 5])
    #expect(saved.settings.theme == "dark")
    #expect(saved.name == "Central")
  }

  @Test func aSnapshotAPersonEditedIsMergedElementByElement() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    try here.persistence.compact()
    let text = try #require(directory.text(of: "library.json"))
    try directory.write(
      text.replacingOccurrences(of: #""title": "Poetry""#, with: #""title": "Verse""#),
      to: "library.json")
    here.store.dispatch(LibraryAction.rename("Central"))

    try here.persistence.save()

    #expect(here.library.shelves.map(\.title) == ["Verse"])
    #expect(here.library.name == "Central")
    let saved = try reloaded(file)
    #expect(saved.shelves.map(\.title) == ["Verse"])
    #expect(saved.name == "Central")
  }

  @Test func aFileOfAnotherLineageIsNeverMergedUntilThisStateIsWrittenOverIt() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let other = directory.file("other.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.rename("Central"))
    do {
      let there = try Attached(other)
      there.store.dispatch(LibraryAction.rename("North"))
      there.persistence.detach()
    }
    #expect(rename(other.path, file.path) == 0)

    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    #expect(throws: PersistenceError.self) { try here.persistence.save() }

    let refusal =
      "Not saved to \(file.path): another state is there now, not the one this store was "
      + "loaded from or saved to (another user's, or a new file); call overwrite() to write "
      + "this state over it."
    #expect(here.persistence.saveError?.description == refusal)
    #expect(here.library.name == "Central")
    #expect(here.library.shelves.map(\.title) == ["Poetry"])
    #expect(try reloaded(file).name == "North")

    try here.persistence.overwrite()
    #expect(here.persistence.saveError == nil)
    let saved = try reloaded(file)
    #expect(saved.name == "Central")
    #expect(saved.shelves.map(\.title) == ["Poetry"])
  }

  @Test func aDeletedFileIsWrittenAgainWithEverythingOnScreen() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    let there = try Attached(file)
    there.store.dispatch(LibraryAction.rename("North"))
    try here.persistence.refresh()
    try FileManager.default.removeItem(at: directory.url)

    here.store.dispatch(LibraryAction.setTheme("dark"))

    #expect(here.persistence.saveError == nil)
    let saved = try reloaded(file)
    #expect(saved.shelves.map(\.title) == ["Poetry"])
    #expect(saved.name == "North")
    #expect(saved.settings.theme == "dark")
  }

  @Test func twoAttachmentsThroughASymbolicLinkAndItsTargetMergeOneFile() throws {
    let directory = try TemporaryDirectory()
    let target = directory.file("library.json")
    let link = directory.file("link.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let here = try Attached(link)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    let there = try Attached(target)
    there.store.dispatch(LibraryAction.rename("Central"))

    let merge = try here.persistence.refresh()

    #expect(merge?.description == "Merged the changes another process saved to \(link.path).")
    #expect(here.library.name == "Central")
    #expect(here.library.shelves.map(\.title) == ["Poetry"])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
  }

  @Test func aNamedPipeSwappedInIsRefusedAndNothingOnScreenIsLost() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.rename("Central"))
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o644) == 0)

    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    #expect(throws: PersistenceError.self) { try here.persistence.save() }

    #expect(
      here.persistence.saveError?.description
        == "Not saved to \(file.path): another program changed it, and now it is a named pipe "
        + "(FIFO), not a regular file; nothing was written.")
    #expect(here.library.name == "Central")
    #expect(here.library.shelves.map(\.title) == ["Poetry"])
    #expect(here.persistence.unsavedDispatches == 1)
  }

  @Test func aFileAnotherProgramBrokeIsNeitherMergedNorWrittenOver() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.rename("Central"))
    try directory.write("{\"format\": ", to: "library.json")

    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    #expect(throws: PersistenceError.self) { try here.persistence.save() }

    #expect(
      here.persistence.saveError?.description.hasPrefix(
        "Not saved to \(file.path): another program changed it, and now it is not valid JSON")
        == true)
    #expect(directory.text(of: "library.json") == "{\"format\": ")
    #expect(here.library.shelves.map(\.title) == ["Poetry"])
  }

  @Test(.enabled(if: geteuid() == 0, "only root gives a file to another user"))
  func anotherUsersFileSwappedInIsAnotherStateNeverMerged() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.rename("Central"))
    #expect(chown(file.path, 65_534, 65_534) == 0)

    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    #expect(throws: PersistenceError.self) { try here.persistence.save() }

    #expect(
      here.persistence.saveError?.problem.hasPrefix("another state is there now, not the one")
        == true)
    #expect(here.library.shelves.map(\.title) == ["Poetry"])
  }

  @Test(arguments: 0..<16)
  func twoAttachmentsMakingRandomChangesEndWithTheFilesStateBoth(seed: Int) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    var random = SplitMix64(seed: UInt64(seed))
    let here = try Attached(file)
    let there = try Attached(file)
    for step in 0..<60 {
      let side = Bool.random(using: &random) ? here : there
      side.store.dispatch(LibraryAction.random(for: side.library, &random))
      switch step % 7 {
      case 3: try side.persistence.save()
      case 5: try side.persistence.refresh()
      default: break
      }
    }
    // Each writes what it has, then takes what the other wrote.
    try here.persistence.save()
    try there.persistence.refresh()
    try here.persistence.refresh()

    let saved = try reloaded(file)
    #expect(
      TreeSnapshot(here.library) == TreeSnapshot(saved),
      "\(TreeSnapshot(saved).difference(from: TreeSnapshot(here.library)))")
    #expect(
      TreeSnapshot(there.library) == TreeSnapshot(saved),
      "\(TreeSnapshot(saved).difference(from: TreeSnapshot(there.library)))")
    #expect(here.persistence.unsavedDispatches == 0)
    #expect(there.persistence.unsavedDispatches == 0)
  }

  @Test func twoProcessesDispatchingAtOnceLoseNothing() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let path = file.path
    let here = try Attached(file)
    here.store.dispatch(LibraryAction.addShelf("Poetry"))
    try here.persistence.compact()
    // This process dispatches while the other runs, between its own turns.
    let dispatching = Task { @MainActor in
      for index in 0..<200 {
        here.store.dispatch(
          LibraryAction.shelveBook(shelf: 0, Book(title: "\(index)", pages: index)))
        try here.persistence.save()
        await Task.yield()
      }
    }
    await #expect(processExitsWith: .success) { [path = path as String] in
      await MainActor.run {
        let store = Store(Library())
        guard let persistence = try? Persistence.attach(store, file: URL(fileURLWithPath: path))
        else { exit(1) }
        for index in 0..<200 {
          store.dispatch(LibraryAction.rate("Book \(index)", index))
          if (try? persistence.save()) == nil { exit(2) }
        }
        exit(0)
      }
    }
    try await dispatching.value
    try here.persistence.refresh()

    let saved = try reloaded(file)
    #expect(saved.ratings.count == 200)
    #expect(saved.shelves[0].books.map(\.pages) == Array(0..<200))
    #expect(here.library.ratings.count == 200)
  }
}
