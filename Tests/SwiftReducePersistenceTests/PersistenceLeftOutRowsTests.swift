import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

/// A board of cards whose screen-only properties are left out of its file, below
/// collections and an optional: the rows a file adds lack them.
final class Pinboard: Reducer {
  var cards: [Card] = []
  var pins: [Pin] = []
  var byTag: [String: Card] = [:]
  var spare: Card?
  var pinsBySpot: [Spot: Pin] = [:]
  var tickets: [PinTicket] = []

  func reduce(action: PinboardEdit) {
    action.body(self)
  }
}

/// Any change to a ``Pinboard``.
struct PinboardEdit: Action {
  let body: (Pinboard) -> Void
}

/// A card: a model made from the file when the board has none at its place.
final class Card: Reducer {
  var title: String
  var isEditing = true
  var draft = "typing"
  var cursor = 7
  var zoom = 1.5
  var selection: Int? = 3
  var marks: [Int] = [1]
  var flags: [String: Bool] = ["x": true]
  var scratch = Scratch(text: "note", lines: 2)
  var mood = Mood.busy

  init(title: String) {
    self.title = title
  }

  func reduce(action: PinboardEdit) {}
}

/// A struct whose every property has an empty value.
struct Scratch: Codable, Equatable {
  var text: String
  var lines: Int
}

/// An enum without an empty value.
enum Mood: String, Codable {
  case calm, busy
}

/// A key that is not text, with a property named as the left-out one of its values.
struct Spot: Codable, Hashable {
  var x: Int
  var isHovered: Bool
}

/// A value row known by its `id`.
struct PinTicket: Codable, Equatable, Identifiable {
  var id: Int
  var text: String
  var isOpen: Bool
}

/// A value row: a `Codable` struct in an array.
struct Pin: Codable, Equatable {
  var label: String
  var isHovered: Bool
}

@MainActor
struct PersistenceLeftOutRowsTests {
  static let screenOnly: [TreePath] = [
    "cards[*].isEditing", "cards[*].draft", "cards[*].cursor", "cards[*].zoom",
    "cards[*].selection", "cards[*].marks", "cards[*].flags", "cards[*].scratch",
    "byTag[*].isEditing", "spare.draft", "pins[*].isHovered", "pinsBySpot[*].isHovered",
  ]

  private func saved(_ file: URL, _ body: @escaping (Pinboard) -> Void) throws {
    let store = Store(Pinboard())
    let persistence = try Persistence.attach(store, file: file, leavingOut: Self.screenOnly)
    store.dispatch(PinboardEdit(body: body))
    #expect(persistence.saveError == nil)
    persistence.detach()
  }

  @Test func aRowTheFileAddsIsGivenTheEmptyValueOfEachLeftOutProperty() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    try saved(file) { $0.cards = [Card(title: "a")] }
    let text = try #require(directory.text(of: "board.json"))
    #expect(!text.contains("isEditing"))
    #expect(!text.contains("typing"))

    let board = Pinboard()
    _ = try Persistence.attach(Store(board), file: file, leavingOut: Self.screenOnly)

    let card = try #require(board.cards.first)
    #expect(card.title == "a")
    #expect(card.isEditing == false)
    #expect(card.draft == "")
    #expect(card.cursor == 0)
    #expect(card.zoom == 0)
    #expect(card.selection == nil)
    #expect(card.marks == [])
    #expect(card.flags == [:])
    #expect(card.scratch == Scratch(text: "", lines: 0))
    // Not left out: saved, and loaded as it was.
    #expect(card.mood == .busy)
  }

  @Test func aRowTheTreeHasKeepsItsLeftOutValuesWhileTheFileAddsOthers() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    try saved(file) { $0.cards = [Card(title: "a"), Card(title: "b")] }

    let board = Pinboard()
    let mine = Card(title: "mine")
    mine.isEditing = true
    mine.draft = "half a sentence"
    board.cards = [mine]
    _ = try Persistence.attach(Store(board), file: file, leavingOut: Self.screenOnly)

    #expect(board.cards.map(\.title) == ["a", "b"])
    #expect(board.cards[0] === mine)
    #expect(board.cards.map(\.isEditing) == [true, false])
    #expect(board.cards.map(\.draft) == ["half a sentence", ""])
  }

  @Test func aValueRowKeepsTheLeftOutValueOfTheTreesRowItIsAndOthersAreGivenTheEmptyValue()
    throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    try saved(file) {
      $0.pins = [
        Pin(label: "new", isHovered: true), Pin(label: "one", isHovered: true),
        Pin(label: "two", isHovered: true),
      ]
    }

    // The same length: each row is the tree's row at its position, whatever else changed.
    let same = Pinboard()
    same.pins = [
      Pin(label: "a", isHovered: true), Pin(label: "b", isHovered: false),
      Pin(label: "c", isHovered: true),
    ]
    _ = try Persistence.attach(Store(same), file: file, leavingOut: Self.screenOnly)
    #expect(same.pins.map(\.isHovered) == [true, false, true])

    // A row inserted before: the rows after it are the tree's rows they hold the content of;
    // the new row, and a row whose content changed too, are given the empty value.
    let shifted = Pinboard()
    shifted.pins = [Pin(label: "one", isHovered: true), Pin(label: "changed", isHovered: true)]
    _ = try Persistence.attach(Store(shifted), file: file, leavingOut: Self.screenOnly)
    #expect(
      shifted.pins == [
        Pin(label: "new", isHovered: false), Pin(label: "one", isHovered: true),
        Pin(label: "two", isHovered: false),
      ])
  }

  @Test func aValueRowIsMatchedByItsIDWhenItMovedAndChanged() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    try saved(file) {
      $0.tickets = [
        PinTicket(id: 3, text: "c", isOpen: true), PinTicket(id: 1, text: "a2", isOpen: true),
      ]
    }
    let board = Pinboard()
    board.tickets = [
      PinTicket(id: 1, text: "a", isOpen: true), PinTicket(id: 2, text: "b", isOpen: true),
      PinTicket(id: 5, text: "e", isOpen: true),
    ]
    _ = try Persistence.attach(Store(board), file: file, leavingOut: ["tickets[*].isOpen"])
    #expect(
      board.tickets == [
        PinTicket(id: 3, text: "c", isOpen: false), PinTicket(id: 1, text: "a2", isOpen: true),
      ])
  }

  @Test func aModelMadeFromTheFileInADictionaryOrAnOptionalIsGivenTheEmptyValue() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    try saved(file) {
      $0.byTag = ["k": Card(title: "keyed")]
      $0.spare = Card(title: "spare")
    }

    let board = Pinboard()
    _ = try Persistence.attach(Store(board), file: file, leavingOut: Self.screenOnly)

    #expect(board.byTag["k"]?.title == "keyed")
    #expect(board.byTag["k"]?.isEditing == false)
    // Only what is left out there is given its empty value; the rest is the file's.
    #expect(board.byTag["k"]?.draft == "typing")
    #expect(board.spare?.title == "spare")
    #expect(board.spare?.draft == "")
    #expect(board.spare?.isEditing == true)
  }

  @Test func aDictionaryWhoseKeysAreNotTextLeavesOutItsValuesPropertyAndKeepsItsKeys() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    let spot = Spot(x: 1, isHovered: true)
    try saved(file) { $0.pinsBySpot = [spot: Pin(label: "p", isHovered: true)] }
    let text = try #require(directory.text(of: "board.json"))
    // The key keeps its `isHovered`; the value has none.
    #expect(text.components(separatedBy: "isHovered").count == 2)

    let board = Pinboard()
    board.pinsBySpot = [spot: Pin(label: "old", isHovered: true)]
    _ = try Persistence.attach(Store(board), file: file, leavingOut: Self.screenOnly)
    #expect(board.pinsBySpot == [spot: Pin(label: "p", isHovered: true)])

    let fresh = Pinboard()
    _ = try Persistence.attach(Store(fresh), file: file, leavingOut: Self.screenOnly)
    #expect(fresh.pinsBySpot == [spot: Pin(label: "p", isHovered: false)])
  }

  @Test func aRowAnotherProcessAddsIsMergedWithTheEmptyValueOfEachLeftOutProperty() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    let here = Store(Pinboard())
    let there = Store(Pinboard())
    let herePersistence = try Persistence.attach(here, file: file, leavingOut: Self.screenOnly)
    let therePersistence = try Persistence.attach(there, file: file, leavingOut: Self.screenOnly)
    here.dispatch(PinboardEdit { $0.cards = [Card(title: "a")] })
    try therePersistence.refresh()
    here.dispatch(PinboardEdit { $0.cards.append(Card(title: "b")) })
    there.dispatch(PinboardEdit { $0.cards[0].draft = "there's draft" })

    // Records appended since, applied as they are, and after a whole-file read.
    let merge = try therePersistence.refresh()
    #expect(merge?.conflicts == [])
    #expect(there.root.cards.map(\.title) == ["a", "b"])
    #expect(there.root.cards.map(\.draft) == ["there's draft", ""])
    #expect(there.root.cards.map(\.isEditing) == [false, false])
    try herePersistence.compact()
    here.dispatch(PinboardEdit { $0.cards.append(Card(title: "c")) })
    try therePersistence.refresh()
    #expect(there.root.cards.map(\.title) == ["a", "b", "c"])
    #expect(there.root.cards.map(\.draft) == ["there's draft", "", ""])
  }

  @Test(arguments: [
    (
      "cards[*].mood",
      "leavingOut: cards[*].mood: it is of type Mood, and a row the file adds is given a left-out "
        + "property's empty value (nil, false, 0, \"\", an empty collection), which Mood has "
        + "none of; make it optional"
    ),
    (
      "cards[*].drfat",
      "leavingOut: cards[*].drfat: it names drfat, which is not a stored property of Card"
    ),
    (
      "cards[*].title.count",
      "leavingOut: cards[*].title.count: it names count, which is not a stored property of String"
    ),
    ("spare[0].draft", "leavingOut: spare[0].draft: spare is of type Card, which has no elements"),
    (
      "cards[*]",
      "leavingOut: cards[*]: it does not end at a property; name the property to leave out"
    ),
  ])
  func aLeftOutPathIsCheckedAgainstTheTypesAtAttach(path: String, problem: String) throws {
    // An empty board: the path is read from the declared types, past empty collections.
    try expectLeavingOutRefused(path, below: Pinboard(), problem: problem)
  }

  @Test func aPropertyWithoutAnEmptyValueMayBeLeftOutWhereNoRowIsMadeFromTheFile() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("board.json")
    final class Desk: Reducer {
      var card = Card(title: "kept")
      func reduce(action: PinboardEdit) {}
    }
    let desk = Desk()
    desk.card.mood = .calm
    let store = Store(desk)
    _ = try Persistence.attach(store, file: file, leavingOut: ["card.mood"])
    #expect(desk.card.mood == .calm)
  }
}
