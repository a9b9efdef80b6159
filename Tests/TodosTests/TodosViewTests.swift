import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@testable import TodosFeature

/// The screens `TodosView` draws, whole, from a store whose root is the list.
@MainActor
struct TodosViewTests {
  /// Three todos: "Call Mom", "Walk the dog", and "Buy milk", done.
  private static func threeTodos(
    editMode: EditMode = .inactive, filter: Filter = .all
  ) -> Todos {
    Todos(
      editMode: editMode, filter: filter,
      todos: [
        Todo(description: "Call Mom", id: TodoID(0)),
        Todo(description: "Walk the dog", id: TodoID(1)),
        Todo(description: "Buy milk", id: TodoID(2), isComplete: true),
      ])
  }

  /// The screen of `todos`, 80 columns wide.
  private static func screen(of todos: Todos) -> String {
    TodosView(store: Store(todos).scope(\.self)).render(width: 80)
  }

  /// Not edited: a check box and a text field per todo.
  @Test func theScreenShowsTheButtonsTheFilterAndARowPerTodo() {
    expectText(
      Self.screen(of: Self.threeTodos()),
      """
      Todos: showing all
      [1] (Edit) [2] (Clear Completed) [3] (Add Todo)
      Filter: [4] (All) [5] (Active) [6] (Completed)
      [7] ( ) [8] [Call Mom]
      [9] ( ) [10] [Walk the dog]
      [11] (x) [12] [Buy milk]
      """)
  }

  /// Edited: the rows get the buttons that move and delete them.
  @Test func editingGivesEachRowUpDownAndDeleteButFirstAndLastMoveOneWay() {
    expectText(
      Self.screen(of: Self.threeTodos(editMode: .active)),
      """
      Todos: showing all
      [1] (Done) [2] (Clear Completed) [3] (Add Todo)
      Filter: [4] (All) [5] (Active) [6] (Completed)
      [7] ( ) [8] [Call Mom] [9] (Down) [10] (Delete)
      [11] ( ) [12] [Walk the dog] [13] (Up) [14] (Down) [15] (Delete)
      [16] (x) [17] [Buy milk] [18] (Up) [19] (Delete)
      """)
  }

  /// The completed filter leaves the active todos out.
  @Test func theFilterShowsOnlyTheTodosItPicks() {
    expectText(
      Self.screen(of: Self.threeTodos(filter: .completed)),
      """
      Todos: showing completed
      [1] (Edit) [2] (Clear Completed) [3] (Add Todo)
      Filter: [4] (All) [5] (Active) [6] (Completed)
      [7] (x) [8] [Buy milk]
      """)
  }

  /// An empty todo's field is titled as TCA's placeholder is.
  @Test func anEmptyTodoIsTitledUntitledTodo() {
    expectText(
      Self.screen(of: Todos(todos: [Todo(id: TodoID(0))])),
      """
      Todos: showing all
      [1] (Edit) [2] (Clear Completed) [3] (Add Todo)
      Filter: [4] (All) [5] (Active) [6] (Completed)
      [7] ( ) [8] Untitled Todo: []
      """)
  }

  /// Each filter says so in its own words when it shows nothing.
  @Test(arguments: [
    (Filter.all, [Bool](), "Todos: showing all", "No todos yet."),
    (Filter.active, [true], "Todos: showing active", "No active todos."),
    (Filter.completed, [false], "Todos: showing completed", "No completed todos."),
  ])
  func aFilterThatShowsNoTodoSaysSo(
    filter: Filter, completed: [Bool], title: String, message: String
  ) {
    let todos = completed.enumerated().map {
      Todo(id: TodoID(UInt64($0.offset)), isComplete: $0.element)
    }
    expectText(
      Self.screen(of: Todos(filter: filter, todos: todos)),
      """
      \(title)
      [1] (Edit) [2] (Clear Completed) [3] (Add Todo)
      Filter: [4] (All) [5] (Active) [6] (Completed)
      \(message)
      """)
  }
}
