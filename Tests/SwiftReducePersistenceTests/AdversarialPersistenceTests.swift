import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

// Adversarial tests of the promises the *Persistence* article and `Persistence`'s doc comments make.

/// An edit of an ``AdvPRoot``: the closure is the reducer's body.
struct AdvPEdit: Action {
  let body: (AdvPRoot) -> Void
}

/// An enum with payloads, saved by its own `Codable` conformance.
enum AdvPShape: Codable, Equatable {
  case none
  case circle(radius: Double)
  case label(String, Int64)
}

/// A value model in an array.
struct AdvPPoint: ValueReducer {
  var x = 0.0
  var y = 0.0

  mutating func reduce(action: AdvPEdit) {}
}

/// A model in an array, a dictionary, an optional and a property.
final class AdvPLeaf: Reducer {
  var name: String
  var tag: Int64 = 0
  var isEditing = false

  init(name: String) {
    self.name = name
  }

  func reduce(action: AdvPEdit) {}
}

/// The root of the adversarial tree.
final class AdvPRoot: Reducer {
  var title = "Start"
  var text = ""
  var numbers: [Double] = []
  var big: Int64 = 0
  var small: Int64 = 0
  var points: [AdvPPoint] = []
  var leaves: [AdvPLeaf] = []
  var byKey: [String: AdvPLeaf] = [:]
  var maybe: AdvPLeaf?
  var child = AdvPLeaf(name: "child")
  var draft = ""

  func reduce(action: AdvPEdit) {
    action.body(self)
  }
}

/// A root holding a `Codable` enum with payloads.
final class AdvPShaped: Reducer {
  var shape: AdvPShape = .none

  func reduce(action: AdvPShapeEdit) {
    shape = action.shape
  }
}

/// Sets an ``AdvPShaped``'s shape.
struct AdvPShapeEdit: Action {
  let shape: AdvPShape
}

/// An enum with one `String` payload.
enum AdvPTiny: Codable, Equatable {
  case text(String)
}

/// A root holding the smallest `Codable` enum with a payload.
final class AdvPTinyRoot: Reducer {
  var tiny = AdvPTiny.text("")

  func reduce(action: AdvPEdit) {}
}

/// A raw-value enum: `Codable` by its raw value.
enum AdvPMood: String, Codable {
  case calm, cross
}

/// A root of other standard shapes.
final class AdvPKinds: Reducer {
  var mood = AdvPMood.calm
  var tags: Set<String> = []
  var byNumber: [Int: String] = [:]
  var doubleOptional: String?? = nil
  var grid: [[Int64]] = []
  var moods: [String: [AdvPMood]] = [:]
  var pointsByName: [String: AdvPPoint] = [:]

  func reduce(action: AdvPKindsEdit) {
    action.body(self)
  }
}

/// An edit of an ``AdvPKinds``.
struct AdvPKindsEdit: Action {
  let body: (AdvPKinds) -> Void
}

/// A `Codable` struct holding an enum with a payload.
struct AdvPWrapped: Codable, Equatable {
  var tiny: AdvPTiny
  var note: String
}

/// A root holding that struct.
final class AdvPWrappedRoot: Reducer {
  var wrapped = AdvPWrapped(tiny: .text("a"), note: "n")

  func reduce(action: AdvPEdit) {}
}

/// A class that is not a model.
final class AdvPGadget {
  var on = false
}

/// A model with a property that cannot be saved.
final class AdvPBad: Reducer {
  var name = ""
  var gadget = AdvPGadget()

  func reduce(action: AdvPEdit) {}
}

@MainActor
struct AdversarialPersistenceTests {
  private func edit(_ store: Store<AdvPRoot>, _ body: @escaping (AdvPRoot) -> Void) {
    store.dispatch(AdvPEdit(body: body))
  }

  /// The state `file` loads into a fresh tree.
  private func reload(_ file: URL, leavingOut: [TreePath] = []) throws -> (
    AdvPRoot, Persistence<AdvPRoot>
  ) {
    let root = AdvPRoot()
    let persistence = try Persistence.attach(Store(root), file: file, leavingOut: leavingOut)
    return (root, persistence)
  }

  private func snapshotText(
    lineage: String = "0f0e0d0c-0000-4000-8000-0000000000aa", version: Int, sequence: Int = 1,
    state: String
  ) -> String {
    """
    {
      "format": "SwiftReducePersistence snapshot",
      "lineage": "\(lineage)",
      "sequence": \(sequence),
      "state": \(state),
      "version": \(version)
    }

    """
  }

  // MARK: Round trips

  @Test func mixedShapesRoundTripThroughSnapshotAndJournalExactly() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("mixed.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "first" }  // writes the snapshot
    let weird = "é\"quoted\"\\back\nline\t😀\u{0}\u{1F}\u{2028}"
    edit(store) { r in
      r.text = weird
      r.numbers = [-0.0, 1e300, -1e-300, Double.leastNonzeroMagnitude, 0.1]
      r.big = .max
      r.small = .min
      r.points = [AdvPPoint(x: -0.0, y: 1e300)]
      r.leaves = [AdvPLeaf(name: "a"), AdvPLeaf(name: "b")]
      r.leaves[1].tag = .max
      r.byKey = ["k\"ey": AdvPLeaf(name: "in dict"), "": AdvPLeaf(name: "empty key")]
      r.maybe = AdvPLeaf(name: "optional")
      r.child.tag = .min
    }
    #expect(persistence.saveError == nil)
    #expect(persistence.unsavedDispatches == 0)

    let (loaded, _) = try reload(file)
    #expect(
      TreeSnapshot(loaded) == TreeSnapshot(root),
      "\(TreeSnapshot(loaded).difference(from: TreeSnapshot(root)))")
    #expect(loaded.text == weird)
    #expect(
      loaded.numbers.map(\.bitPattern)
        == [-0.0, 1e300, -1e-300, Double.leastNonzeroMagnitude, 0.1].map(\.bitPattern))
    #expect(loaded.big == .max)
    #expect(loaded.small == .min)
    #expect(loaded.points.first?.x.sign == .minus)
    #expect(loaded.points.first?.y == 1e300)
    #expect(loaded.leaves.map(\.name) == ["a", "b"])
    #expect(loaded.leaves[1].tag == .max)
    #expect(loaded.byKey["k\"ey"]?.name == "in dict")
    #expect(loaded.byKey[""]?.name == "empty key")
    #expect(loaded.maybe?.name == "optional")
    #expect(loaded.child.tag == .min)
  }

  @Test func int64ExtremesSurviveTheJournalAndACompaction() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("ints.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "x" }
    edit(store) {
      $0.big = .max
      $0.small = .min
    }
    edit(store) {
      $0.big = .max - 1
      $0.small = .min + 1
    }
    let (fromJournal, _) = try reload(file)
    #expect(fromJournal.big == .max - 1)
    #expect(fromJournal.small == .min + 1)
    try persistence.compact()
    let (fromSnapshot, _) = try reload(file)
    #expect(fromSnapshot.big == .max - 1)
    #expect(fromSnapshot.small == .min + 1)
  }

  @Test func dictionaryKeysThatLookLikePathsSurviveTheJournal() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("keys.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    defer { withExtendedLifetime(persistence) {} }
    edit(store) { $0.title = "x" }  // snapshot
    // Keys that a patch path must quote: dots, brackets, quotes, stars.
    let keys = ["a.b", "[0]", "x\"]y", "*", "a[*].b", "\\", "ключ"]
    edit(store) { r in for key in keys { r.byKey[key] = AdvPLeaf(name: key) } }
    edit(store) { r in for key in keys { r.byKey[key]?.tag = 7 } }
    edit(store) { r in r.byKey.removeValue(forKey: "a.b") }
    let (loaded, _) = try reload(file)
    #expect(
      Set(loaded.byKey.keys) == Set(keys.dropFirst()),
      "\(directory.text(of: "keys.json") ?? "") \(directory.text(of: "keys.json.journal") ?? "")")
    for key in keys.dropFirst() {
      #expect(loaded.byKey[key]?.name == key)
      #expect(loaded.byKey[key]?.tag == 7)
    }
    #expect(TreeSnapshot(loaded) == TreeSnapshot(root))
  }

  @Test func optionalsAndEnumPayloadsChangedByJournalRecordsReload() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("opt.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    defer { withExtendedLifetime(persistence) {} }
    edit(store) { $0.maybe = AdvPLeaf(name: "one") }
    edit(store) { $0.maybe = nil }
    edit(store) { $0.maybe = AdvPLeaf(name: "two") }
    edit(store) {
      $0.points.append(AdvPPoint(x: 1, y: 2))
      $0.points.insert(AdvPPoint(x: 3, y: 4), at: 0)
    }
    edit(store) {
      $0.points.remove(at: 1)
      $0.leaves = [AdvPLeaf(name: "L")]
    }
    let (loaded, _) = try reload(file)
    #expect(
      loaded.maybe?.name == "two",
      "\(directory.text(of: "opt.json") ?? "") \(directory.text(of: "opt.json.journal") ?? "")")
    #expect(loaded.points.map(\.x) == [3])
    #expect(loaded.leaves.map(\.name) == ["L"])
    #expect(TreeSnapshot(loaded) == TreeSnapshot(root))
  }

  // MARK: Loading into an existing tree

  @Test func loadingKeepsTheTreesModelsAndMakesTheOthers() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("identity.json")
    do {
      let root = AdvPRoot()
      let store = Store(root)
      let persistence = try Persistence.attach(store, file: file)
      edit(store) { r in
        r.leaves = [AdvPLeaf(name: "s0"), AdvPLeaf(name: "s1"), AdvPLeaf(name: "s2")]
        r.byKey = ["kept": AdvPLeaf(name: "s-kept"), "new": AdvPLeaf(name: "s-new")]
        r.maybe = AdvPLeaf(name: "s-maybe")
        r.child.name = "s-child"
      }
      persistence.detach()
    }
    let root = AdvPRoot()
    let leaf0 = AdvPLeaf(name: "t0")
    let kept = AdvPLeaf(name: "t-kept")
    let gone = AdvPLeaf(name: "t-gone")
    let child = root.child
    root.leaves = [leaf0]
    root.byKey = ["kept": kept, "gone": gone]
    root.maybe = nil
    _ = try Persistence.attach(Store(root), file: file)
    #expect(root.child === child)
    #expect(root.child.name == "s-child")
    #expect(root.leaves.count == 3)
    #expect(root.leaves.first === leaf0)
    #expect(root.leaves.map(\.name) == ["s0", "s1", "s2"])
    #expect(root.byKey["kept"] === kept)
    #expect(kept.name == "s-kept")
    #expect(root.byKey["gone"] == nil)
    #expect(root.byKey["new"]?.name == "s-new")
    #expect(root.maybe?.name == "s-maybe")
  }

  @Test func aPropertyTheFileHasAndTheModelDoesNotIsRefusedAndTheFileKept() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("extra.json")
    let saved = snapshotText(version: 1, state: #"{"title": "T", "nickname": "x"}"#)
    try directory.write(saved, to: "extra.json")
    let root = AdvPRoot()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(root), file: file)
    }
    #expect(error?.kind == .load)
    #expect(error?.description.hasPrefix("cannot load \(file.path): ") == true)
    #expect(root.title == "Start")
    #expect(directory.text(of: "extra.json") == saved)
    #expect(directory.names == ["extra.json"])
  }

  @Test func aPropertyTheFileLacksKeepsTheTreesValue() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("lacks.json")
    try directory.write(
      snapshotText(version: 1, state: #"{"title": "T", "big": 9223372036854775807}"#),
      to: "lacks.json")
    let root = AdvPRoot()
    root.text = "mine"
    root.small = -5
    _ = try Persistence.attach(Store(root), file: file)
    #expect(root.title == "T")
    #expect(root.big == .max)
    #expect(root.text == "mine")
    #expect(root.small == -5)
  }

  // MARK: What is saved, what is refused

  @Test func aCodableEnumWithAPayloadIsSavedByItsOwnConformance() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("enum.json")
    _ = try Persistence.attach(Store(AdvPTinyRoot()), file: directory.file("tiny.json"))
    let root = AdvPShaped()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    defer { withExtendedLifetime(persistence) {} }
    store.dispatch(AdvPShapeEdit(shape: .label("ünï\"cödé", .min)))
    store.dispatch(AdvPShapeEdit(shape: .circle(radius: -0.0)))
    let loaded = AdvPShaped()
    _ = try Persistence.attach(Store(loaded), file: file)
    #expect(loaded.shape == .circle(radius: -0.0))
    #expect(TreeSnapshot(loaded) == TreeSnapshot(root))
  }

  @Test func aNonCodableClassIsRefusedAtAttachWithTheArticlesWordsAndNothingWritten() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("bad.json")
    let error = attachRefusal(AdvPBad(), file)
    #expect(error?.kind == .properties)
    #expect(
      error?.description
        == "cannot save to \(file.path): AdvPBad.gadget: AdvPGadget is neither Codable nor a model or a struct; leave out what is not saved with @Untraversed."
    )
    #expect(directory.names == [])
  }

  @Test func aLeavingOutPathThatNamesNothingIsRefusedAtAttach() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("typo.json")
    for typo: TreePath in ["draftt", "child.nothing"] {
      let error = #expect(throws: PersistenceError.self) {
        try Persistence.attach(Store(AdvPRoot()), file: file, leavingOut: [typo])
      }
      #expect(error?.kind == .properties, "\(typo)")
    }
    #expect(directory.names == [])
  }

  @Test func aTypoPastAStarIsRefusedAtAttach() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("startypo.json")
    // With an element to look at and without one: the path is read from the types.
    for leaves in [[AdvPLeaf(name: "a")], []] {
      let root = AdvPRoot()
      root.leaves = leaves
      let error = #expect(throws: PersistenceError.self) {
        try Persistence.attach(Store(root), file: file, leavingOut: ["leaves[*].isEditng"])
      }
      #expect(error?.kind == .properties)
      #expect(
        error?.description
          == "cannot save to \(file.path): leavingOut: leaves[*].isEditng: it names isEditng, which is not a stored property of AdvPLeaf."
      )
    }
    #expect(directory.names == [])
  }

  @Test func leftOutPropertiesAreNeverWrittenAndKeepTheTreesValuesOnLoad() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("left.json")
    let leftOut: [TreePath] = [
      "draft", "leaves[*].isEditing", "byKey[*].isEditing", "child.isEditing",
    ]
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store) { r in
      r.draft = "secret draft"
      r.leaves = [AdvPLeaf(name: "a")]
      r.leaves[0].isEditing = true
      r.byKey["k"] = AdvPLeaf(name: "k")
      r.byKey["k"]?.isEditing = true
    }
    let journalBefore = try Data(contentsOf: persistence.journal)
    let snapshotBefore = directory.text(of: "left.json")
    edit(store) { r in
      r.draft = "another"
      r.leaves[0].isEditing = false
    }
    #expect(try Data(contentsOf: persistence.journal) == journalBefore)
    #expect(directory.text(of: "left.json") == snapshotBefore)
    let everything =
      (directory.text(of: "left.json") ?? "") + String(decoding: journalBefore, as: UTF8.self)
    #expect(!everything.contains("draft"))
    #expect(!everything.contains("isEditing"))

    // Into a tree that has the elements already: their left-out values are kept.
    let fresh = AdvPRoot()
    fresh.draft = "fresh"
    fresh.leaves = [AdvPLeaf(name: "mine")]
    fresh.leaves[0].isEditing = true
    fresh.byKey = ["k": AdvPLeaf(name: "mine")]
    _ = try Persistence.attach(Store(fresh), file: file, leavingOut: leftOut)
    #expect(fresh.draft == "fresh")
    #expect(fresh.leaves.map(\.name) == ["a"])
    #expect(fresh.leaves[0].isEditing == true)
    #expect(fresh.byKey["k"]?.name == "k")
  }

  @Test func aFileSavedWithAStarPathLeftOutReloadsIntoAFreshStore() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("star.json")
    let store = Store(AdvPRoot())
    let persistence = try Persistence.attach(store, file: file, leavingOut: ["leaves[*].isEditing"])
    edit(store) { $0.leaves = [AdvPLeaf(name: "a")] }
    persistence.detach()
    // The article's own case: the next run attaches the same file to a fresh tree, with no items yet.
    let fresh = AdvPRoot()
    _ = try Persistence.attach(Store(fresh), file: file, leavingOut: ["leaves[*].isEditing"])
    #expect(fresh.leaves.map(\.name) == ["a"])
    #expect(fresh.leaves.map(\.isEditing) == [false])
  }

  // MARK: Files written

  @Test func noSnapshotBeforeTheFirstDispatchThenAJournalRecordPerDispatch() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("seq.json")
    let store = Store(AdvPRoot())
    let persistence = try Persistence.attach(store, file: file)
    #expect(directory.names == ["seq.json.journal"])
    edit(store) { $0.title = "one" }
    #expect(directory.text(of: "seq.json")?.contains(#""sequence": 1"#) == true)
    edit(store) { $0.title = "two \"q\"" }
    edit(store) { _ in }  // changes nothing: no record
    edit(store) { $0.numbers = [-0.0] }
    let lines = (directory.text(of: "seq.json.journal") ?? "").split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines.dropFirst().first
        == #"{"patches":[{"after":"two \"q\"","before":"one","kind":"changed","path":"title"}],"sequence":2}"#
    )
    #expect(lines.last?.hasSuffix(#""sequence":3}"#) == true)
    #expect(persistence.unsavedDispatches == 0)
  }

  @Test func aTornLastRecordIsDroppedAndReportedInTheArticlesWords() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("torn.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "one" }
    edit(store) { $0.title = "two" }
    edit(store) { $0.text = "three" }
    persistence.detach()
    let torn = #"{"patches":[{"after":"fo"#
    let handle = try FileHandle(forWritingTo: persistence.journal)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(torn.utf8))
    try handle.close()

    let (loaded, reloaded) = try reload(file)
    #expect(loaded.title == "two")
    #expect(loaded.text == "three")
    #expect(
      reloaded.notes == [
        "The last record of \(persistence.journal.path) was cut short (\(torn.utf8.count) bytes), by a crash while it was written; it is dropped, and the state loaded is that after dispatch 3."
      ])
    // After a load that applied records the file is folded at once: no torn bytes are left.
    #expect(directory.text(of: "torn.json.journal")?.hasSuffix("\n") == true)
    #expect(directory.text(of: "torn.json.journal")?.contains(torn) == false)
  }

  // MARK: Versions

  @Test func aNewerVersionIsRefusedNamingTheFileAndLeftAsItIs() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("newer.json")
    let saved = snapshotText(version: 3, state: #"{"title": "T"}"#)
    try directory.write(saved, to: "newer.json")
    let root = AdvPRoot()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(
        Store(root), file: file, version: 2, migrations: [PersistenceMigration(from: 1) { _ in }])
    }
    #expect(
      error?.description
        == "cannot load \(file.path): it was saved by version 3 of its state, and this program reads version 2 and older; it is left as it is."
    )
    #expect(directory.text(of: "newer.json") == saved)
    #expect(directory.names == ["newer.json"])
    #expect(root.title == "Start")
  }

  @Test func aValueThatDoesNotFitIsRefusedNamingItsPathAsTheArticleWritesIt() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("bad.json")
    let saved = snapshotText(
      version: 1,
      state:
        #"{"title": "T", "leaves": [{"name": "a", "tag": 1, "isEditing": false}, {"name": "b", "tag": 1, "isEditing": "yes"}]}"#
    )
    try directory.write(saved, to: "bad.json")
    let root = AdvPRoot()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(root), file: file)
    }
    #expect(
      error?.description
        == #"cannot load \#(file.path): state.leaves[1].isEditing: Expected Bool, found "yes"."#)
    #expect(directory.text(of: "bad.json") == saved)
    #expect(directory.names == ["bad.json"])
    #expect(root.title == "Start")
    #expect(root.leaves.isEmpty)
  }

  @Test func aBadValueDeepInADictionaryAndAnInt64OverflowAreNamed() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("deep.json")
    let saved = snapshotText(
      version: 1, state: #"{"byKey": {"k": {"name": 5, "tag": 1, "isEditing": false}}}"#)
    try directory.write(saved, to: "deep.json")
    let error = attachRefusal(AdvPRoot(), file)
    #expect(
      error?.description.hasPrefix("cannot load \(file.path): state.byKey") == true,
      "\(String(describing: error))")
    #expect(error?.description.contains("name") == true)
    #expect(directory.text(of: "deep.json") == saved)

    let overflow = snapshotText(version: 1, state: #"{"big": 9223372036854775808}"#)
    try directory.write(overflow, to: "deep.json")
    let root = AdvPRoot()
    let error2 = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(root), file: file)
    }
    #expect(
      error2?.description.hasPrefix("cannot load \(file.path): state.big: ") == true,
      "\(String(describing: error2))")
    #expect(root.big == 0)
    #expect(directory.text(of: "deep.json") == overflow)
  }

  @Test func versionZeroFileIsMigratedAndRewrittenAsASnapshot() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("legacy.json")
    try directory.write(
      #"{"heading": "Old \"one\"", "count": 9223372036854775807}"#, to: "legacy.json")
    let fromZero = PersistenceMigration(from: 0) { state in
      guard case let .object(members) = state, let heading = members["heading"] else {
        throw PersistenceMigration.Refusal("\"heading\" is missing")
      }
      state = .object(["title": heading, "big": members["count"] ?? .int(0)])
    }
    let root = AdvPRoot()
    let persistence = try Persistence.attach(Store(root), file: file, migrations: [fromZero])
    #expect(root.title == "Old \"one\"")
    #expect(root.big == .max)
    #expect(persistence.notes == ["\(file.path) was migrated from version 0 to version 1."])
    let text = try #require(directory.text(of: "legacy.json"))
    #expect(text.contains(#""format": "SwiftReducePersistence snapshot""#))
    #expect(text.contains(#""version": 1"#))

    // The refusal, in the migration's own words.
    try directory.write(#"{"other": 1}"#, to: "legacy.json")
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(AdvPRoot()), file: file, migrations: [fromZero])
    }
    #expect(error?.description == #"cannot load \#(file.path): "heading" is missing."#)
    #expect(directory.text(of: "legacy.json") == #"{"other": 1}"#)

    // Without a migration from version 0: refused, left as it is.
    let error2 = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(AdvPRoot()), file: file)
    }
    #expect(error2?.kind == .load)
    #expect(directory.text(of: "legacy.json") == #"{"other": 1}"#)
  }

  @Test func aVersionZeroFileThatIsAnArrayOrAScalarIsGivenWholeToTheMigration() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("array.json")
    try directory.write(#"["a", "b"]"#, to: "array.json")
    var given: Patch.EncodedValue?
    let fromZero = PersistenceMigration(from: 0) { state in
      given = state
      state = .object([
        "leaves": .array([
          .object(["name": .string("a"), "tag": .int(0), "isEditing": .bool(false)])
        ])
      ])
    }
    let root = AdvPRoot()
    _ = try Persistence.attach(Store(root), file: file, migrations: [fromZero])
    #expect(given == .array([.string("a"), .string("b")]))
    #expect(root.leaves.map(\.name) == ["a"])
  }

  // MARK: Two stores

  @Test func twoStoresMergeAsTheArticleShows() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("two.json")
    let hereRoot = AdvPRoot()
    let thereRoot = AdvPRoot()
    let here = Store(hereRoot)
    let there = Store(thereRoot)
    let herePersistence = try Persistence.attach(here, file: file)
    let therePersistence = try Persistence.attach(there, file: file)
    edit(here) { $0.leaves.append(AdvPLeaf(name: "Milk")) }
    try therePersistence.refresh()
    #expect(thereRoot.leaves.map(\.name) == ["Milk"])
    edit(there) { $0.title = "Gro\"ceries\"" }
    edit(here) { $0.title = "Shopping" }
    var merges: [PersistenceMerge] = []
    herePersistence.onMerge = { merges.append($0) }
    try herePersistence.save()
    #expect(
      merges.map(\.description) == [
        #"Merged the changes another process saved to \#(file.path); kept the value here where both changed one: title is "Shopping" here and "Gro\"ceries\"" there."#
      ])
    #expect(hereRoot.title == "Shopping")
    #expect(hereRoot.leaves.map(\.name) == ["Milk"])
    try therePersistence.refresh()
    #expect(thereRoot.title == "Shopping")
    let (loaded, _) = try reload(file)
    #expect(TreeSnapshot(loaded) == TreeSnapshot(hereRoot))
  }

  @Test func resolveConflictCanKeepThereOrAValueOrRemove() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("resolve.json")
    let hereRoot = AdvPRoot()
    let thereRoot = AdvPRoot()
    let here = Store(hereRoot)
    let there = Store(thereRoot)
    let herePersistence = try Persistence.attach(here, file: file)
    let therePersistence = try Persistence.attach(there, file: file)
    edit(here) {
      $0.big = 1
      $0.small = 1
      $0.title = "base"
    }
    try therePersistence.refresh()
    edit(there) {
      $0.big = 3
      $0.small = 3
      $0.title = "there"
    }
    edit(here) {
      $0.big = 2
      $0.small = 2
      $0.title = "here"
    }
    var steps: [[PersistenceMerge.Step]] = []
    herePersistence.resolveConflict = { conflict in
      steps.append(conflict.steps)
      switch conflict.steps.first {
      case .member("big"): return .there
      case .member("small"): return .value(.int(.min))
      default: return .here
      }
    }
    var merges: [PersistenceMerge] = []
    herePersistence.onMerge = { merges.append($0) }
    try herePersistence.save()
    #expect(hereRoot.big == 3)
    #expect(hereRoot.small == .min)
    #expect(hereRoot.title == "here")
    #expect(Set(steps.map { $0.first }) == [.member("big"), .member("small"), .member("title")])
    #expect(merges.count == 1)
    #expect(merges.first?.conflicts.map(\.path) == ["big", "small", "title"])
    #expect(
      merges.first?.description.hasPrefix(
        "Merged the changes another process saved to \(file.path); settled where both changed one: big is 2 here and 3 there, kept 3"
      ) == true, "\(merges)")
    try therePersistence.refresh()
    #expect(thereRoot.big == 3)
    #expect(thereRoot.small == .min)
    #expect(thereRoot.title == "here")
  }

  @Test func twoStoresAppendingToOneArrayKeepBothElements() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("lists.json")
    let hereRoot = AdvPRoot()
    let thereRoot = AdvPRoot()
    let here = Store(hereRoot)
    let there = Store(thereRoot)
    let herePersistence = try Persistence.attach(here, file: file)
    let therePersistence = try Persistence.attach(there, file: file)
    edit(here) { $0.leaves = [AdvPLeaf(name: "base")] }
    try therePersistence.refresh()
    edit(there) { $0.leaves.append(AdvPLeaf(name: "there")) }
    edit(here) { $0.leaves.append(AdvPLeaf(name: "here")) }
    try herePersistence.save()
    // Elements both added at one place are all kept, this process's first.
    #expect(hereRoot.leaves.map(\.name) == ["base", "here", "there"])
    try therePersistence.refresh()
    #expect(thereRoot.leaves.map(\.name) == ["base", "here", "there"])
  }

  // MARK: Deleted file, compact, detach, overwrite

  @Test func aRemovedFileIsWrittenAgainWholeByTheNextSave() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("gone.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) {
      $0.title = "one"
      $0.big = .max
    }
    edit(store) { $0.text = "two" }
    try FileManager.default.removeItem(at: file)
    try FileManager.default.removeItem(at: persistence.journal)
    edit(store) { $0.numbers = [1e300] }
    #expect(persistence.saveError == nil)
    #expect(Set(directory.names) == ["gone.json", "gone.json.journal"])
    let (loaded, _) = try reload(file)
    #expect(TreeSnapshot(loaded) == TreeSnapshot(root))
  }

  @Test func compactFoldsTheJournalIntoTheSnapshot() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("compact.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    for index in 0..<5 { edit(store) { $0.numbers.append(Double(index)) } }
    try persistence.compact()
    let journal = try #require(directory.text(of: "compact.json.journal"))
    #expect(journal.split(separator: "\n").count == 1)
    #expect(journal.hasPrefix(#"{"format":"SwiftReducePersistence journal","lineage":""#))
    let snapshot = try #require(directory.text(of: "compact.json"))
    #expect(snapshot.contains(#""sequence": 5"#))
    edit(store) { $0.title = "after" }
    let (loaded, _) = try reload(file)
    #expect(TreeSnapshot(loaded) == TreeSnapshot(root))
  }

  @Test func detachStopsSavingAndAnotherStoreLoadsTheState() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("detach.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "saved" }
    persistence.detach()
    let snapshot = directory.text(of: "detach.json")
    let journal = directory.text(of: "detach.json.journal")
    edit(store) { $0.title = "not saved" }
    #expect(directory.text(of: "detach.json") == snapshot)
    #expect(directory.text(of: "detach.json.journal") == journal)
    let (loaded, _) = try reload(file)
    #expect(loaded.title == "saved")
  }

  @Test func releasingTheAttachmentStopsSaving() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("release.json")
    let root = AdvPRoot()
    let store = Store(root)
    do {
      let persistence = try Persistence.attach(store, file: file)
      edit(store) { $0.title = "saved" }
      _ = persistence
    }
    let journal = directory.text(of: "release.json.journal")
    edit(store) { $0.title = "not saved" }
    #expect(directory.text(of: "release.json.journal") == journal)
  }

  @Test func aFileOfAnotherLineageIsRefusedUntilOverwrite() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("lineage.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "mine" }
    try FileManager.default.removeItem(at: file)
    try FileManager.default.removeItem(at: persistence.journal)
    // Another store makes a new file at the path.
    let otherStore = Store(AdvPRoot())
    let other = try Persistence.attach(otherStore, file: file)
    edit(otherStore) { $0.title = "theirs" }
    other.detach()

    edit(store) { $0.text = "more" }
    let error = #expect(throws: PersistenceError.self) { try persistence.save() }
    #expect(persistence.foundOtherState)
    #expect(
      error?.description
        == "Not saved to \(file.path): another state is there now, not the one this store was loaded from or saved to (another user's, or a new file); call overwrite() to write this state over it."
    )
    #expect(persistence.saveError == error)
    #expect(root.title == "mine")
    #expect(try reload(file).0.title == "theirs")
    try persistence.overwrite()
    #expect(!persistence.foundOtherState)
    #expect(persistence.saveError == nil)
    let (loaded, _) = try reload(file)
    #expect(TreeSnapshot(loaded) == TreeSnapshot(root))
  }

  @Test func aPersonEditingTheSnapshotIsMergedIn() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("edited.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) {
      $0.title = "one"
      $0.text = "x"
    }
    try persistence.compact()
    let text = try #require(directory.text(of: "edited.json"))
    try directory.write(
      text.replacingOccurrences(of: #""title": "one""#, with: #""title": "édité \"à la main\"""#),
      to: "edited.json")
    try persistence.refresh()
    #expect(root.title == "édité \"à la main\"")
    #expect(root.text == "x")
  }

  // MARK: More: crafted journals, folding, merges

  private let lineageA = "0f0e0d0c-0000-4000-8000-0000000000aa"

  private func journalText(lineage: String, records: [String]) -> String {
    (["{\"format\":\"SwiftReducePersistence journal\",\"lineage\":\"\(lineage)\",\"version\":1}"]
      + records)
      .map { $0 + "\n" }.joined()
  }

  private func titleRecord(_ sequence: Int, from: String, to: String) -> String {
    "{\"patches\":[{\"after\":\"\(to)\",\"before\":\"\(from)\",\"kind\":\"changed\",\"path\":\"title\"}],\"sequence\":\(sequence)}"
  }

  @Test func recordsTheSnapshotIncludesAreSkippedByTheirNumbers() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("skip.json")
    try directory.write(
      snapshotText(version: 1, sequence: 3, state: #"{"title": "three", "text": "t"}"#),
      to: "skip.json")
    try directory.write(
      journalText(
        lineage: lineageA,
        records: [
          titleRecord(2, from: "one", to: "two"), titleRecord(3, from: "two", to: "three"),
          titleRecord(4, from: "three", to: "four"),
        ]), to: "skip.json.journal")
    let root = AdvPRoot()
    let persistence = try Persistence.attach(Store(root), file: file)
    #expect(root.title == "four")
    #expect(root.text == "t")
    #expect(persistence.notes == [])
    // Folded at once after a load that applied records.
    #expect(directory.text(of: "skip.json")?.contains(#""title": "four""#) == true)
    #expect(directory.text(of: "skip.json")?.contains(#""sequence": 4"#) == true)
    #expect(directory.text(of: "skip.json.journal")?.split(separator: "\n").count == 1)
  }

  @Test func aJournalOfAnotherLineageIsRefusedAndBothFilesLeftAsTheyAre() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("other.json")
    let snapshot = snapshotText(version: 1, sequence: 1, state: #"{"title": "one"}"#)
    let journal = journalText(
      lineage: "0f0e0d0c-0000-4000-8000-0000000000bb",
      records: [titleRecord(2, from: "one", to: "two")])
    try directory.write(snapshot, to: "other.json")
    try directory.write(journal, to: "other.json.journal")
    let root = AdvPRoot()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(root), file: file)
    }
    #expect(error?.kind == .load)
    #expect(error?.description.hasPrefix("cannot load \(file.path): ") == true)
    #expect(root.title == "Start")
    #expect(directory.text(of: "other.json") == snapshot)
    #expect(directory.text(of: "other.json.journal") == journal)
  }

  @Test func aNewerVersionIsRefusedByAProgramOfTheDefaultVersion() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("v2.json")
    let saved = snapshotText(version: 2, state: #"{"title": "T"}"#)
    try directory.write(saved, to: "v2.json")
    let error = attachRefusal(AdvPRoot(), file)
    #expect(
      error?.description
        == "cannot load \(file.path): it was saved by version 2 of its state, and this program reads version 1 and older; it is left as it is."
    )
    #expect(directory.text(of: "v2.json") == saved)
    #expect(directory.names == ["v2.json"])
  }

  @Test func aMigrationThatThrowsAnotherErrorIsNamedWithItsVersion() throws {
    struct AdvPOops: Error {}
    let directory = try TemporaryDirectory()
    let file = directory.file("oops.json")
    let saved = snapshotText(version: 1, state: #"{"title": "T"}"#)
    try directory.write(saved, to: "oops.json")
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(
        Store(AdvPRoot()), file: file, version: 2,
        migrations: [PersistenceMigration(from: 1) { _ in throw AdvPOops() }])
    }
    #expect(error?.kind == .load)
    #expect(error?.description.hasPrefix("cannot load \(file.path): ") == true)
    #expect(error?.problem.contains("1") == true, "\(String(describing: error))")
    #expect(directory.text(of: "oops.json") == saved)
  }

  @Test func theJournalIsFoldedOnceItOutgrowsTheSnapshotAndSixteenKiB() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("fold.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    defer { withExtendedLifetime(persistence) {} }
    let filler = String(repeating: "ü\"", count: 200)
    var largest = 0
    for index in 0..<400 {
      edit(store) { $0.text = "\(index) \(filler)" }
      let snapshotSize = directory.text(of: "fold.json")?.utf8.count ?? 0
      let journalSize = directory.text(of: "fold.json.journal")?.utf8.count ?? 0
      largest = max(largest, journalSize - max(snapshotSize, 16 * 1024))
    }
    // A record is at most about 2.5 KB here; the journal never runs past its bound by more than one.
    #expect(largest < 4096, "journal exceeded its bound by \(largest) bytes")
    let (loaded, _) = try reload(file)
    #expect(loaded.text == "399 \(filler)")
  }

  @Test func concurrentInsertionsOfDifferentDictionaryKeysAreBothKept() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("dict.json")
    let hereRoot = AdvPRoot()
    let thereRoot = AdvPRoot()
    let here = Store(hereRoot)
    let there = Store(thereRoot)
    let herePersistence = try Persistence.attach(here, file: file)
    let therePersistence = try Persistence.attach(there, file: file)
    edit(here) { $0.byKey["base"] = AdvPLeaf(name: "base") }
    try therePersistence.refresh()
    edit(there) {
      $0.byKey["there.key"] = AdvPLeaf(name: "t")
      $0.byKey["base"]?.tag = .min
    }
    edit(here) {
      $0.byKey["here[0]"] = AdvPLeaf(name: "h")
      $0.byKey["base"]?.name = "renamed"
    }
    var merges: [PersistenceMerge] = []
    herePersistence.onMerge = { merges.append($0) }
    try herePersistence.save()
    #expect(Set(hereRoot.byKey.keys) == ["base", "there.key", "here[0]"])
    #expect(hereRoot.byKey["base"]?.tag == .min)
    #expect(hereRoot.byKey["base"]?.name == "renamed")
    #expect(
      merges.map(\.description) == ["Merged the changes another process saved to \(file.path)."])
    try therePersistence.refresh()
    #expect(TreeSnapshot(thereRoot) == TreeSnapshot(hereRoot))
  }

  @Test func aRemovalThereAndAChangeHereConflictAndResolveConflictCanRemove() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("removal.json")
    let hereRoot = AdvPRoot()
    let thereRoot = AdvPRoot()
    let here = Store(hereRoot)
    let there = Store(thereRoot)
    let herePersistence = try Persistence.attach(here, file: file)
    let therePersistence = try Persistence.attach(there, file: file)
    edit(here) { $0.byKey["x"] = AdvPLeaf(name: "x") }
    try therePersistence.refresh()
    edit(there) { $0.byKey["x"] = nil }
    edit(here) { $0.byKey["x"]?.tag = 5 }
    var conflicts: [PersistenceMerge.Conflict] = []
    herePersistence.resolveConflict = { conflict in
      conflicts.append(conflict)
      return .removed
    }
    try herePersistence.save()
    #expect(conflicts.count == 1)
    #expect(conflicts.first?.there == nil)
    #expect(hereRoot.byKey["x"] == nil)
    try therePersistence.refresh()
    #expect(thereRoot.byKey["x"] == nil)
    let (loaded, _) = try reload(file)
    #expect(loaded.byKey.isEmpty)
  }

  @Test func aSnapshotTheOtherFoldedIsReadWholeByRefresh() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("folded.json")
    let hereRoot = AdvPRoot()
    let thereRoot = AdvPRoot()
    let here = Store(hereRoot)
    let there = Store(thereRoot)
    let herePersistence = try Persistence.attach(here, file: file)
    let therePersistence = try Persistence.attach(there, file: file)
    edit(here) { $0.title = "base" }
    try therePersistence.refresh()
    edit(there) {
      $0.numbers = [-0.0, 1e300]
      $0.big = .max
    }
    try therePersistence.compact()
    try herePersistence.refresh()
    #expect(hereRoot.numbers.map(\.bitPattern) == [(-0.0).bitPattern, (1e300).bitPattern])
    #expect(hereRoot.big == .max)
    #expect(hereRoot.title == "base")
  }

  @Test func aHandEditedSnapshotThatIsNotJSONIsNeverWrittenOver() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("broken.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "one" }
    try directory.write("{ not json", to: "broken.json")
    edit(store) { $0.title = "two" }
    _ = try? persistence.save()
    #expect(root.title == "two")
    #expect(directory.text(of: "broken.json") == "{ not json")
    #expect(persistence.saveError != nil)
  }

  @Test func anEmptyFileIsRefusedAndLeftAsItIs() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("empty.json")
    try directory.write("", to: "empty.json")
    let root = AdvPRoot()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(root), file: file)
    }
    #expect(error?.kind == .load)
    #expect(error?.description == "cannot load \(file.path): it is empty.")
    #expect(directory.text(of: "empty.json") == "")
  }

  @Test func aNonFiniteDoubleIsNotSavedButKeptAndReported() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("nan.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "one" }
    edit(store) { $0.numbers = [.infinity] }
    #expect(root.numbers == [.infinity])
    #expect(
      persistence.saveError?.description
        == "Not saved to \(file.path): inf is not a number JSON can hold.")
    #expect(persistence.unsavedDispatches == 1)
    #expect(try reload(file).0.numbers == [])
    // The next dispatch writes the whole state once it can be encoded.
    edit(store) { $0.numbers = [1.5, -0.0] }
    #expect(persistence.saveError == nil)
    #expect(persistence.unsavedDispatches == 0)
    let (loaded, _) = try reload(file)
    #expect(loaded.numbers.map(\.bitPattern) == [(1.5).bitPattern, (-0.0).bitPattern])
    #expect(loaded.title == "one")
  }

  @Test func aCompleteLastRecordWithoutItsLineBreakIsDropped() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("nobreak.json")
    try directory.write(
      snapshotText(version: 1, sequence: 1, state: #"{"title": "one"}"#), to: "nobreak.json")
    let record = titleRecord(3, from: "two", to: "three")
    try directory.write(
      journalText(lineage: lineageA, records: [titleRecord(2, from: "one", to: "two")]) + record,
      to: "nobreak.json.journal")
    let root = AdvPRoot()
    let persistence = try Persistence.attach(Store(root), file: file)
    #expect(root.title == "two")
    #expect(
      persistence.notes == [
        "The last record of \(file.path).journal was cut short (\(record.utf8.count) bytes), by a crash while it was written; it is dropped, and the state loaded is that after dispatch 2."
      ])
  }

  @Test func aBadRecordInTheMiddleOfTheJournalIsRefusedNotSkipped() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("middle.json")
    let snapshot = snapshotText(version: 1, sequence: 1, state: #"{"title": "one"}"#)
    let journal = journalText(
      lineage: lineageA,
      records: [#"{"patches":[{"after":"tw"#, titleRecord(3, from: "two", to: "three")])
    try directory.write(snapshot, to: "middle.json")
    try directory.write(journal, to: "middle.json.journal")
    let error = attachRefusal(AdvPRoot(), file)
    #expect(error?.kind == .load)
    #expect(
      error?.description
        == "cannot load \(file.path): its journal \(file.path).journal, line 2: it is not valid JSON (line 1, column 25: a string is not closed)."
    )
    #expect(directory.text(of: "middle.json") == snapshot)
    #expect(directory.text(of: "middle.json.journal") == journal)
  }

  @Test func aJournalWhoseHeaderWasCutShortIsTakenAsEmpty() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("header.json")
    let snapshot = snapshotText(version: 1, sequence: 1, state: #"{"title": "one"}"#)
    try directory.write(snapshot, to: "header.json")
    try directory.write(#"{"format":"SwiftReduce"#, to: "header.json.journal")
    let root = AdvPRoot()
    // A kill while a fold's new header is written leaves this; JournalFormat(reading:) says
    // "nothing was recorded yet", but fold() compares its empty lineage with the snapshot's.
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    #expect(root.title == "one")
    // Saving goes on past the torn header, and the next load has the change.
    edit(store) { $0.title = "two" }
    try persistence.save()
    persistence.detach()
    #expect(try reload(file).0.title == "two")
  }

  @Test func otherStandardShapesRoundTrip() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("kinds.json")
    let root = AdvPKinds()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(AdvPKindsEdit { $0.mood = .cross })
    store.dispatch(
      AdvPKindsEdit { k in
        k.tags = ["b", "a\"", "ü"]
        k.byNumber = [-1: "minus", Int.max: "max", 0: ""]
        k.doubleOptional = .some(nil)
        k.grid = [[.min, .max], [], [0]]
        k.moods = ["x.y": [.calm, .cross]]
        k.pointsByName = ["p": AdvPPoint(x: -0.0, y: Double.leastNonzeroMagnitude)]
      })
    store.dispatch(
      AdvPKindsEdit { k in
        k.grid[1].append(7)
        k.tags.remove("b")
        k.byNumber[-1] = nil
      })
    #expect(persistence.saveError == nil)
    let fromJournal = AdvPKinds()
    _ = try Persistence.attach(Store(fromJournal), file: file)
    #expect(
      TreeSnapshot(fromJournal) == TreeSnapshot(root),
      "\(TreeSnapshot(fromJournal).difference(from: TreeSnapshot(root)))")
    #expect(fromJournal.grid == [[.min, .max], [7], [0]])
    #expect(fromJournal.byNumber == [Int.max: "max", 0: ""])
    #expect(fromJournal.tags == ["a\"", "ü"])
    #expect(fromJournal.pointsByName["p"]?.x.sign == .minus)
    #expect(fromJournal.pointsByName["p"]?.y == Double.leastNonzeroMagnitude)
    // JSON has one null: an optional of an optional holding `nil` loads as `nil` (documented).
    #expect(fromJournal.doubleOptional == String??.none)
  }

  @Test func theLoadIsOneMergeStepThatUndoPassesOver() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history.json")
    try directory.write(
      snapshotText(version: 1, state: #"{"title": "loaded", "big": -9223372036854775808}"#),
      to: "history.json")
    let root = AdvPRoot()
    let store = Store(root)
    let history = History(store)
    var changes = 0
    let persistence = try Persistence.attach(store, file: file)
    _ = changes
    #expect(history.steps.map(\.kind) == [.merge])
    #expect(!history.canUndo)
    edit(store) { $0.title = "edited" }
    _ = try history.undo()
    #expect(root.title == "loaded")
    #expect(root.big == .min)
    #expect(try history.undo() == nil)
    #expect(root.title == "loaded")
    edit(store) { $0.text = "after" }
    #expect(persistence.saveError == nil)
    let (loaded, _) = try reload(file)
    #expect(loaded.title == "loaded")
    #expect(loaded.text == "after")
    changes += 1
  }

  private func pair(_ file: URL, leavingOut: [TreePath] = []) throws
    -> (
      AdvPRoot, Store<AdvPRoot>, Persistence<AdvPRoot>, AdvPRoot, Store<AdvPRoot>,
      Persistence<AdvPRoot>
    )
  {
    let hereRoot = AdvPRoot()
    let thereRoot = AdvPRoot()
    let here = Store(hereRoot)
    let there = Store(thereRoot)
    let herePersistence = try Persistence.attach(here, file: file, leavingOut: leavingOut)
    let therePersistence = try Persistence.attach(there, file: file, leavingOut: leavingOut)
    return (hereRoot, here, herePersistence, thereRoot, there, therePersistence)
  }

  @Test func nonOverlappingRunsOfOneArrayAreBothMade() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("runs.json")
    let (hereRoot, here, herePersistence, thereRoot, there, therePersistence) = try pair(file)
    edit(here) { $0.numbers = [1, 2, 3, 4, 5] }
    try therePersistence.refresh()
    edit(there) { $0.numbers.remove(at: 1) }  // [1, 3, 4, 5]
    edit(here) { $0.numbers.append(6) }  // [1, 2, 3, 4, 5, 6]
    var merges: [PersistenceMerge] = []
    herePersistence.onMerge = { merges.append($0) }
    try herePersistence.save()
    #expect(hereRoot.numbers == [1, 3, 4, 5, 6])
    #expect(merges.first?.conflicts == [])
    try therePersistence.refresh()
    #expect(thereRoot.numbers == [1, 3, 4, 5, 6])
  }

  @Test func sameLengthArraysMergePositionByPosition() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("positions.json")
    let (hereRoot, here, herePersistence, thereRoot, there, therePersistence) = try pair(file)
    edit(here) { $0.points = [AdvPPoint(x: 1, y: 1), AdvPPoint(x: 2, y: 2)] }
    try therePersistence.refresh()
    edit(there) {
      $0.points[0].x = -0.0
      $0.points[1].y = 1e300
    }
    edit(here) {
      $0.points[0].y = 9
      $0.points[1].y = 8
    }
    var merges: [PersistenceMerge] = []
    herePersistence.onMerge = { merges.append($0) }
    try herePersistence.save()
    #expect(hereRoot.points.map(\.x) == [-0.0, 2])
    #expect(hereRoot.points[0].x.sign == .minus)
    #expect(hereRoot.points.map(\.y) == [9, 8])
    #expect(
      merges.map(\.description) == [
        "Merged the changes another process saved to \(file.path); kept the value here where both changed one: points[1].y is 8.0 here and 1e+300 there."
      ])
    try therePersistence.refresh()
    #expect(TreeSnapshot(thereRoot) == TreeSnapshot(hereRoot))
  }

  @Test func aMergeKeepsLeftOutValuesOfElementsHere() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("leftmerge.json")
    let leftOut: [TreePath] = ["leaves[*].isEditing", "draft"]
    let (hereRoot, here, herePersistence, thereRoot, there, therePersistence) = try pair(
      file, leavingOut: leftOut)
    edit(here) { $0.leaves = [AdvPLeaf(name: "a")] }
    // The other store has no element yet: the merge makes one without the left-out property.
    try therePersistence.refresh()
    #expect(thereRoot.leaves.map(\.name) == ["a"])
    #expect(thereRoot.leaves.map(\.isEditing) == [false])
    // Where both trees have the element already, the value here is kept.
    edit(there) { $0.leaves = [AdvPLeaf(name: "a")] }
    _ = try? therePersistence.save()
    _ = try? herePersistence.refresh()
    edit(there) {
      $0.leaves[0].name = "renamed"
      $0.draft = "there draft"
    }
    _ = try? therePersistence.save()
    edit(here) {
      $0.leaves[0].isEditing = true
      $0.draft = "here draft"
      $0.title = "t"
    }
    try herePersistence.save()
    #expect(hereRoot.leaves[0].name == "renamed")
    #expect(hereRoot.leaves[0].isEditing == true)
    #expect(hereRoot.draft == "here draft")
  }

  @Test func aDispatchThatFindsAnotherRecordMergesAtTheNextTurn() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("deferred.json")
    let (hereRoot, here, herePersistence, _, there, therePersistence) = try pair(file)
    edit(here) { $0.title = "base" }
    try therePersistence.refresh()
    edit(there) { $0.text = "from there" }
    edit(here) { $0.big = .max }
    #expect(herePersistence.unsavedDispatches == 1)
    #expect(hereRoot.text == "")
    for _ in 0..<20 where herePersistence.unsavedDispatches != 0 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(herePersistence.unsavedDispatches == 0)
    #expect(hereRoot.text == "from there")
    #expect(herePersistence.saveError == nil)
    let (loaded, _) = try reload(file)
    #expect(TreeSnapshot(loaded) == TreeSnapshot(hereRoot))
  }

  @Test func conflictPathsNameDictionaryKeysThatLookLikePaths() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("keypath.json")
    let (hereRoot, here, herePersistence, _, there, therePersistence) = try pair(file)
    edit(here) { $0.byKey["a.b\"]"] = AdvPLeaf(name: "x") }
    try therePersistence.refresh()
    edit(there) { $0.byKey["a.b\"]"]?.tag = 2 }
    edit(here) { $0.byKey["a.b\"]"]?.tag = 1 }
    var merges: [PersistenceMerge] = []
    herePersistence.onMerge = { merges.append($0) }
    try herePersistence.save()
    #expect(hereRoot.byKey["a.b\"]"]?.tag == 1)
    #expect(
      merges.first?.conflicts.first?.steps == [.member("byKey"), .member("a.b\"]"), .member("tag")])
    #expect(merges.first?.conflicts.first?.base == .int(0))
    #expect(
      merges.map(\.description) == [
        #"Merged the changes another process saved to \#(file.path); kept the value here where both changed one: byKey["a.b\"]"].tag is 1 here and 2 there."#
      ])
  }

  @Test func directoriesOfThePathAreMadeAndADirectoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    let nested = directory.file("a/b c/ü/state.json")
    let store = Store(AdvPRoot())
    let persistence = try Persistence.attach(store, file: nested)
    edit(store) { $0.title = "deep" }
    #expect(persistence.saveError == nil)
    #expect(try reload(nested).0.title == "deep")

    try FileManager.default.createDirectory(
      at: directory.file("dir.json"), withIntermediateDirectories: true)
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(AdvPRoot()), file: directory.file("dir.json"))
    }
    #expect(
      error?.description.hasPrefix("cannot load \(directory.file("dir.json").path): ") == true)
    #expect(
      error?.description.contains("it is a directory") == true, "\(String(describing: error))")
    #expect(!directory.names.contains("dir.json.journal"))
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
    let directory = try TemporaryDirectory()
    let target = directory.file("target.json")
    let link = directory.file("link.json")
    let store = Store(AdvPRoot())
    let first = try Persistence.attach(store, file: target)
    edit(store) { $0.title = "one" }
    first.detach()
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let root = AdvPRoot()
    let linked = Store(root)
    let persistence = try Persistence.attach(linked, file: link)
    #expect(root.title == "one")
    edit(linked) { $0.title = "two" }
    try persistence.compact()
    let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(directory.text(of: "target.json")?.contains(#""title": "two""#) == true)
  }

  @Test func compactBeforeAnyDispatchAndOverwriteWithNothingToOverwrite() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("early.json")
    let root = AdvPRoot()
    root.title = "initial ✓"
    let persistence = try Persistence.attach(Store(root), file: file)
    try persistence.compact()
    try persistence.overwrite()
    #expect(persistence.saveError == nil)
    #expect(try reload(file).0.title == "initial ✓")
  }

  @Test func aCodableStructHoldingAnEnumWithAPayloadIsSavedByItsOwnConformance() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("wrapped.json")
    let persistence = try Persistence.attach(Store(AdvPWrappedRoot()), file: file)
    try persistence.compact()
    #expect(directory.text(of: "wrapped.json")?.contains(#""note": "n""#) == true)
  }

  @Test func everyLineWrittenIsJSONThatFoundationReadsBackToTheSameValues() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("strict.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    let nasty = "\u{0}\u{1}\u{7F}\u{2028}\u{2029}</script>\\\"/\r\n\t😀e\u{301}"
    edit(store) { $0.title = nasty }
    edit(store) {
      $0.text = nasty
      $0.numbers = [-0.0, 1e300, Double.leastNonzeroMagnitude, 0.1, 123456789.125]
      $0.big = .min
    }
    let key = "e\u{301}\u{0}\u{2028}</script>\\\"/\r\n\t😀"  // control characters in keys: see below
    edit(store) { $0.byKey[key] = AdvPLeaf(name: nasty) }
    try #require(persistence.saveError == nil)
    let snapshotData = try Data(contentsOf: file)
    let snapshot = try #require(
      try JSONSerialization.jsonObject(with: snapshotData) as? [String: Any])
    let state = try #require(snapshot["state"] as? [String: Any])
    #expect(state["title"] as? String == nasty)
    let journal = try #require(directory.text(of: "strict.json.journal"))
    let lines = journal.split(separator: "\n")
    #expect(lines.count == 3)
    for line in lines {
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
    #expect(journal.hasSuffix("\n"))
    let (loaded, _) = try reload(file)
    #expect(loaded.title == nasty)
    #expect(loaded.text == nasty)
    #expect(loaded.byKey[key]?.name == nasty)
    #expect(
      loaded.numbers.map(\.bitPattern)
        == [-0.0, 1e300, Double.leastNonzeroMagnitude, 0.1, 123456789.125].map(\.bitPattern))
    #expect(loaded.big == .min)
    try persistence.compact()
    let (compacted, _) = try reload(file)
    #expect(TreeSnapshot(compacted) == TreeSnapshot(root))
  }

  @Test func dictionaryKeysWithControlCharactersSurviveTheJournal() throws {
    // A record's path writes such a key as `String(reflecting:)` does (`\u{01}`), read back as written.
    for key in ["\u{1}", "\u{1B}[0m", "\u{7F}"] {
      let directory = try TemporaryDirectory()
      let file = directory.file("k.json")
      let store = Store(AdvPRoot())
      let persistence = try Persistence.attach(store, file: file)
      edit(store) { $0.title = "x" }  // the snapshot; the key goes into a record's path
      edit(store) { $0.byKey[key] = AdvPLeaf(name: "v") }
      persistence.detach()
      let (loaded, _) = try reload(file)
      #expect(Array(loaded.byKey.keys) == [key])
    }
  }

  @Test func aTornRecordRightAfterAFoldNamesTheSnapshotsDispatch() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("afterfold.json")
    try directory.write(
      snapshotText(version: 1, sequence: 5, state: #"{"title": "five"}"#), to: "afterfold.json")
    let torn =
      #"{"patches":[{"after":"six","before":"five","kind":"changed","path":"title"}],"sequence":6}"#
    try directory.write(
      journalText(lineage: lineageA, records: []) + torn, to: "afterfold.json.journal")
    let root = AdvPRoot()
    let persistence = try Persistence.attach(Store(root), file: file)
    #expect(root.title == "five")
    #expect(
      persistence.notes == [
        "The last record of \(file.path).journal was cut short (\(torn.utf8.count) bytes), by a crash while it was written; it is dropped, and the state loaded is that after dispatch 5."
      ])
    #expect(directory.text(of: "afterfold.json.journal")?.contains("six") == false)
  }

  @Test func aDetachedAttachmentWritesNothingMore() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("late.json")
    let root = AdvPRoot()
    let store = Store(root)
    let persistence = try Persistence.attach(store, file: file)
    edit(store) { $0.title = "one" }
    persistence.detach()
    edit(store) { $0.title = "two" }
    let saveError = Result { try persistence.save() }
    #expect(try reload(file).0.title == "one", "after save(): \(saveError)")
    // Another store attaches the file, as detach() lets it, and saves.
    let otherStore = Store(AdvPRoot())
    let other = try Persistence.attach(otherStore, file: file)
    edit(otherStore) { $0.text = "other's" }
    // Detached, compact() and overwrite() write nothing, as the docs say.
    try persistence.compact()
    try persistence.overwrite()
    let (after, _) = try reload(file)
    #expect(after.title == "one")
    #expect(after.text == "other's")
    other.detach()
  }

  @Test func aHandWrittenFileWithItsOwnFormatAndStateMembersIsVersionZero() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("own.json")
    // An app's own file that happens to use the envelope's member names.
    try directory.write(
      #"{"format": "my app", "state": "ready", "version": 7, "sequence": 2}"#, to: "own.json")
    var given: Patch.EncodedValue?
    let fromZero = PersistenceMigration(from: 0) { state in
      given = state
      state = .object(["title": .string("migrated")])
    }
    let root = AdvPRoot()
    _ = try? Persistence.attach(Store(root), file: file, migrations: [fromZero])
    #expect(root.title == "migrated")
    #expect(
      given
        == .object([
          "format": .string("my app"), "state": .string("ready"), "version": .int(7),
          "sequence": .int(2),
        ]))
  }

}
