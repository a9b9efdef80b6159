import Observation
import SwiftReduce

// Todos for the complete history's scenarios (issue #34): a pad of items that know their pad
// by a weak reference, and a tally that takes no action anyone dispatches, written by others:
// the pad's reduce, an item's `didSet`, an item's initializer, the `deinit` of the pad's
// editing session, an Observation `onChange`, a middleware.

/// The actions of todos: the pad takes ``TodoAction``, an item takes any of them.
protocol TodoEvent: Action {}

/// Changes the pad makes; the items take them too.
enum TodoAction: TodoEvent {
  /// The pad marks every item done; each item counts that it saw the action.
  case markAll
  /// The pad adds an item; the item's initializer counts it in the tally.
  case add(String)
  /// The pad drops its editing session, whose `deinit` counts it in the tally.
  case closeSession
  case rename(String)
  case removeLabel(String)
  case insertLabel(String, at: Int)
  /// The pad changes the text of the row of this id.
  case retext(id: Int, String)
  case insertRow(TodoRow, at: Int)
}

/// Changes an item makes; the pad does not take them.
enum TodoItemAction: TodoEvent {
  /// The item of this text removes itself from its pad, then marks its text discarded.
  case discard(String)
  /// The item of this text marks itself done; its `didSet` counts it in the tally.
  case finish(String)
}

/// Counts that others keep: it takes ``TodoTallyAction`` only, which nobody dispatches.
final class TodoTally: Reducer {
  var finished = 0
  var created = 0
  var closedSessions = 0
  var edits = 0

  func reduce(action: TodoTallyAction) {
    finished = 0
  }
}

/// The tally's own action; never dispatched in the scenarios.
enum TodoTallyAction: Action {
  case reset
}

/// A row told apart by its `id`, a plain value in the pad's array.
struct TodoRow: Identifiable, Equatable {
  let id: Int
  var text: String
}

/// The pad's editing session: not a model, held where the walk never looks.
///
/// Its `deinit` counts it closed in the pad's tally.
final class TodoSession {
  weak var pad: TodoPad?

  init(pad: TodoPad) {
    self.pad = pad
  }

  deinit {
    pad?.tally.closedSessions += 1
  }
}

/// An `@Observable` banner, whose message an Observation `onChange` may watch.
@Observable
final class TodoBanner: Reducer {
  var message = ""

  func reduce(action: TodoBannerAction) {
    switch action {
    case .show(let message): self.message = message
    }
  }
}

/// Changes to a ``TodoBanner``.
enum TodoBannerAction: Action {
  case show(String)
}

/// An item: its text, whether it is done, and how many ``TodoAction/markAll`` it saw; it
/// knows its pad by a weak reference.
final class TodoItem: Reducer {
  var text: String
  var done = false {
    didSet {
      if done != oldValue { pad?.tally.finished += done ? 1 : -1 }
    }
  }
  var seen = 0
  weak var pad: TodoPad?

  /// An item of `pad`, counted in its tally as created.
  init(_ text: String, pad: TodoPad) {
    self.text = text
    self.pad = pad
    pad.tally.created += 1
  }

  func reduce(action: any TodoEvent) {
    switch action {
    case TodoAction.markAll as TodoAction:
      seen += 1
    case TodoItemAction.discard(let text) as TodoItemAction where text == self.text:
      pad?.items.removeAll { $0 === self }
      // Written once the item is out of the tree: undo brings it back with its text before.
      self.text = "(discarded)"
    case TodoItemAction.finish(let text) as TodoItemAction where text == self.text:
      done = true
    default:
      break
    }
  }
}

/// The root: items, labels, identified rows, a tally, a banner and an editing session.
final class TodoPad: Reducer {
  var title = "Chores"
  var items: [TodoItem] = []
  var labels: [String] = []
  var rows: [TodoRow] = []
  var tally = TodoTally()
  var banner = TodoBanner()
  @Untraversed var session: TodoSession?

  /// A pad with items of the texts given, the labels `a`, `b`, `c`, two rows and a session;
  /// its tally counted zero.
  static func make(items: [String] = ["a", "b", "c"]) -> TodoPad {
    let pad = TodoPad()
    pad.items = items.map { TodoItem($0, pad: pad) }
    pad.labels = ["a", "b", "c"]
    pad.rows = [TodoRow(id: 1, text: "milk"), TodoRow(id: 2, text: "eggs")]
    pad.session = TodoSession(pad: pad)
    pad.tally = TodoTally()
    return pad
  }

  func reduce(action: TodoAction) {
    switch action {
    case .markAll:
      for item in items { item.done = true }
    case .add(let text):
      items.append(TodoItem(text, pad: self))
    case .closeSession:
      session = nil
    case .rename(let title):
      self.title = title
    case .removeLabel(let label):
      labels.removeAll { $0 == label }
    case .insertLabel(let label, let index):
      labels.insert(label, at: index)
    case .retext(let id, let text):
      guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
      rows[index].text = text
    case .insertRow(let row, let index):
      rows.insert(row, at: index)
    }
  }
}
