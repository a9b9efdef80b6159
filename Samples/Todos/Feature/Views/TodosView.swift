import SwiftReduce
import SwiftReduceTextUI

/// The todo list's screen: its title and buttons, the filter, then one row per todo shown.
///
/// It is written against a `Scope<Todos>`, so an app holds the list anywhere in its tree:
/// `TodosView(store: store.scope(\.todos))`. Each row is a view of a `Scope<Todo>`, the scope
/// of that todo by its id, whose changes are sent to that todo alone.
///
/// A list of two todos, the second done, shows
///
/// ```
/// Todos: showing all
/// [1] (Edit) [2] (Clear Completed) [3] (Add Todo)
/// Filter: [4] (All) [5] (Active) [6] (Completed)
/// [7] ( ) [8] [Call Mom]
/// [9] (x) [10] [Buy milk]
/// ```
///
/// and, edited (`Edit` pressed), each row gets its buttons:
///
/// ```
/// [7] ( ) [8] [Call Mom] [9] (Down) [10] (Delete)
/// [11] (x) [12] [Buy milk] [13] (Up) [14] (Delete)
/// ```
public struct TodosView: View {
  /// The list.
  let store: Scope<Todos>

  /// Creates the screen of a list.
  ///
  /// - Parameter store: The scope of the list, from the store that holds it.
  public init(store: Scope<Todos>) {
    self.store = store
  }

  /// The title, the buttons, the filter and the rows.
  public var body: some View {
    let isEditing = store.editMode == .active
    let rows = Array(store.filteredTodos.enumerated())
    VStack {
      Text("Todos: showing \(store.filter.title.lowercased())")
      HStack {
        Button(isEditing ? "Done" : "Edit") {
          store.dispatch(TodosAction.setEditMode(isEditing ? .inactive : .active))
        }
        Button("Clear Completed") { store.dispatch(TodosAction.clearCompletedButtonTapped) }
        Button("Add Todo") { store.dispatch(TodosAction.addTodoButtonTapped) }
      }
      FilterPicker(selection: store[\.filter, { TodosAction.setFilter($0) }])
      if rows.isEmpty {
        Text(Self.emptyText(store.filter))
      }
      List(rows, id: \.element.id) { offset, todo in
        if let row = store.scope(\.todos[id: todo.id]) {
          HStack {
            TodoView(store: row)
            if isEditing {
              EditButtons(list: store, offset: offset, count: rows.count)
            }
          }
        }
      }
    }
  }

  /// What the list says when the filter shows no todo.
  static func emptyText(_ filter: Filter) -> String {
    switch filter {
    case .all: "No todos yet."
    case .active: "No active todos."
    case .completed: "No completed todos."
    }
  }
}
