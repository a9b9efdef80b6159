import Foundation
import SwiftReduce

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that keeps a store's state between runs: loaded into the tree when
/// it is attached, then saved at the cost of what each dispatch changed.
///
/// ```swift
/// let store = Store(TodoList())
/// let persistence = try Persistence.attach(store, file: url)
/// store.dispatch(ListAction.add("Milk"))
/// print(try String(contentsOf: url, encoding: .utf8))
/// ```
///
/// prints (the lineage is a new UUID for each file)
///
/// ```
/// {
///   "format": "SwiftReducePersistence snapshot",
///   "lineage": "…",
///   "sequence": 1,
///   "state": {
///     "items": [
///       {
///         "isDone": false,
///         "text": "Milk"
///       }
///     ],
///     "title": "Errands"
///   },
///   "version": 1
/// }
/// ```
///
/// The file is a snapshot of the whole state, as JSON; beside it, a journal
/// (`board.json.journal`) gets one line for each later dispatch, with its
/// patches, and is folded into a new snapshot when it has grown as large as
/// the snapshot, and past 16 KiB. Keep the value `attach` returns: saving stops when it is
/// released or ``detach()`` is called.
///
/// Another process may attach the same file, or a person edit it: each save
/// first merges what was saved there since, element by element, and
/// ``refresh()`` does so at once.
@MainActor
public final class Persistence<Root: Reducer> {
  /// The snapshot file, as it was given.
  public let file: URL
  /// The version of the states this program saves.
  public let version: Int
  /// What a record survives once its dispatch has returned.
  public let durability: PersistenceDurability

  /// What loading found and dealt with, one sentence each: a last record
  /// cut short by a crash and dropped, a file migrated from an older version.
  public internal(set) var notes: [String] = []

  /// Why the last save failed, or `nil` when everything dispatched is saved.
  ///
  /// What was not saved is kept and written by the next save, whether a
  /// dispatch or ``save()`` makes it.
  public internal(set) var saveError: PersistenceError?

  /// The number of dispatches since the last save that wrote everything:
  /// 0 when every change made is in the file.
  public internal(set) var unsavedDispatches = 0

  /// The properties that are not saved, as they were named at attach:
  /// paths from the root, each ending at a stored property.
  public let leftOut: [TreePath]

  /// Called after each merge of changes another process saved to the file,
  /// with what it merged and the conflicts it resolved.
  public var onMerge: (@MainActor (PersistenceMerge) -> Void)?

  /// Settles each element that both this process and another changed, each
  /// its own way, when a merge meets one; `nil` keeps the value here.
  ///
  /// Given the conflict, with the value both started from, it returns which
  /// value the merged state holds: the one here, the one there, another, or
  /// none (the element removed). A rule that depends on the element looks at
  /// the conflict's ``PersistenceMerge/Conflict/steps``:
  ///
  /// ```swift
  /// // Of two view counts, the larger wins; a count beats a removal.
  /// persistence.resolveConflict = { conflict in
  ///   guard case .member("views") = conflict.steps.first else { return .here }
  ///   switch (conflict.here, conflict.there) {
  ///   case let (.int(here)?, .int(there)?): return here >= there ? .here : .there
  ///   case (nil, _?): return .there
  ///   default: return .here
  ///   }
  /// }
  /// ```
  ///
  /// The merge reports every conflict with the value kept, in
  /// ``PersistenceMerge/conflicts``, and writes the merged state whole.
  public var resolveConflict:
    (@MainActor (PersistenceMerge.Conflict) -> PersistenceMerge.Resolution)?

  /// Why this program cannot save to the file as it is now, or `nil` when it
  /// can: the user cannot write it (its mode), or it belongs to another user.
  ///
  /// Asked when the file is attached, it tells a file opened to look at from
  /// one that will be saved; saves give the same reason in ``saveError``.
  public var readOnlyReason: String? { whyUnwritable()?.problem }

  /// Why this program cannot save to the file as it is now, as a value:
  /// ``PersistenceError/Reason/notWritable(_:)`` or
  /// ``PersistenceError/Reason/ownedByAnotherUser``; `nil` when it can.
  ///
  /// The cause ``readOnlyReason`` says in words, and the ``saveError`` of a
  /// save refused for it has.
  public var readOnlyCause: PersistenceError.Reason? { whyUnwritable()?.reason }

  /// Whether saves are refused because a state of another lineage is at the
  /// path now (another user's, or a new file made after this one was
  /// removed), until ``overwrite()`` writes this state over it.
  public var foundOtherState: Bool { otherState != nil }

  /// The journal file beside the snapshot.
  public var journal: URL { URL(fileURLWithPath: journalPath) }

  let store: Store<Root>
  let tree: PersistenceTree
  /// The snapshot's path with links followed: the file written.
  let realPath: String
  let journalPath: String
  /// Made when the file is first written, kept by every later save.
  var lineage: String
  /// The number of the last record in the file, as this attachment last read or wrote it.
  var sequence = 0
  /// The open journal, locked while the file is read or written; -1 when it cannot be written.
  var journalDescriptor: Int32 = -1
  /// The bytes of complete lines in the journal: where the next record goes.
  var journalLength = 0
  /// The size of the snapshot last written or read.
  var snapshotLength = 0
  /// The patches of each dispatch not written yet, in order.
  var pending: [[JournalPatch]] = []
  /// Whether ``pending`` holds every change not written yet: `false` after
  /// a patch that could not be encoded, until the whole state is written.
  var pendingIsComplete = true
  /// The state the file holds, as this attachment last read or wrote it.
  ///
  /// The base a merge starts from; before there is a file, the tree's state at attaching.
  var fileState: Patch.EncodedValue?
  /// The snapshot as this attachment last read or wrote it; `nil` before it has.
  var snapshotIdentity: FileIdentity?
  /// Why saves are refused: a file of another lineage is at the path.
  var otherState: String?
  /// Whether the next save writes over the file of another lineage, as ``overwrite()`` asks.
  var overwritesOtherState = false
  /// Whether a merge is waiting for the dispatch that found it to end.
  var isMergeScheduled = false
  /// Whether changes to the tree are being merged in, not made here: they are not recorded.
  var isMerging = false
  /// Whether the journal this attachment wrote was found removed, and made again.
  var journalWasRemoved = false
  /// Whether the next save writes the whole state as a new snapshot:
  /// before the first save, after loading a journal, a migration or a
  /// record that could not be encoded, and when the file was removed.
  var needsSnapshot = true
  /// Why the journal cannot be written, found when it was opened.
  var unwritableReason: FileAccess.Failure?
  var subscription: StoreSubscription?
  /// Whether a migration from version 0 was given: a file without the envelope is this program's.
  var readsUnversionedFiles = false
  /// Whether attaching made the journal, which a refused load then removes.
  var createdJournal = false
  /// Whether this attachment holds its file, from a load that succeeded to ``detach()``.
  var isAttached = false

  /// For tests: how many more bytes the disk takes before it is full; `nil`
  /// for the real disk's space.
  package var simulatedFreeBytes: Int?

  init(
    store: Store<Root>, file: URL, version: Int, leftOut: [TreePath],
    durability: PersistenceDurability
  ) {
    self.store = store
    self.file = file
    self.version = version
    self.leftOut = leftOut
    tree = PersistenceTree(leavingOut: leftOut)
    self.durability = durability
    realPath = FileAccess.resolvingLinks(file.path)
    journalPath = realPath + ".journal"
    lineage = UUID().uuidString.lowercased()
  }

  isolated deinit {
    if journalDescriptor >= 0 { close(journalDescriptor) }
  }

  /// Attaches `file` to `store`: loads the state saved there into the tree
  /// in place, then saves every dispatch's changes.
  ///
  /// Loading keeps the tree's models where it holds them, property by
  /// property: the root, the models in its stored properties, and those at
  /// positions of arrays, keys of dictionaries and in optionals that the
  /// saved state has too. Other saved models are made as
  /// ``SwiftReduce/Store/apply(_:)`` makes them: no initialiser runs, an
  /// Observation registrar is made afresh and a `weak` reference is `nil`.
  /// The load is one change, which a ``SwiftReduce/History`` keeps as a step
  /// of kind ``SwiftReduce/HistoryStep/Kind/merge`` that undo passes over.
  ///
  /// What is saved: the stored properties of models and value models, by
  /// name, each value `Codable` or a model, a struct, an optional or a
  /// standard collection of those; `weak` references, `@Untraversed`
  /// properties and those named in `leavingOut` are left out. No file is
  /// written until the first dispatch.
  ///
  /// - Parameters:
  ///   - store: The store whose tree is loaded and saved.
  ///   - file: The snapshot file; the journal is the same path with
  ///     `.journal` added. A symbolic link is written through.
  ///   - version: The version of the states this program saves, written in
  ///     the file; 1 for a program that has never changed them.
  ///   - migrations: One for each older version a file may have, each from
  ///     its version to the next; one from version 0 reads a file written
  ///     without this library (see ``PersistenceMigration``).
  ///   - leavingOut: The properties not to save, each by its path from the
  ///     root (`"favoriteMovies.search"`, or `"items[*].isEditing"` for a
  ///     property of every element): what the screen shows and the file
  ///     need not keep. History, tests and observers still see them; a file
  ///     never holds them, and loading or a merge keeps the values the tree
  ///     gives them (a value row's from the tree's row it is, by its place
  ///     and content or its `id`), and gives a row the file adds the empty
  ///     value of each one's type (`nil`, `false`, `0`, `""`, an empty
  ///     collection, or a struct of those). The *Persistence* article lists
  ///     the paths refused.
  ///   - durability: What a record survives once its dispatch has returned.
  /// - Returns: The attachment; saving stops when it is released.
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/properties``
  ///   naming every property that cannot be saved, or a path of `leavingOut`
  ///   that names no stored property of the declared types, or one below a
  ///   collection or an optional whose type has no empty value; or of kind
  ///   ``PersistenceError/Kind/load`` when the file cannot be loaded: it is
  ///   not a regular file, it was saved by a newer version, or a value does
  ///   not fit (named by its path). The file is then left as it is and the
  ///   tree unchanged.
  public static func attach(
    _ store: Store<Root>, file: URL, version: Int = 1, migrations: [PersistenceMigration] = [],
    leavingOut: [TreePath] = [], durability: PersistenceDurability = .processCrash
  ) throws(PersistenceError) -> Persistence<Root> {
    let persistence = Persistence(
      store: store, file: file, version: version, leftOut: leavingOut, durability: durability)
    try persistence.load(migrations: migrations)
    persistence.isAttached = true
    persistence.subscription = store.onPersistencePatches { [weak persistence] patches in
      persistence?.record(patches)
    }
    return persistence
  }

  /// Writes what is not saved yet, and throws if it cannot be.
  ///
  /// Every dispatch saves its own record; call this to retry after a save
  /// failed (the disk was full, say) without waiting for the next dispatch.
  ///
  /// After ``detach()`` it writes nothing: the file may be another
  /// process's now.
  ///
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/save``;
  ///   what was not saved is kept.
  public func save() throws(PersistenceError) {
    guard isAttached else { return }
    flush(canMerge: true)
    if let saveError { throw saveError }
  }

  /// Writes the whole state as a new snapshot and empties the journal.
  ///
  /// Saves do this on their own when the journal has grown as large as
  /// the snapshot, and past 16 KiB. After ``detach()`` it writes nothing.
  ///
  /// - Throws: ``PersistenceError`` of kind ``PersistenceError/Kind/save``;
  ///   the journal then still holds every record.
  public func compact() throws(PersistenceError) {
    guard isAttached else { return }
    needsSnapshot = true
    flush(canMerge: true, isAsked: true)
    if let saveError { throw saveError }
  }

  /// Stops saving, after writing what is not saved yet if it can, and lets
  /// another process attach the file: ``save()``, ``compact()`` and
  /// ``overwrite()`` write nothing after it.
  public func detach() {
    subscription?.cancel()
    subscription = nil
    flush(canMerge: true)
    if journalDescriptor >= 0 {
      close(journalDescriptor)
      journalDescriptor = -1
    }
    isAttached = false
  }

  /// An error of kind `kind` about this file, for `reason`.
  func failure(
    _ problem: String, _ kind: PersistenceError.Kind = .save,
    reason: PersistenceError.Reason = .other
  ) -> PersistenceError {
    PersistenceError(kind, path: file.path, problem: problem, reason: reason)
  }

  /// An error of kind `kind` about this file, in the words and for the
  /// reason of `refusal`.
  func failure(
    _ refusal: FileAccess.Failure, _ kind: PersistenceError.Kind = .save
  ) -> PersistenceError {
    failure(refusal.problem, kind, reason: refusal.reason)
  }

  /// Why the journal could not be opened to be written, read from `errno`
  /// right after, which it leaves as it was: it is a directory, or this
  /// user may not write it or the directory it would be made in.
  func journalOpenReason() -> PersistenceError.Reason {
    let error = errno
    defer { errno = error }
    if error == EISDIR { return .notARegularFile(.journal, .directory) }
    guard case .notWritable = FileAccess.writeReason(at: .journal) else { return .other }
    return access(journalPath, F_OK) == 0 ? .notWritable(.journal) : .notWritable(.directory)
  }
}
