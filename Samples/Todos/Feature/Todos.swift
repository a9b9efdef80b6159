import SwiftReduce

/// The todo list: its todos, the filter that picks those shown, and whether it is being
/// edited; TCA's `Todos` reducer and its state in one model.
///
/// It reads two dependencies, and nothing of the app around it: `uuid`, for the id of each
/// todo it adds, and `clock`, which its re-sorts wait on. One second after a todo is checked
/// or unchecked, the todos that are done move below the others; a change within that second
/// starts the second again, so that a todo does not jump away while the next is checked.
public final class Todos: Reducer {
  /// The models below are the rows, which take only ``TodoAction``s: the list's own actions
  /// skip them.
  public static let handledBelow = HandledBelow.only(TodoAction.self)

  /// Whether the rows show their move and delete buttons.
  var editMode: EditMode
  /// Which todos are shown.
  var filter: Filter
  /// Every todo, in the order shown when the filter is ``Filter/all``.
  var todos: [Todo]
  /// Makes the ids of new todos.
  @Dependency(\.uuid) var uuid

  /// The id of the re-sort that waits for a second after a check box changed.
  private enum CancelID {
    /// The pending re-sort after a todo's check box changed.
    case todoCompletion
  }

  /// Creates an empty list, showing every todo, not being edited.
  public convenience init() {
    self.init(todos: [])
  }

  /// Creates a list holding `todos`.
  ///
  /// - Parameters:
  ///   - editMode: Whether it is being edited.
  ///   - filter: Which todos it shows.
  ///   - todos: The todos, in order.
  init(editMode: EditMode = .inactive, filter: Filter = .all, todos: [Todo]) {
    self.editMode = editMode
    self.filter = filter
    self.todos = todos
  }

  /// The todos the filter shows, in order: the rows of the screen.
  var filteredTodos: [Todo] {
    switch filter {
    case .all: todos
    case .active: todos.filter { !$0.isComplete }
    case .completed: todos.filter(\.isComplete)
    }
  }

  /// The offset in ``todos`` of a todo of ``filteredTodos``.
  private func offsetInTodos(of todo: Todo) -> Int {
    todos.firstIndex { $0.id == todo.id } ?? todos.endIndex
  }

  /// Applies an action of the list.
  ///
  /// - Parameter action: The action.
  public func reduce(action: TodosAction) {
    switch action {
    case .addTodoButtonTapped:
      todos.insert(Todo(id: TodoID(uuid())), at: 0)

    case .clearCompletedButtonTapped:
      todos.removeAll(where: \.isComplete)

    case .delete(let offsets):
      let shown = filteredTodos
      for offset in offsets where shown.indices.contains(offset) {
        todos[id: shown[offset].id] = nil
      }

    case .move(let offsets, let destination):
      // Offsets of the shown list, made offsets of the whole one; the end of the shown
      // list is just after its last todo.
      let shown = filteredTodos
      let sources = offsets.compactMap { offset in
        shown.indices.contains(offset) ? offsetInTodos(of: shown[offset]) : nil
      }
      let target =
        shown.indices.contains(destination)
        ? offsetInTodos(of: shown[destination])
        : shown.last.map { offsetInTodos(of: $0) + 1 } ?? todos.endIndex
      todos.move(fromOffsets: sources, toOffset: target)
      Effect.run { send in
        try await Effect.clock.sleep(for: .milliseconds(100))
        send(TodosAction.sortCompletedTodos)
      }

    case .setEditMode(let editMode):
      self.editMode = editMode

    case .setFilter(let filter):
      self.filter = filter

    case .sortCompletedTodos:
      todos = todos.filter { !$0.isComplete } + todos.filter(\.isComplete)

    case .todoCompletionChanged:
      Effect.run(id: CancelID.todoCompletion, cancelInFlight: true) { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(TodosAction.sortCompletedTodos)
      }
    }
  }
}
