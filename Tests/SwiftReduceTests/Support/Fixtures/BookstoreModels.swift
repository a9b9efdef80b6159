import Observation
import SwiftReduce

// Fixtures for printing, comparing and copying trees: a bookstore of aisles
// and books, with shared books, back-pointers and objects that are not models.

/// Changes to a ``Bookstore``.
enum BookstoreAction: Action, Equatable {
  case rename(String)
  case lend(String)
  case addAisle(String)
}

/// Changes to a ``Novel``.
enum NovelAction: Action, Equatable {
  case retitle(String)
}

/// The root of the bookstore fixture.
final class Bookstore: Reducer {
  var name = "City"
  var aisles: [Aisle] = []
  var featured: Novel?
  var loans: [String: Int] = [:]

  func reduce(action: BookstoreAction) {
    switch action {
    case .rename(let name): self.name = name
    case .lend(let title): loans[title, default: 0] += 1
    case .addAisle(let label): aisles.append(Aisle(label, bookstore: self))
    }
  }
}

/// A aisle, pointing back at its bookstore.
final class Aisle: Reducer {
  var label: String
  var books: [Novel] = []
  weak var bookstore: Bookstore?

  init(_ label: String, books: [Novel] = [], bookstore: Bookstore? = nil) {
    self.label = label
    self.books = books
    self.bookstore = bookstore
  }
}

/// A novel: a leaf model.
final class Novel: Reducer {
  var title: String
  var pages: Int

  init(_ title: String, pages: Int) {
    self.title = title
    self.pages = pages
  }

  func reduce(action: NovelAction) {
    switch action {
    case .retitle(let title): self.title = title
    }
  }
}

/// A class that is not a model: printed by its description and never copied.
final class Till: CustomStringConvertible {
  var entries: [String] = []
  var description: String { "Till(\(entries.count) entries)" }
}

/// An actor: printed by its type name, never entered or copied.
actor Coffer {
  var boxes = 0
}

/// A model with one property of every kind the printout distinguishes.
final class Kiosk: Reducer {
  var city: String? = "Oslo"
  var code: Character = "B"
  var opening: (hour: Int, minute: Int) = (9, 30)
  var tags: Set<String> = ["quiet", "central"]
  var status = KioskStatus.open
  var postal = Postal(street: "Main", number: 1)
  var till = Till()
  var coffer = Coffer()
  var anyBook: Any = Novel("Any", pages: 1)
  var kind: Any.Type = Int.self
  var modelKind: any Reducer.Type = Novel.self
  var onOpen: () -> Void = {}
  @Untraversed var hidden = Novel("Hidden", pages: 2)
  lazy var history: [Int] = [1]
  unowned(unsafe) var bookstore: Bookstore

  init(bookstore: Bookstore) {
    self.bookstore = bookstore
  }
}

/// A plain enum, printed as a case.
enum KioskStatus {
  case open
  case closed(reason: String)
}

/// A plain struct, printed property by property.
struct Postal {
  var street: String
  var number: Int
}

/// An `@Observable` model: its registrar is left out and its properties keep their names.
@Observable
final class Patron: Reducer {
  var name = "Ada"
  var book: Novel?

  func reduce(action: NovelAction) {}
}

/// Builds the bookstore most tests print: two aisles sharing one book.
@MainActor
func makeBookstore() -> Bookstore {
  let bookstore = Bookstore()
  let alien = Novel("Alien", pages: 320)
  bookstore.aisles = [
    Aisle("Fiction", books: [alien, Novel("Heat", pages: 210)], bookstore: bookstore),
    Aisle("Films", books: [alien], bookstore: bookstore),
  ]
  bookstore.featured = alien
  bookstore.loans = ["Heat": 2, "Alien": 1]
  return bookstore
}

/// A model whose subclass adds properties: the superclass's come first.
class Shop: Reducer {
  var owner = "Ada"
}

/// A subclass of a model, with properties of its own.
final class Bookshop: Shop {
  var stock: [Novel] = [Novel("Dune", pages: 412)]
}

/// Two models holding each other strongly.
final class Pen: Reducer {
  var name: String
  var friend: Pen?

  init(_ name: String) {
    self.name = name
  }
}

/// Models in a struct, an enum payload and an `Any` property.
final class Hamper: Reducer {
  var label = Label(text: "Fragile", novel: Novel("Emma", pages: 200))
  var state = HamperState.packed(Novel("Ulysses", pages: 730))
  var anything: Any = 7
  var maybe: Novel??
}

/// A struct holding a model.
struct Label {
  var text: String
  var novel: Novel
}

/// An enum whose payload is a model.
enum HamperState {
  case empty
  case packed(Novel)
}

/// A model pointing at a delegate through a `weak` class-bound existential.
final class Messenger: Reducer {
  weak var delegate: (any Reducer)?
  unowned var depot: Depot
  var parcels: [Int: Novel] = [:]
  var lastSeen: Set<Int> = [1]

  init(depot: Depot) {
    self.depot = depot
  }
}

/// The owner of a ``Messenger``, which points back at it as `unowned`.
final class Depot: Reducer {
  var messengers: [Messenger] = []
  var spare: ContiguousArray<Novel> = [Novel("Emma", pages: 200)]
}

/// Counts its own deinitialisations, to check that copies are destroyed.
final class Counted: Reducer {
  nonisolated(unsafe) static var deinitialized = 0
  var pages = 10

  deinit {
    Counted.deinitialized += 1
  }
}

/// A chain of `count` pens, each the friend of the one before, and its last pen.
@MainActor
func makePenChain(_ count: Int) -> (first: Pen, last: Pen) {
  let first = Pen("0")
  var last = first
  for index in 1..<count {
    let next = Pen("\(index)")
    last.friend = next
    last = next
  }
  return (first, last)
}

/// Unlinks a chain of pens one by one, so releasing it does not recurse.
func unlinkChain(_ chain: Pen) {
  var next = chain.friend
  chain.friend = nil
  while let current = next {
    next = current.friend
    current.friend = nil
  }
}
