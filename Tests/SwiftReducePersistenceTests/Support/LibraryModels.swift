import Observation
import SwiftReduce
import SwiftReduceTestSupport

// A library of shelves: the tree the persistence tests save and load. It holds a model in a
// property (its settings), models in an array (its shelves), a model in an optional (the
// featured shelf), a dictionary, value models, `Codable` structs and a `weak` reference.

/// A book on a shelf: a `Codable` struct, saved by its own conformance.
struct Book: Codable, Equatable, Sendable {
  var title: String
  var pages: Int
}

/// Changes to a ``Library``.
enum LibraryAction: Action {
  case rename(String)
  case addShelf(String)
  case removeShelf(Int)
  case moveShelfToFront(Int)
  case shelveBook(shelf: Int, Book)
  case feature(String?)
  case rate(String, Int?)
  case setTheme(String)
  case bumpAll
}

/// The root: a library with its settings, shelves and ratings.
final class Library: Reducer {
  var name = ""
  var settings = LibrarySettings()
  var shelves: [Shelf] = []
  var featured: Shelf?
  var ratings: [String: Int] = [:]
  var visits = Tally()
  /// Not saved: a `weak` reference.
  weak var previous: Library?
  /// Not saved: left out.
  @Untraversed var cache: [String] = []

  func reduce(action: LibraryAction) {
    switch action {
    case let .rename(name): self.name = name
    case let .addShelf(title): shelves.append(Shelf(title: title))
    case let .removeShelf(index): if shelves.indices.contains(index) { shelves.remove(at: index) }
    case let .moveShelfToFront(index):
      if shelves.indices.contains(index) { shelves.insert(shelves.remove(at: index), at: 0) }
    case let .shelveBook(shelf, book):
      if shelves.indices.contains(shelf) { shelves[shelf].books.append(book) }
    case let .feature(title): featured = title.map { Shelf(title: $0) }
    case let .rate(title, stars): ratings[title] = stars
    case let .setTheme(theme): settings.theme = theme
    case .bumpAll:
      visits.count += 1
      for shelf in shelves { shelf.visits += 1 }
    }
  }
}

/// The library's settings: an `@Observable` model, saved by its properties' names.
@Observable
final class LibrarySettings: Reducer {
  var theme = "light"
  var fontSize = 12
}

/// A shelf: a model in an array, made from the file when the tree has none at its position.
final class Shelf: Reducer {
  var title: String
  var books: [Book] = []
  var visits = 0
  var labels: Set<String> = []

  init(title: String) {
    self.title = title
  }
}

/// A count: a value model, saved by its stored properties.
struct Tally: ValueReducer {
  var count = 0

  mutating func reduce(action: LibraryAction) {}
}

/// A model with properties that cannot be saved.
final class Toolshed: Reducer {
  var name = ""
  var lathe = Lathe()
  var tool: any CustomStringConvertible = 1
  var parts: [Part] = []
}

/// A class that is not a model.
final class Lathe {
  var speed = 0
}

/// A model in an array, with a property left out that nothing would set when it is made.
final class Part: Reducer {
  var number = 0
  @Untraversed var drawing: [UInt8] = []
}

extension LibraryAction {
  /// A random action on `library`, as it is now.
  @MainActor
  static func random(for library: Library, _ random: inout SplitMix64) -> LibraryAction {
    let shelves = library.shelves.count
    let words = ["Odes", "Lear", "Dune", "Emma", "Ulysses", "Beloved", "\"Quoted\"", "back\\slash"]
    let word = words.randomElement(using: &random) ?? "Odes"
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return .rename(word)
    case 1, 2: return .addShelf(word)
    case 3: return .removeShelf(Int.random(in: 0...max(0, shelves), using: &random))
    case 4: return .moveShelfToFront(Int.random(in: 0...max(0, shelves), using: &random))
    case 5:
      return .shelveBook(
        shelf: Int.random(in: 0...max(0, shelves), using: &random),
        Book(title: word, pages: Int.random(in: 1...900, using: &random)))
    case 6: return .feature(Bool.random(using: &random) ? word : nil)
    case 7:
      return .rate(word, Bool.random(using: &random) ? Int.random(in: 1...5, using: &random) : nil)
    case 8: return .setTheme(word)
    default: return .bumpAll
    }
  }
}
