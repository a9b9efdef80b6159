import SwiftReduce

// A kanban board for the complete history's scenarios (issue #34): the board renames its
// columns, which take actions of their own, and sets limits keyed by lanes that hold models; a task moves itself between columns, reaching
// them through an unowned reference to the board; a column replaces one of its own tasks.

/// Changes the board makes.
enum KanbanAction: Action {
  /// Renames the column at a position: the column does not take this action.
  case renameColumn(at: Int, String)
  /// Sets the work-in-progress limit of the lane of this name.
  case setLimit(String, Int)
}

/// A lane of the board: a key that holds a model, the column it is drawn beside.
struct KanbanLane: Hashable {
  let name: String
  let column: KanbanColumn?

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}

/// Changes a column makes to itself.
enum KanbanColumnAction: Action {
  /// Replaces the task at a position with a new task of this title.
  case replaceTask(at: Int, String)
}

/// Changes a task makes.
enum KanbanTaskAction: Action {
  /// The task of this title moves itself to the end of the column at a position.
  case move(String, toColumn: Int)
}

/// The root: columns of tasks.
final class KanbanBoard: Reducer {
  var columns: [KanbanColumn] = []
  /// Work-in-progress limits by lane: a dictionary whose keys hold models.
  var limits: [KanbanLane: Int] = [:]

  func reduce(action: KanbanAction) {
    switch action {
    case .renameColumn(let index, let title):
      columns[index].title = title
    case .setLimit(let name, let limit):
      guard let lane = limits.keys.first(where: { $0.name == name }) else { return }
      limits[lane] = limit
    }
  }

  /// A board with a column of each title, holding tasks of the titles given.
  static func make(_ columns: [(String, [String])]) -> KanbanBoard {
    let board = KanbanBoard()
    board.columns = columns.map { title, tasks in
      KanbanColumn(title, tasks: tasks.map { KanbanTask($0, on: board) })
    }
    return board
  }
}

/// A column: a model of its own, which takes ``KanbanColumnAction`` only.
final class KanbanColumn: Reducer {
  var title: String
  var tasks: [KanbanTask]

  init(_ title: String, tasks: [KanbanTask]) {
    self.title = title
    self.tasks = tasks
  }

  func reduce(action: KanbanColumnAction) {
    switch action {
    case .replaceTask(let index, let title):
      guard let board = tasks.first?.board else { return }
      tasks[index] = KanbanTask(title, on: board)
    }
  }
}

/// A task, which knows its board but not its column.
final class KanbanTask: Reducer {
  var title: String
  unowned let board: KanbanBoard

  init(_ title: String, on board: KanbanBoard) {
    self.title = title
    self.board = board
  }

  func reduce(action: KanbanTaskAction) {
    switch action {
    case .move(let title, let target):
      guard title == self.title,
        let column = board.columns.first(where: { $0.tasks.contains { $0 === self } }),
        column !== board.columns[target]
      else { return }
      column.tasks.removeAll { $0 === self }
      board.columns[target].tasks.append(self)
    }
  }
}
