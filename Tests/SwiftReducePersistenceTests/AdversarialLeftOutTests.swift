import Foundation
import Observation
import SwiftReduce
import SwiftReducePersistence
import Testing

// Adversarial tests of `leavingOut:`: the file never holds a left-out property, loading and
// merging keep the tree's values, rows the file adds get empty values, and paths are checked
// at attach.

/// An edit of any root: the closure is the reducer's body.
struct AdvLEdit: Action {
  let body: (AnyObject) -> Void
}

/// A value row whose `isHovered` is screen-only.
struct AdvLPin: Codable, Hashable {
  var label: String
  var isHovered: Bool
}

/// A set element whose `isNew` is screen-only.
struct AdvLTag: Codable, Hashable {
  var name: String
  var isNew: Bool
}

/// A `Codable` struct whose keys in JSON are not its property names.
struct AdvLMeta: Codable, Equatable {
  var note: String
  var label: String

  enum CodingKeys: String, CodingKey {
    case note = "n"
    case label = "l"
  }
}

/// A `Codable` struct saved as one string by its own conformance.
struct AdvLStamp: Codable, Equatable {
  var text: String
  var secret: String

  init(text: String, secret: String) {
    self.text = text
    self.secret = secret
  }

  init(from decoder: any Decoder) throws {
    let parts = try decoder.singleValueContainer().decode(String.self).split(
      separator: "|", omittingEmptySubsequences: false)
    text = parts.first.map(String.init) ?? ""
    secret = parts.count > 1 ? String(parts[1]) : ""
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode("\(text)|\(secret)")
  }
}

/// A card: a model in arrays, optionals and dictionaries.
final class AdvLCard: Reducer {
  var title: String
  var draft = ""
  var isEditing = false
  var pins: [AdvLPin] = []

  init(title: String, draft: String = "", isEditing: Bool = false) {
    self.title = title
    self.draft = draft
    self.isEditing = isEditing
  }

  func reduce(action: AdvLEdit) {}
}

/// A model holding a list of cards: arrays in arrays.
final class AdvLShelf: Reducer {
  var name: String
  var cards: [AdvLCard] = []

  init(name: String, cards: [AdvLCard] = []) {
    self.name = name
    self.cards = cards
  }

  func reduce(action: AdvLEdit) {}
}

/// A value model in an array.
struct AdvLCounter: ValueReducer {
  var count = 0
  var isEditing = false

  mutating func reduce(action: AdvLEdit) {}
}

/// An `@Observable` model: its storage is `_title`, `_isEditing`.
@Observable final class AdvLObserved: Reducer {
  var title = ""
  var isEditing = false

  init(title: String, isEditing: Bool = false) {
    self.title = title
    self.isEditing = isEditing
  }

  func reduce(action: AdvLEdit) {}
}

/// A model with a `weak` and an `@Untraversed` property.
final class AdvLHolder: Reducer {
  var name = ""
  weak var parent: AdvLBoard?
  @Untraversed var cache: [String] = []

  func reduce(action: AdvLEdit) {}
}

/// A model a panel holds: a left-out property whose type is a model.
final class AdvLDetail: Reducer {
  var note = ""
  var count = 0

  init(note: String = "", count: Int = 0) {
    self.note = note
    self.count = count
  }

  func reduce(action: AdvLEdit) {}
}

/// A panel, in an array, with a model, a custom-keyed struct and a date below it.
final class AdvLPanel: Reducer {
  var title: String
  var detail = AdvLDetail()
  var meta = AdvLMeta(note: "", label: "")
  var when = Date(timeIntervalSince1970: 0)

  init(title: String) {
    self.title = title
  }

  func reduce(action: AdvLEdit) {}
}

/// A card subclass with a property of its own.
final class AdvLSpecialCard: AdvLCardBase {
  var extra = "extra"
}

/// A base class of cards.
class AdvLCardBase: Reducer {
  var title = ""

  func reduce(action: AdvLEdit) {}
}

/// A class that is not a model and not `Codable`.
final class AdvLLathe {
  var speed = 3
}

/// A root with a property that cannot be saved.
final class AdvLWorkshop: Reducer {
  var name = ""
  var lathe = AdvLLathe()

  func reduce(action: AdvLEdit) {}
}

/// The root most tests use.
final class AdvLBoard: Reducer {
  var title = ""
  var pins: [AdvLPin] = []
  var cards: [AdvLCard] = []
  var tags: Set<AdvLTag> = []
  var byScore: [Double: AdvLPin] = [:]
  var byNumber: [Int: AdvLPin] = [:]
  var byName: [String: AdvLPin] = [:]
  var meta = AdvLMeta(note: "", label: "")
  var stamp = AdvLStamp(text: "", secret: "")
  var maybe: AdvLCard?? = nil
  var shelves: [AdvLShelf] = []
  var grid: [[AdvLPin]] = []
  var counters: [AdvLCounter] = []
  var observed: [AdvLObserved] = []
  var holder = AdvLHolder()
  var slot: AdvLPin?
  var panels: [AdvLPanel] = []
  var cardsByNumber: [Int: AdvLCard] = [:]
  var cardsByName: [String: AdvLCard] = [:]
  var bases: [AdvLCardBase] = []
  var optionalPins: [AdvLPin?] = []
  var contiguous: ContiguousArray<AdvLPin> = []
  var pair: (count: Int, note: String) = (0, "")
  var groups: [String: [AdvLPin]] = [:]

  func reduce(action: AdvLEdit) {
    action.body(self)
  }
}

@MainActor
struct AdversarialLeftOutTests {
  private func edit(_ store: Store<AdvLBoard>, _ body: @escaping (AdvLBoard) -> Void) {
    store.dispatch(
      AdvLEdit { root in
        if let board = root as? AdvLBoard { body(board) }
      })
  }

  /// Saves one dispatch of `body` to `file`, leaving out `leftOut`.
  private func saved(
    _ file: URL, leavingOut leftOut: [TreePath], _ body: @escaping (AdvLBoard) -> Void
  ) throws {
    let store = Store(AdvLBoard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store, body)
    #expect(persistence.saveError == nil)
    persistence.detach()
  }

  /// The snapshot and the journal of `name`, one after the other.
  private func fileText(_ directory: TemporaryDirectory, _ name: String) -> String {
    (directory.text(of: name) ?? "") + (directory.text(of: name + ".journal") ?? "")
  }

  /// Attaches `file` to `here`, then to a second store of a board, `there`, both leaving out
  /// `leftOut`.
  private func attachPair(_ here: Store<AdvLBoard>, _ file: URL, _ leftOut: [TreePath]) throws
    -> (Persistence<AdvLBoard>, Store<AdvLBoard>, Persistence<AdvLBoard>)
  {
    let herePersistence = try Persistence.attach(here, file: file, leavingOut: leftOut)
    let there = Store(AdvLBoard())
    let therePersistence = try Persistence.attach(there, file: file, leavingOut: leftOut)
    return (herePersistence, there, therePersistence)
  }

  /// The problem attaching a fresh board with `leftOut` reports, or `nil`.
  private func problem(_ directory: TemporaryDirectory, leavingOut leftOut: [TreePath]) -> String? {
    do {
      _ = try Persistence.attach(
        Store(AdvLBoard()), file: directory.file("check.json"), leavingOut: leftOut)
      return nil
    } catch {
      return error.description
    }
  }

  // MARK: - The file never holds a left-out property

  @Test func aConcreteKeyOfADictionaryWithIntKeysLeavesOutItsPropertyOnly() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("number.json")
    try saved(file, leavingOut: ["byNumber[3].isHovered"]) {
      $0.byNumber = [
        3: AdvLPin(label: "three", isHovered: true), 4: AdvLPin(label: "four", isHovered: true),
      ]
    }
    let snapshot = try #require(directory.text(of: "number.json"))
    #expect(snapshot.components(separatedBy: "isHovered").count == 2)

    let board = AdvLBoard()
    _ = try Persistence.attach(Store(board), file: file, leavingOut: ["byNumber[3].isHovered"])
    #expect(
      board.byNumber == [
        3: AdvLPin(label: "three", isHovered: false), 4: AdvLPin(label: "four", isHovered: true),
      ])
  }

  // MARK: - Loading and merging keep the tree's values

  @Test func aValueRowAnotherProcessInsertsAtTheFrontIsAppliedWithTheEmptyValue() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("front.json")
    let leftOut: [TreePath] = ["pins[*].isHovered"]
    let here = Store(AdvLBoard())
    let (herePersistence, there, therePersistence) = try attachPair(here, file, leftOut)
    edit(here) { $0.pins = [AdvLPin(label: "a", isHovered: false)] }
    try therePersistence.refresh()
    edit(there) { $0.pins[0].isHovered = true }
    // Nothing waits to be written there: the insertion is applied as it is.
    edit(here) { $0.pins.insert(AdvLPin(label: "new", isHovered: true), at: 0) }
    try therePersistence.refresh()
    #expect(
      there.root.pins == [
        AdvLPin(label: "new", isHovered: false), AdvLPin(label: "a", isHovered: true),
      ])
    _ = herePersistence
  }

  @Test func aValueRowInsertedAtTheFrontWhileThisProcessChangedAnotherIsMergedWithEmptyValues()
    throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.file("front3.json")
    let leftOut: [TreePath] = ["pins[*].isHovered"]
    let here = Store(AdvLBoard())
    let (herePersistence, there, therePersistence) = try attachPair(here, file, leftOut)
    edit(here) { $0.pins = [AdvLPin(label: "a", isHovered: false)] }
    try therePersistence.refresh()
    edit(there) { $0.pins[0].isHovered = true }
    edit(here) { $0.pins.insert(AdvLPin(label: "new", isHovered: true), at: 0) }
    // There changes the title before it reads here's record: the states are compared.
    edit(there) { $0.title = "there" }
    try therePersistence.refresh()
    #expect(there.root.title == "there")
    #expect(there.root.pins.map(\.label) == ["new", "a"])
    #expect(
      there.root.pins == [
        AdvLPin(label: "new", isHovered: false), AdvLPin(label: "a", isHovered: true),
      ])
    _ = herePersistence
  }

  @Test func aModelRowInsertedAtTheFrontWhileThisProcessChangedAnotherIsMergedWithEmptyValues()
    throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.file("cardfront.json")
    let leftOut: [TreePath] = ["cards[*].isEditing", "cards[*].draft"]
    let here = Store(AdvLBoard())
    let (herePersistence, there, therePersistence) = try attachPair(here, file, leftOut)
    edit(here) { $0.cards = [AdvLCard(title: "a")] }
    try therePersistence.refresh()
    let mine = try #require(there.root.cards.first)
    edit(there) {
      $0.cards[0].isEditing = true
      $0.cards[0].draft = "typing"
    }
    edit(here) { $0.cards.insert(AdvLCard(title: "new"), at: 0) }
    edit(there) { $0.title = "there" }
    try therePersistence.refresh()
    #expect(there.root.title == "there")
    #expect(there.root.cards.map(\.title) == ["new", "a"])
    withKnownIssue("Documented limitation: a three-way merge keeps model rows by position") {
      #expect(there.root.cards.map(\.isEditing) == [false, true])
      #expect(there.root.cards.map(\.draft) == ["", "typing"])
      #expect(there.root.cards[1] === mine)
    }
    _ = herePersistence
  }

  // MARK: - Rows the file adds, through nesting

  @Test func nestedArraysOfModelsAndStructsAreLeftOutAndFilledAtEveryLevel() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("nested.json")
    let leftOut: [TreePath] = [
      "shelves[*].cards[*].draft", "shelves[*].cards[*].pins[*].isHovered", "grid[*][*].isHovered",
    ]
    try saved(file, leavingOut: leftOut) {
      $0.shelves = [
        AdvLShelf(
          name: "s",
          cards: [AdvLCard(title: "c1", draft: "d1"), AdvLCard(title: "c2", draft: "d2")])
      ]
      $0.shelves[0].cards[1].pins = [AdvLPin(label: "p", isHovered: true)]
      $0.grid = [[AdvLPin(label: "g", isHovered: true)], []]
    }
    let text = fileText(directory, "nested.json")
    #expect(!text.contains("isHovered"))
    #expect(!text.contains("\"d1\""))
    #expect(!text.contains("draft"))

    let board = AdvLBoard()
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    #expect(board.shelves.map(\.name) == ["s"])
    #expect(board.shelves[0].cards.map(\.draft) == ["", ""])
    #expect(board.shelves[0].cards[1].pins == [AdvLPin(label: "p", isHovered: false)])
    #expect(board.grid == [[AdvLPin(label: "g", isHovered: false)], []])
  }

  @Test func anOptionalOfAnOptionalModelIsGivenTheEmptyValue() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("maybe.json")
    try saved(file, leavingOut: ["maybe.draft"]) {
      $0.maybe = .some(AdvLCard(title: "m", draft: "secret draft", isEditing: true))
    }
    #expect(!fileText(directory, "maybe.json").contains("secret draft"))
    let board = AdvLBoard()
    _ = try Persistence.attach(Store(board), file: file, leavingOut: ["maybe.draft"])
    let card = try #require(board.maybe ?? nil)
    #expect(card.title == "m")
    #expect(card.draft == "")
    #expect(card.isEditing == true)
  }

  @Test func valueModelsAndObservableModelsInArraysAreLeftOutByTheirDeclaredNames() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("models.json")
    let leftOut: [TreePath] = ["counters[*].isEditing", "observed[*].isEditing"]
    try saved(file, leavingOut: leftOut) {
      $0.counters = [AdvLCounter(count: 2, isEditing: true)]
      $0.observed = [AdvLObserved(title: "o", isEditing: true)]
    }
    let text = fileText(directory, "models.json")
    #expect(!text.contains("isEditing"))
    #expect(!text.contains("_title"))

    let board = AdvLBoard()
    board.counters = [AdvLCounter(count: 0, isEditing: true)]
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    #expect(board.counters.map(\.count) == [2])
    #expect(board.counters.map(\.isEditing) == [true])
    #expect(board.observed.map(\.title) == ["o"])
    #expect(board.observed.map(\.isEditing) == [false])
  }

  // MARK: - Paths checked at attach

  /// The refusal of a left-out property of `type` below a collection, which has no empty value.
  nonisolated static func noEmptyValue(_ type: String) -> String {
    "it is of type \(type), and a row the file adds is given a left-out property's empty value "
      + "(nil, false, 0, \"\", an empty collection), which \(type) has none of; make it optional"
  }

  /// Left-out paths the file could not keep the property out of, each with why it is refused.
  nonisolated static let refusals: [(path: String, why: String)] = [
    (
      "meta.note",
      "meta is of type AdvLMeta, saved by its own Codable conformance under keys that are not "
        + "its stored properties' names (or that could not be checked); leave out meta whole"
    ),
    (
      "stamp.secret",
      "stamp is of type AdvLStamp, saved by its own Codable conformance under keys that are not "
        + "its stored properties' names (or that could not be checked); leave out stamp whole"
    ),
    (
      "byScore[1.5].isHovered",
      "byScore's keys are not text, so one of them cannot be named; name every element with "
        + "byScore[*]"
    ),
    (
      "tags[0].isNew",
      "tags is a set, whose elements are known by their whole value: a property of them cannot "
        + "be left out; leave out tags whole"
    ),
    (
      "tags[*].isNew",
      "tags is a set, whose elements are known by their whole value: a property of them cannot "
        + "be left out; leave out tags whole"
    ),
    (
      "pins[0].isHovered",
      "pins[0] names one position, which moves as rows come and go; name every element with "
        + "pins[*]"
    ),
    ("pins[x].isHovered", "pins[x] is not a position; name every element with pins[*]"),
    (
      "byNumber[abc].isHovered",
      "byNumber[abc] is not a key of byNumber, whose keys are whole numbers"
    ),
    (
      "byName[k].isHovered",
      #"byName[k] is not a key as snapshots write one: write byName["k"]"#
    ),
    ("panels[*].detail", Self.noEmptyValue("AdvLDetail")),
    // AdvLMeta is a struct of two strings, but read by its own conformance's keys.
    ("panels[*].meta", Self.noEmptyValue("AdvLMeta")),
    ("panels[*].when", Self.noEmptyValue("Date")),
    ("bases[*].extra", "it names extra, which is not a stored property of AdvLCardBase"),
  ]

  @Test(arguments: refusals)
  func aLeftOutPathThatCannotBeKeptOutOfTheFileIsRefusedAtAttach(path: String, why: String)
    throws
  {
    try expectLeavingOutRefused(path, below: AdvLBoard(), problem: "leavingOut: \(path): \(why)")
  }

  @Test func aWeakOrUntraversedPropertyIsAcceptedAndAnUnderscoreOrATypoIsRefused() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("check.json").path
    // No file holds them: there is nothing to leave out, and nothing to refuse.
    #expect(problem(directory, leavingOut: ["holder.parent"]) == nil)
    #expect(problem(directory, leavingOut: ["holder.cache"]) == nil)
    try FileManager.default.removeItem(at: directory.file("check.json.journal"))
    #expect(
      problem(directory, leavingOut: ["observed[*]._title"])
        == "cannot save to \(path): leavingOut: observed[*]._title: it names _title, which is not a stored property of AdvLObserved."
    )
    #expect(
      problem(directory, leavingOut: ["grid[*][*].isHoverd"])
        == "cannot save to \(path): leavingOut: grid[*][*].isHoverd: it names isHoverd, which is not a stored property of AdvLPin."
    )
    #expect(directory.names == [])
  }

  // MARK: - Journal records

  @Test func recordsOfChangesBelowLeftOutPathsNeverHoldThem() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("records.json")
    let leftOut: [TreePath] = [
      "shelves[*].cards[*].draft", "grid[*][*].isHovered", "maybe.draft", "byNumber[*].isHovered",
      "counters[*].isEditing", "observed[*].isEditing", "slot.isHovered",
      "cardsByNumber[*].draft", "cardsByName[*].draft",
    ]
    let store = Store(AdvLBoard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store) { $0.title = "first" }
    edit(store) {
      $0.shelves = [AdvLShelf(name: "s", cards: [AdvLCard(title: "c", draft: "SECRET1")])]
      $0.grid = [[AdvLPin(label: "g", isHovered: true)]]
      $0.maybe = .some(AdvLCard(title: "m", draft: "SECRET2"))
      $0.byNumber = [7: AdvLPin(label: "seven", isHovered: true)]
      $0.counters = [AdvLCounter(count: 1, isEditing: true)]
      $0.observed = [AdvLObserved(title: "o", isEditing: true)]
      $0.slot = AdvLPin(label: "slot", isHovered: true)
      $0.cardsByNumber = [1: AdvLCard(title: "n", draft: "SECRET3")]
      $0.cardsByName = ["k": AdvLCard(title: "k", draft: "SECRET4")]
    }
    edit(store) {
      $0.shelves[0].cards.append(AdvLCard(title: "c2", draft: "SECRET5"))
      $0.grid[0].append(AdvLPin(label: "g2", isHovered: true))
      $0.byNumber[8] = AdvLPin(label: "eight", isHovered: true)
      $0.counters.append(AdvLCounter(count: 2, isEditing: true))
      $0.cardsByNumber[2] = AdvLCard(title: "n2", draft: "SECRET6")
      $0.cardsByName["l"] = AdvLCard(title: "l", draft: "SECRET7")
    }
    let journal = try #require(directory.text(of: "records.json.journal"))
    #expect(journal.contains("\"n2\""))
    #expect(!journal.contains("SECRET"))
    #expect(!journal.contains("isHovered"))
    #expect(!journal.contains("draft"))
    // `isEditing` is left out of counters and observed models, not of cards.
    #expect(journal.components(separatedBy: "isEditing").count == 8)

    // Changes of left-out properties only: nothing is written.
    edit(store) {
      $0.shelves[0].cards[1].draft = "again"
      $0.grid[0][1].isHovered = false
      $0.byNumber[8]?.isHovered = false
      $0.counters[1].isEditing = false
      $0.observed[0].isEditing = false
      if let card = $0.maybe ?? nil { card.draft = "again" }
      $0.slot?.isHovered = false
      $0.cardsByNumber[2]?.draft = "again"
      $0.cardsByName["l"]?.draft = "again"
    }
    #expect(directory.text(of: "records.json.journal") == journal)
    #expect(persistence.saveError == nil)
    persistence.detach()

    let board = AdvLBoard()
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    #expect(board.shelves[0].cards.map(\.title) == ["c", "c2"])
    #expect(board.shelves[0].cards.map(\.draft) == ["", ""])
    #expect(
      board.grid == [
        [AdvLPin(label: "g", isHovered: false), AdvLPin(label: "g2", isHovered: false)]
      ])
    #expect(board.byNumber[8] == AdvLPin(label: "eight", isHovered: false))
    #expect(board.slot == AdvLPin(label: "slot", isHovered: false))
    #expect(board.observed.map(\.isEditing) == [false])
    #expect(board.counters.map(\.count) == [1, 2])
    #expect(board.cardsByNumber[2]?.title == "n2")
    #expect(board.cardsByNumber[2]?.draft == "")
    #expect(board.cardsByName["l"]?.draft == "")
  }

  @Test func aQuotedStringKeyLeavesOutItsPropertyEverywhere() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("quoted.json")
    let leftOut: [TreePath] = [TreePath(parsing: #"byName["k"].isHovered"#)]
    let store = Store(AdvLBoard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store) {
      $0.byName = [
        "k": AdvLPin(label: "k", isHovered: false), "j": AdvLPin(label: "j", isHovered: true),
      ]
    }
    edit(store) { $0.byName["k"]?.isHovered = true }
    #expect(fileText(directory, "quoted.json").components(separatedBy: "isHovered").count == 2)
    #expect(persistence.saveError == nil)
  }

  // MARK: - History

  @Test func undoingALeftOutChangeWritesNothingAndAMergeIsPassedOver() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("history.json")
    let leftOut: [TreePath] = ["pins[*].isHovered"]
    let here = Store(AdvLBoard())
    let history = History(here)
    let (herePersistence, there, therePersistence) = try attachPair(here, file, leftOut)
    edit(here) { $0.pins = [AdvLPin(label: "a", isHovered: false)] }
    edit(here) { $0.pins[0].isHovered = true }
    let journal = directory.text(of: "history.json.journal")
    _ = try history.undo()
    #expect(here.root.pins == [AdvLPin(label: "a", isHovered: false)])
    #expect(directory.text(of: "history.json.journal") == journal)
    _ = try history.redo()
    #expect(here.root.pins == [AdvLPin(label: "a", isHovered: true)])
    #expect(directory.text(of: "history.json.journal") == journal)

    try therePersistence.refresh()
    edit(there) { $0.pins.append(AdvLPin(label: "b", isHovered: true)) }
    try herePersistence.refresh()
    #expect(
      here.root.pins == [
        AdvLPin(label: "a", isHovered: true), AdvLPin(label: "b", isHovered: false),
      ])
    #expect(history.steps.map(\.kind) == [.change, .change, .merge])
    // Undo passes over the merge: the left-out change of `a` is undone, `b` stays.
    _ = try history.undo()
    #expect(
      here.root.pins == [
        AdvLPin(label: "a", isHovered: false), AdvLPin(label: "b", isHovered: false),
      ])
    #expect(herePersistence.saveError == nil)
  }

  // MARK: - Migrations and other lists

  @Test func aMigrationThatAddsTheLeftOutMemberIsNotKeptInTheFileNorLoaded() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("migrated.json")
    try saved(file, leavingOut: ["pins[*].isHovered"]) {
      $0.pins = [AdvLPin(label: "a", isHovered: true)]
    }
    let addHover = PersistenceMigration(from: 1) { state in
      guard case var .object(members) = state, case let .array(pins)? = members["pins"] else {
        return
      }
      members["pins"] = .array(
        pins.map { pin in
          guard case var .object(fields) = pin else { return pin }
          fields["isHovered"] = .bool(true)
          return .object(fields)
        })
      state = .object(members)
    }
    let board = AdvLBoard()
    let persistence = try Persistence.attach(
      Store(board), file: file, version: 2, migrations: [addHover],
      leavingOut: ["pins[*].isHovered"])
    #expect(board.pins == [AdvLPin(label: "a", isHovered: false)])
    #expect(persistence.notes == ["\(file.path) was migrated from version 1 to version 2."])
    #expect(!fileText(directory, "migrated.json").contains("isHovered"))
    #expect(directory.text(of: "migrated.json")?.contains(#""version": 2"#) == true)
  }

  @Test func aStoreThatLeavesOutMoreMergesTheRowsOfOneThatLeavesOutLess() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("lists.json")
    let here = Store(AdvLBoard())
    let there = Store(AdvLBoard())
    let herePersistence = try Persistence.attach(
      here, file: file, leavingOut: ["pins[*].isHovered"])
    let therePersistence = try Persistence.attach(there, file: file)
    edit(there) { $0.pins = [AdvLPin(label: "a", isHovered: true)] }
    try herePersistence.refresh()
    #expect(here.root.pins == [AdvLPin(label: "a", isHovered: false)])
    edit(there) { $0.pins.append(AdvLPin(label: "b", isHovered: true)) }
    edit(there) { $0.pins[0].isHovered = false }
    edit(here) { $0.pins[0].isHovered = true }
    try herePersistence.refresh()
    #expect(
      here.root.pins == [
        AdvLPin(label: "a", isHovered: true), AdvLPin(label: "b", isHovered: false),
      ])
    // Here writes its rows without `isHovered`; there, which saves it, cannot take them.
    edit(here) { $0.pins.append(AdvLPin(label: "c", isHovered: true)) }
    #expect(herePersistence.saveError == nil)
    var thereError: String?
    do {
      try therePersistence.refresh()
    } catch {
      thereError = error.description
    }
    #expect(
      thereError
        == "Not saved to \(file.path): another program changed it, and now state.pins[2]: No member \"isHovered\".; nothing was merged."
    )
  }

  // MARK: - Types of left-out properties

  @Test func aLeftOutModelIsKeptWhereTheTreeHoldsIt() throws {
    let directory = try TemporaryDirectory()
    // Where no row is made from the file, a model may be left out whole (below an array it
    // is refused: aLeftOutPathThatCannotBeKeptOutOfTheFileIsRefusedAtAttach).
    let file = directory.file("holder.json")
    try saved(file, leavingOut: ["holder"]) { $0.holder.name = "SECRET" }
    #expect(!fileText(directory, "holder.json").contains("SECRET"))
    let board = AdvLBoard()
    let holder = board.holder
    holder.name = "mine"
    _ = try Persistence.attach(Store(board), file: file, leavingOut: ["holder"])
    #expect(board.holder === holder)
    #expect(board.holder.name == "mine")
  }

  @Test func changesAtKeysOfADictionaryWithDoubleKeysAreSavedWholeAndLoadAgain() throws {
    let directory = try TemporaryDirectory()
    for leftOut: [TreePath] in [[], ["byScore[*].isHovered"]] {
      let file = directory.file("score\(leftOut.count).json")
      let store = Store(AdvLBoard())
      let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
      edit(store) { $0.title = "first" }
      edit(store) { $0.byScore = [2.5: AdvLPin(label: "score", isHovered: true)] }
      edit(store) { $0.title = "second" }
      // Saved whole: a record names the key as text only, which no load could fold.
      #expect(persistence.saveError == nil)
      edit(store) { $0.byScore[2.5]?.label = "changed" }
      edit(store) { $0.byScore[-1] = AdvLPin(label: "minus", isHovered: true) }
      edit(store) { $0.byScore[2.5] = nil }
      #expect(persistence.saveError == nil)
      persistence.detach()
      let board = AdvLBoard()
      _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
      #expect(board.title == "second")
      #expect(board.byScore == [-1: AdvLPin(label: "minus", isHovered: leftOut.isEmpty)])
    }
  }

  @Test func aSubclassesOwnPropertyIsSavedThoughItCannotBeNamedThroughItsBaseClass() throws {
    let directory = try TemporaryDirectory()
    // The subclass's property is saved with each instance (naming it through the base class is
    // refused: aLeftOutPathThatCannotBeKeptOutOfTheFileIsRefusedAtAttach).
    let file = directory.file("bases.json")
    try saved(file, leavingOut: ["bases[*].title"]) {
      let special = AdvLSpecialCard()
      special.title = "SECRET"
      $0.bases = [special]
    }
    let text = fileText(directory, "bases.json")
    #expect(text.contains("extra"))
    #expect(!text.contains("SECRET"))
  }

  @Test func loadingADictionaryWithIntKeysKeepsItsModelsAndTheirLeftOutValues() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("intcards.json")
    let leftOut: [TreePath] = ["cardsByNumber[*].draft"]
    try saved(file, leavingOut: leftOut) {
      $0.cardsByNumber = [1: AdvLCard(title: "saved one"), 2: AdvLCard(title: "saved two")]
    }
    let board = AdvLBoard()
    let mine = AdvLCard(title: "mine", draft: "typing")
    board.cardsByNumber = [1: mine]
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    #expect(board.cardsByNumber.mapValues(\.title) == [1: "saved one", 2: "saved two"])
    #expect(board.cardsByNumber.mapValues(\.draft) == [1: "typing", 2: ""])
    #expect(board.cardsByNumber[1] === mine)
  }

  @Test func aModelHeldTwiceIsSavedWhereItsPropertyIsNotLeftOut() throws {
    let directory = try TemporaryDirectory()
    for leftOut: [TreePath] in [["cards[*].draft"], []] {
      let file = directory.file("shared\(leftOut.count).json")
      let store = Store(AdvLBoard())
      let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
      let shared = AdvLCard(title: "shared", draft: "first")
      edit(store) {
        $0.cards = [shared]
        $0.maybe = .some(shared)
      }
      edit(store) { _ in shared.draft = "second" }
      #expect(persistence.saveError == nil)
      persistence.detach()

      let board = AdvLBoard()
      _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
      #expect(board.cards.map(\.draft) == [leftOut.isEmpty ? "second" : ""])
      withKnownIssue(
        "Documented limitation: a model held twice is recorded at its first place only"
      ) {
        #expect((board.maybe ?? nil)?.draft == "second")
      }
    }
  }

  @Test func optionalRowsAndDictionariesOfArraysAreLeftOutAndFilled() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("optionals.json")
    let leftOut: [TreePath] = ["optionalPins[*].isHovered", "groups[*][*].isHovered"]
    let store = Store(AdvLBoard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store) { $0.optionalPins = [AdvLPin(label: "a", isHovered: true), nil] }
    edit(store) {
      $0.optionalPins.append(AdvLPin(label: "b", isHovered: true))
      $0.groups = ["g": [AdvLPin(label: "c", isHovered: true)]]
    }
    edit(store) { $0.groups["g"]?.append(AdvLPin(label: "d", isHovered: true)) }
    #expect(!fileText(directory, "optionals.json").contains("isHovered"))
    #expect(persistence.saveError == nil)
    persistence.detach()

    let board = AdvLBoard()
    board.optionalPins = [nil, AdvLPin(label: "old", isHovered: true)]
    board.groups = ["g": [AdvLPin(label: "old", isHovered: true)]]
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    #expect(
      board.optionalPins == [
        AdvLPin(label: "a", isHovered: false), nil, AdvLPin(label: "b", isHovered: false),
      ])
    #expect(
      board.groups == [
        // No row of the tree's is `c`, and rows were added: `old`'s value is not `c`'s.
        "g": [AdvLPin(label: "c", isHovered: false), AdvLPin(label: "d", isHovered: false)]
      ])
  }

  @Test func aVersionZeroFileWithTheLeftOutPropertiesLoadsWithoutThemAndIsRewrittenWithout()
    throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.file("plain.json")
    try directory.write(
      #"{"pins": [{"label": "a", "isHovered": true}], "title": "t", "secret": 1}"#,
      to: "plain.json")
    let fromPlain = PersistenceMigration(from: 0) { state in
      guard case var .object(members) = state else { return }
      members["secret"] = nil
      state = .object(members)
    }
    let board = AdvLBoard()
    let persistence = try Persistence.attach(
      Store(board), file: file, migrations: [fromPlain], leavingOut: ["pins[*].isHovered"])
    #expect(board.title == "t")
    #expect(board.pins == [AdvLPin(label: "a", isHovered: false)])
    #expect(persistence.notes == ["\(file.path) was migrated from version 0 to version 1."])
    let text = try #require(directory.text(of: "plain.json"))
    #expect(text.contains("SwiftReducePersistence snapshot"))
    #expect(!text.contains("isHovered"))
  }

  @Test func anotherStoresCompactedSnapshotIsMergedKeepingTheLeftOutValuesHere() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("compacted.json")
    let leftOut: [TreePath] = ["cards[*].draft", "pins[*].isHovered"]
    let here = Store(AdvLBoard())
    let (herePersistence, there, therePersistence) = try attachPair(here, file, leftOut)
    edit(here) {
      $0.cards = [AdvLCard(title: "a")]
      $0.pins = [AdvLPin(label: "p", isHovered: false)]
    }
    try therePersistence.refresh()
    edit(there) {
      $0.cards[0].draft = "there typing"
      $0.pins[0].isHovered = true
    }
    edit(here) {
      $0.cards.append(AdvLCard(title: "b", draft: "here typing"))
      $0.pins.append(AdvLPin(label: "q", isHovered: true))
    }
    try herePersistence.compact()
    try therePersistence.refresh()
    #expect(there.root.cards.map(\.title) == ["a", "b"])
    #expect(there.root.cards.map(\.draft) == ["there typing", ""])
    #expect(
      there.root.pins == [
        AdvLPin(label: "p", isHovered: true), AdvLPin(label: "q", isHovered: false),
      ])
    #expect(!fileText(directory, "compacted.json").contains("typing"))
    #expect(!fileText(directory, "compacted.json").contains("isHovered"))
  }

  @Test func concurrentInsertionsOfValueRowsKeepEachRowsLeftOutValueAfterACompaction() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("both.json")
    let leftOut: [TreePath] = ["pins[*].isHovered"]
    let here = Store(AdvLBoard())
    let (herePersistence, there, therePersistence) = try attachPair(here, file, leftOut)
    edit(here) { $0.pins = [AdvLPin(label: "a", isHovered: false)] }
    try therePersistence.refresh()
    edit(there) { $0.pins.append(AdvLPin(label: "y", isHovered: true)) }
    // Here inserts at the same place before it reads there's record: both are kept, here's first.
    edit(here) { $0.pins.append(AdvLPin(label: "x", isHovered: true)) }
    try herePersistence.refresh()
    #expect(
      here.root.pins == [
        AdvLPin(label: "a", isHovered: false), AdvLPin(label: "x", isHovered: true),
        AdvLPin(label: "y", isHovered: false),
      ])
    // Folded into a new snapshot: there reads the file whole and compares the states.
    try herePersistence.compact()
    try therePersistence.refresh()
    #expect(there.root.pins.map(\.label) == ["a", "x", "y"])
    #expect(
      there.root.pins == [
        AdvLPin(label: "a", isHovered: false), AdvLPin(label: "x", isHovered: false),
        AdvLPin(label: "y", isHovered: true),
      ])
    #expect(herePersistence.saveError == nil)
  }

  @Test func typosPastEmptyCollectionsOfEveryShapeAreRefusedAtAttach() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("check.json").path
    let cases: [(TreePath, String)] = [
      ("optionalPins[*].isHoverd", "it names isHoverd, which is not a stored property of AdvLPin"),
      ("groups[*][*].labl", "it names labl, which is not a stored property of AdvLPin"),
      ("byScore[*].x", "it names x, which is not a stored property of AdvLPin"),
      (
        "tags[*].nme",
        "tags is a set, whose elements are known by their whole value: a property of them "
          + "cannot be left out; leave out tags whole"
      ),
      ("cardsByNumber[*].drat", "it names drat, which is not a stored property of AdvLCard"),
      (
        "shelves[*].cards[*].pins[*].hover",
        "it names hover, which is not a stored property of AdvLPin"
      ),
      ("slot[*].isHovered", "slot is of type AdvLPin, which has no elements"),
      ("maybe.some.draft", "it names some, which is not a stored property of AdvLCard"),
    ]
    for (leftOut, why) in cases {
      #expect(
        problem(directory, leavingOut: [leftOut])
          == "cannot save to \(path): leavingOut: \(leftOut): \(why).")
    }
    #expect(directory.names == [])
  }

  @Test func aTuplesMemberAndARowOfAContiguousArrayAreLeftOut() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("tuple.json")
    let leftOut: [TreePath] = ["pair.note", "contiguous[*].isHovered"]
    let store = Store(AdvLBoard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store) { $0.pair = (1, "SECRET") }
    edit(store) {
      $0.pair = (2, "SECRET2")
      $0.contiguous = [AdvLPin(label: "c", isHovered: true)]
    }
    let text = fileText(directory, "tuple.json")
    #expect(!text.contains("SECRET"))
    #expect(!text.contains("isHovered"))
    #expect(persistence.saveError == nil)
    persistence.detach()

    let board = AdvLBoard()
    board.pair = (0, "mine")
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    #expect(board.pair.count == 2)
    #expect(board.pair.note == "mine")
    #expect(board.contiguous == [AdvLPin(label: "c", isHovered: false)])
  }

  @Test func replacingValuesWholeWithOnesThatDifferOnlyInLeftOutPropertiesWritesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("whole.json")
    let leftOut: [TreePath] = ["pins[*].isHovered", "slot.isHovered", "cards[*].draft"]
    let store = Store(AdvLBoard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store) {
      $0.pins = [AdvLPin(label: "a", isHovered: false), AdvLPin(label: "b", isHovered: false)]
      $0.slot = AdvLPin(label: "s", isHovered: false)
      $0.cards = [AdvLCard(title: "c", draft: "one")]
    }
    let journal = directory.text(of: "whole.json.journal")
    edit(store) {
      $0.pins = $0.pins.map { AdvLPin(label: $0.label, isHovered: true) }
      $0.slot = AdvLPin(label: "s", isHovered: true)
    }
    #expect(directory.text(of: "whole.json.journal") == journal)
    // A model replaced by one that differs only in a left-out property.
    edit(store) { $0.cards[0] = AdvLCard(title: "c", draft: "two") }
    withKnownIssue("Known cost: replacing a model by one equal in what is saved writes a record") {
      #expect(directory.text(of: "whole.json.journal") == journal)
    }
    #expect(persistence.saveError == nil)
  }

  @Test func anOptionalStructAnotherProcessFillsIsMergedWithTheEmptyValueAsOneMergeStep() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("slot.json")
    let leftOut: [TreePath] = ["slot.isHovered"]
    let here = Store(AdvLBoard())
    let history = History(here)
    let (herePersistence, there, therePersistence) = try attachPair(here, file, leftOut)
    edit(here) { $0.title = "t" }
    try therePersistence.refresh()
    edit(there) { $0.slot = AdvLPin(label: "s", isHovered: true) }
    let merge = try herePersistence.refresh()
    #expect(merge?.conflicts == [])
    #expect(here.root.slot == AdvLPin(label: "s", isHovered: false))
    #expect(history.steps.map(\.kind) == [.change, .merge])
    edit(here) { $0.slot?.isHovered = true }
    edit(there) { $0.slot?.label = "renamed" }
    try herePersistence.refresh()
    #expect(here.root.slot == AdvLPin(label: "renamed", isHovered: true))
    // Undo passes over the merges: the hover, then the title.
    _ = try history.undo()
    #expect(here.root.slot == AdvLPin(label: "renamed", isHovered: false))
    #expect(herePersistence.saveError == nil)
  }

  @Test func loadingAnOptionalOfAnOptionalKeepsTheTreesModelAndItsLeftOutValue() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("kept.json")
    let leftOut: [TreePath] = ["maybe.draft"]
    try saved(file, leavingOut: leftOut) { $0.maybe = .some(AdvLCard(title: "saved")) }
    let board = AdvLBoard()
    let mine = AdvLCard(title: "mine", draft: "typing")
    board.maybe = .some(mine)
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    let card = try #require(board.maybe ?? nil)
    #expect(card.title == "saved")
    #expect(card.draft == "typing")
    #expect(card === mine)
  }

  @Test func aPropertyThatCannotBeSavedIsRefusedEvenWhenLeftOutAsTheArticleSays() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("workshop.json")
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(AdvLWorkshop()), file: file, leavingOut: ["lathe"])
    }
    #expect(
      error?.description
        == "cannot save to \(file.path): AdvLWorkshop.lathe: AdvLLathe is neither Codable nor a model or a struct; leave out what is not saved with @Untraversed."
    )
  }

  @Test func quotedKeysWithDotsBracketsAndAStarLeaveOutOnlyTheirOwnEntry() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("keys.json")
    let leftOut = [
      TreePath(parsing: #"byName["a.b"].isHovered"#),
      TreePath(parsing: #"byName["[x]"].isHovered"#),
      TreePath(parsing: #"byName["*"].isHovered"#),
    ]
    let store = Store(AdvLBoard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: leftOut)
    edit(store) { $0.title = "first" }
    edit(store) {
      for key in ["a.b", "[x]", "*", "plain"] {
        $0.byName[key] = AdvLPin(label: key, isHovered: true)
      }
    }
    edit(store) {
      for key in ["a.b", "[x]", "*", "plain"] { $0.byName[key]?.isHovered = false }
    }
    #expect(fileText(directory, "keys.json").components(separatedBy: "isHovered").count == 3)
    #expect(persistence.saveError == nil)
    persistence.detach()

    let board = AdvLBoard()
    _ = try Persistence.attach(Store(board), file: file, leavingOut: leftOut)
    #expect(
      board.byName == [
        "a.b": AdvLPin(label: "a.b", isHovered: false),
        "[x]": AdvLPin(label: "[x]", isHovered: false),
        "*": AdvLPin(label: "*", isHovered: false),
        "plain": AdvLPin(label: "plain", isHovered: false),
      ])
  }
}
