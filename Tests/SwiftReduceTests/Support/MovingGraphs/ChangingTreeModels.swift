import SwiftReduce

// Models whose reduce changes the tree around them while a dispatch walks it:
// the shapes of routing rule 13.

struct Advance: Action {}

/// A list of rows, each a value model with a class-model controller that may
/// change the list while the walk is in the row.
final class TaskBoard: Reducer {
  var rows: [TaskRow] = []
  func reduce(action: Advance) {}
}

/// A row of a ``TaskBoard``: counts its ticks in place.
struct TaskRow: ValueReducer {
  var name: String
  var ticks = 0
  var controller: RowController

  init(_ name: String, _ change: RowController.Change = .none) {
    self.name = name
    controller = RowController(change)
  }

  mutating func reduce(action: Advance) { ticks += 1 }
}

/// What a row's controller does to its board when it reduces.
final class RowController: Reducer {
  enum Change {
    case none
    case append(String)
    case remove(at: Int)
    case insert(String, at: Int)
    case removeAll
  }

  let change: Change
  weak var board: TaskBoard?

  init(_ change: Change) { self.change = change }

  func reduce(action: Advance) {
    guard let board else { return }
    switch change {
    case .none: break
    case let .append(name): board.rows.append(TaskRow(name))
    case let .remove(position): board.rows.remove(at: position)
    case let .insert(name, position): board.rows.insert(TaskRow(name), at: position)
    case .removeAll: board.rows.removeAll()
    }
  }
}

extension TaskBoard {
  /// A board of `rows`, whose controllers point back at it.
  convenience init(_ rows: [TaskRow]) {
    self.init()
    self.rows = rows
    for row in rows { row.controller.board = self }
  }

  var ticks: [String] { rows.map { "\($0.name) \($0.ticks)" } }
}

/// A window whose optional panel holds a class model that closes the panel,
/// and a value model beside it.
final class Window: Reducer {
  var panel: Panel?
  func reduce(action: Advance) {}
}

struct Panel {
  var closer: Closer
  var note: Note
}

/// Closes its window's panel, or replaces it with a new one holding a fresh note.
final class Closer: Reducer {
  weak var window: Window?
  var reopens = false

  func reduce(action: Advance) {
    window?.panel = reopens ? Panel(closer: Closer(), note: Note(text: "reopened")) : nil
  }
}

/// A value model whose storage a use after free would show: a string on the heap.
struct Note: ValueReducer {
  var text: String
  mutating func reduce(action: Advance) { text += " ticked" }
}

/// Class models in a set and in plain fields, some of which the first one replaces.
final class Vessel: Reducer {
  var skipper: Skipper
  var sailors: Set<Sailor>
  var deputy: Sailor

  init(skipper: Skipper, sailors: Set<Sailor>, deputy: Sailor) {
    self.skipper = skipper
    self.sailors = sailors
    self.deputy = deputy
    skipper.vessel = self
  }

  func reduce(action: Advance) {}
}

final class Skipper: Reducer {
  weak var vessel: Vessel?
  let log: ReductionLog
  init(_ log: ReductionLog) { self.log = log }

  func reduce(action: Advance) {
    log.record("skipper")
    guard let vessel else { return }
    vessel.sailors = vessel.sailors.filter { $0.name != "dropped" }
    vessel.sailors.insert(Sailor("signed", log))
    vessel.deputy = Sailor("new deputy", log)
  }
}

final class Sailor: Reducer, Hashable {
  let name: String
  let log: ReductionLog
  init(_ name: String, _ log: ReductionLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: Advance) { log.record(name) }

  static func == (lhs: Sailor, rhs: Sailor) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Value models in an `ArraySlice`, reduced in place like an array's.
final class TurnstileRow: Reducer {
  var turnstiles: ArraySlice<Turnstile> = []
  func reduce(action: Advance) {}
}

struct Turnstile: ValueReducer {
  var count = 0
  mutating func reduce(action: Advance) { count += 1 }
}

/// Rows that cannot be told apart once the list changes: no id, equal values.
final class Scorecard: Reducer {
  var strokes: [Stroke] = []
  func reduce(action: Advance) {}
}

///
/// Equal when their counts are, whatever eraser they hold.
struct Stroke: ValueReducer, Hashable {
  var count = 0
  var eraser = StrokeEraser()
  mutating func reduce(action: Advance) { count += 1 }

  static func == (lhs: Stroke, rhs: Stroke) -> Bool { lhs.count == rhs.count }
  func hash(into hasher: inout Hasher) { hasher.combine(count) }
}

final class StrokeEraser: Reducer {
  weak var scorecard: Scorecard?
  var removes = false
  func reduce(action: Advance) {
    guard removes, let scorecard else { return }
    removes = false
    scorecard.strokes.remove(at: 0)
  }
}

/// The example of routing rule 13 in the Routing Rules article.
final class TodoList: Reducer {
  var rows: [Todo] = []
  func reduce(action: Advance) {}
}

struct Todo: ValueReducer, Identifiable {
  let id: Int
  var ticks = 0
  var controller = TodoController()
  mutating func reduce(action: Advance) { ticks += 1 }
}

final class TodoController: Reducer {
  weak var list: TodoList?
  var removesFirstRow = false
  func reduce(action: Advance) {
    if removesFirstRow { list?.rows.removeFirst() }
  }
}
