import SwiftReduce

// A library of shelves of books whose model types declare what the models
// below them handle, so that dispatches of other actions skip them; and one
// type whose declaration is false.

enum BookAction: Action {
  case borrow(title: String)
}

enum LendingAction: Action {
  case rename(String)
}

/// A book: nothing below it.
final class Book: Reducer {
  static let handledBelow = HandledBelow.nothing
  let title: String
  let log: ReductionLog
  var borrowed = false

  init(_ title: String, _ log: ReductionLog) {
    self.title = title
    self.log = log
  }

  func reduce(action: BookAction) {
    guard case .borrow(let title) = action, title == self.title else { return }
    log.record("borrowed \(title)")
    borrowed = true
  }
}

/// A shelf of books: only book actions below it.
final class BookShelf: Reducer {
  static let handledBelow = HandledBelow.only(BookAction.self)
  var books: [Book]

  init(_ books: [Book]) {
    self.books = books
  }
}

/// The root: renames itself; shelves below handle book actions only.
final class LendingLibrary: Reducer {
  static let handledBelow = HandledBelow.only(BookAction.self)
  let log: ReductionLog
  var name = "library"
  var shelves: [BookShelf]

  init(_ log: ReductionLog, shelves: [BookShelf]) {
    self.log = log
    self.shelves = shelves
  }

  func reduce(action: LendingAction) {
    guard case .rename(let name) = action else { return }
    log.record("renamed \(name)")
    self.name = name
  }
}

/// A shelf that declares it holds nothing that handles actions, yet holds a tracked model.
final class MislabelledShelf: Reducer {
  static let handledBelow = HandledBelow.nothing
  var items: [Tracked]

  init(_ items: [Tracked]) {
    self.items = items
  }
}

/// A model declaring a family of actions below it.
final class SignalTower: Reducer {
  static let handledBelow = HandledBelow.only((any Signal).self)
  var handlers: [SignalHandler]

  init(_ handlers: [SignalHandler]) {
    self.handlers = handlers
  }
}

/// A base model whose declaration subclasses can override, being a `class var`.
class Cabinetry: Reducer {
  class var handledBelow: HandledBelow { .nothing }
}

/// A subclass that holds models, and says so.
final class Bookcase: Cabinetry {
  override class var handledBelow: HandledBelow { .anything }
  var shelf: Tracked?
}
