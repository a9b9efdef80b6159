import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cause each refusal gives as ``PersistenceError/reason``, beside the
/// words it says: one real failure for each.
@MainActor
struct ErrRPersistenceErrorReasonTests {
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

  /// Saves a library named Central to `file`, and lets go of it.
  private func saveCentral(to file: URL, version: Int = 1) throws {
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file, version: version)
    store.dispatch(LibraryAction.rename("Central"))
    persistence.detach()
  }

  @Test(.enabled(if: geteuid() != 0, "root may write any file"))
  func aFileThisUserCannotWriteIsNotWritable() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try saveCentral(to: file)
    #expect(chmod(file.path, 0o444) == 0)
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)

    store.dispatch(LibraryAction.rename("North"))

    #expect(persistence.readOnlyCause == .notWritable(.file))
    #expect(persistence.saveError?.reason == .notWritable(.file))
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): you cannot write it (its mode is r--r--r--); "
        + "make it writable with chmod u+w.")
  }

  /// Runs `mount` with `arguments`; whether it succeeded.
  private func mount(_ arguments: [String]) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/mount")
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  @Test(.enabled(if: geteuid() == 0, "only root mounts a file system"))
  func aFileOnAReadOnlyFileSystemIsNotWritableAndSaysWhyNotItsMode() throws {
    let directory = try TemporaryDirectory()
    let mountPoint = directory.file("mounted")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
    // A machine whose root may not mount (a container without the privilege) has nothing to test.
    guard try mount(["-t", "tmpfs", "tmpfs", mountPoint.path]) else { return }
    defer { _ = umount2(mountPoint.path, 0) }
    let file = mountPoint.appendingPathComponent("library.json")
    try saveCentral(to: file)
    #expect(try mount(["-o", "remount,ro", mountPoint.path]))

    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("North"))

    #expect(store.root.name == "North")
    #expect(persistence.readOnlyCause == .notWritable(.file))
    #expect(
      persistence.readOnlyReason
        == "it is on a read-only file system; remount it writable")
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): it is on a read-only file system; remount it writable.")
  }

  @Test(.enabled(if: geteuid() != 0, "root may write any directory"))
  func aDirectoryThisUserCannotWriteIsNotWritable() throws {
    let directory = try TemporaryDirectory()
    chmod(directory.url.path, 0o555)
    defer { chmod(directory.url.path, 0o755) }
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)

    store.dispatch(LibraryAction.rename("Central"))

    #expect(persistence.readOnlyCause == .notWritable(.directory))
    #expect(persistence.saveError?.reason == .notWritable(.directory))
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): cannot create a file in \(directory.url.path) "
        + "(permission denied).")
  }

  /// Run as `nobody` in a process of its own: only root gives a file to
  /// another user, and root may write any file.
  @Test(.enabled(if: geteuid() == 0, "only root gives a file to another user"))
  func anotherUsersFileIsOwnedByAnotherUser() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try saveCentral(to: file)
    #expect(chmod(directory.url.path, 0o777) == 0)
    #expect(chmod(file.path, 0o666) == 0)
    #expect(chmod(directory.file("library.json.journal").path, 0o666) == 0)
    let path = file.path

    let result = await #expect(
      processExitsWith: .success, observing: [\.standardOutputContent]
    ) { [path = path as String] in
      guard setgid(65_534) == 0, setuid(65_534) == 0 else { exit(1) }
      await MainActor.run {
        let store = Store(Library())
        guard let persistence = try? Persistence.attach(store, file: URL(fileURLWithPath: path))
        else { exit(2) }
        store.dispatch(LibraryAction.rename("North"))
        guard persistence.readOnlyCause == .ownedByAnotherUser,
          persistence.saveError?.reason == .ownedByAnotherUser
        else { exit(3) }
        print(persistence.saveError?.description ?? "", terminator: "")
        exit(0)
      }
    }

    #expect(
      result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) }
        == "Not saved to \(path): it belongs to root, and saving would make it yours.")
  }

  @Test func aNamedPipeAtThePathIsNotARegularFile() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    #expect(mkfifo(file.path, 0o644) == 0)

    let error = attachRefusal(Library(), file)

    #expect(error?.reason == .notARegularFile(.file, .namedPipe))
    #expect(
      error?.description
        == "cannot load \(file.path): it is a named pipe (FIFO), not a regular file.")
  }

  @Test func aNamedPipeWhereTheJournalGoesIsAJournalThatIsNotARegularFile() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    #expect(mkfifo(directory.file("library.json.journal").path, 0o644) == 0)

    let error = attachRefusal(Library(), file)

    #expect(error?.reason == .notARegularFile(.journal, .namedPipe))
    #expect(
      error?.description
        == "cannot load \(file.path): its journal \(file.path).journal: it is a named pipe "
        + "(FIFO), not a regular file.")
  }

  @Test func aDirectoryWhereTheJournalGoesIsAJournalThatIsADirectory() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try FileManager.default.createDirectory(
      at: directory.file("library.json.journal"), withIntermediateDirectories: false)

    let error = attachRefusal(Library(), file)

    #expect(error?.reason == .notARegularFile(.journal, .directory))
    #expect(
      error?.description
        == "cannot load \(file.path): cannot open its journal \(file.path).journal "
        + "(is a directory).")
  }

  @Test func aNamedPipeAnotherProgramSwappedInKeepsItsReasonInsideTheRefusal() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o644) == 0)

    store.dispatch(LibraryAction.addShelf("Poetry"))
    #expect(throws: PersistenceError.self) { try persistence.save() }

    #expect(persistence.saveError?.reason == .notARegularFile(.file, .namedPipe))
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): another program changed it, and now it is a named pipe "
        + "(FIFO), not a regular file; nothing was written.")
  }

  @Test func aFileOfAnotherLineageSwappedInIsOtherState() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    let other = directory.file("other.json")
    try saveCentral(to: other)
    #expect(rename(other.path, file.path) == 0)

    store.dispatch(LibraryAction.addShelf("Poetry"))
    #expect(throws: PersistenceError.self) { try persistence.save() }

    #expect(persistence.saveError?.reason == .otherState)
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): another state is there now, not the one this store was "
        + "loaded from or saved to (another user's, or a new file); call overwrite() to write "
        + "this state over it.")
  }

  @Test func aFileANewerVersionSavedIsRefusedAsNewerVersion() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(snapshot(version: 3, state: #"{"name": "Central"}"#), to: "library.json")

    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(Library()), file: file, version: 2)
    }

    #expect(error?.reason == .newerVersion(3))
    #expect(
      error?.description
        == "cannot load \(file.path): it was saved by version 3 of its state, and this program "
        + "reads version 2 and older; it is left as it is.")
  }

  @Test func aFileANewerVersionSavedMeanwhileIsRefusedAtTheNextSaveAsNewerVersion() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    let newer = try Persistence.attach(
      Store(Library()), file: file, version: 2,
      migrations: [PersistenceMigration(from: 1) { _ in }])
    newer.detach()

    store.dispatch(LibraryAction.addShelf("Poetry"))
    #expect(throws: PersistenceError.self) { try persistence.save() }

    #expect(persistence.saveError?.reason == .newerVersion(2))
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): another program changed it, and now it holds version 2 "
        + "of its state, and this program saves version 1; nothing was written.")
  }

  @Test func aValueOfAnotherTypeDoesNotFitAtItsPath() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(
      snapshot(version: 1, state: #"{"name": "Central", "ratings": {"Odes": "five"}}"#),
      to: "library.json")

    let error = attachRefusal(Library(), file)

    #expect(error?.reason == .valueDoesNotFit(at: #"ratings["Odes"]"#))
    #expect(
      error?.description
        == "cannot load \(file.path): state.ratings[\"Odes\"]: Expected Int, found \"five\".")
  }

  @Test(arguments: [
    (
      #"{"pointsByName": {"p q": {"x": "far", "y": 1}}}"#,
      #"pointsByName["p q"].x"#, #"Expected Double, found "far"."#
    ),
    (#"{"byNumber": {"7": 3}}"#, "byNumber[7]", "Expected String, found 3."),
    (#"{"moods": {"a": ["calm", "livid"]}}"#, #"moods["a"][1]"#, ""),
  ])
  func aBadValueInADictionaryIsNamedByItsKeyAsSnapshotsWriteIt(
    state: String, path: String, reason: String
  ) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("kinds.json")
    try directory.write(snapshot(version: 1, state: state), to: "kinds.json")

    let error = attachRefusal(AdvPKinds(), file)

    #expect(error?.reason == .valueDoesNotFit(at: TreePath(parsing: path)))
    #expect(error?.description.hasPrefix("cannot load \(file.path): state.\(path): ") == true)
    if !reason.isEmpty { #expect(error?.description.hasSuffix(reason) == true) }
  }

  @Test func aFileThatIsNotJSONIsOther() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    try directory.write(#"{"name": "#, to: "library.json")

    let error = attachRefusal(Library(), file)

    #expect(error?.reason == .other)
    #expect(
      error?.description
        == "cannot load \(file.path): it is not valid JSON (line 1, column 10: expected a value, "
        + "found the end).")
  }

  @Test func anErrorMadeWithoutAReasonIsOtherAndEqualsOnlyAnErrorOfThatReason() {
    let words = PersistenceError(.load, path: "/tmp/a.json", problem: "it is a directory")

    #expect(words.reason == .other)
    #expect(
      words
        == PersistenceError(
          .load, path: "/tmp/a.json", problem: "it is a directory", reason: .other))
    #expect(
      words
        != PersistenceError(
          .load, path: "/tmp/a.json", problem: "it is a directory",
          reason: .notARegularFile(.file, .directory)))
  }
}
