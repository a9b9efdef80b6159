import SwiftReduce
import SwiftReduceTesting
import Testing

@testable import TodosFeature

/// How a row's changes reach that row alone, and how the re-sort answers checks of any row.
@MainActor
struct TodoRowTests {
  /// A row's binding, as its text field writes it, changes that row and no other.
  @Test func aRowsBindingSendsItsActionToThatRowAloneByItsID() throws {
    var sent: [String] = []
    let store = Store(
      Todos(todos: [Todo(id: TodoID(0)), Todo(id: TodoID(1))]),
      middleware: [
        Middleware { action, _, next in
          sent.append(String(describing: action))
          next(action)
        }
      ])
    let row = try #require(store.scope(\.self).scope(\.todos[id: TodoID(1)]))
    row[\.description, { TodoAction.setDescription($0) }].wrappedValue = "Buy milk"
    #expect(store.todos.map(\.description) == ["", "Buy milk"])
    #expect(
      sent == [
        #"TodoAction.setDescription("Buy milk") to todos[id: 00000000-0000-0000-0000-000000000001]"#
      ])
  }

  /// The re-sort is the list's: a check of any row, not only the same one, cancels it.
  @Test func checkingAnotherTodoWithinTheSecondRestartsTheOnePendingReSort() async {
    let clock = TestClock()
    let store = TestStore(
      Todos(todos: [Todo(id: TodoID(0)), Todo(id: TodoID(1)), Todo(id: TodoID(2))])
    ) { $0.clock = clock }

    store.send(TodoAction.setComplete(true), to: \.todos[id: TodoID(0)]) {
      $0.todos[0].isComplete = true
    }
    await store.receive(TodosAction.todoCompletionChanged)
    await clock.advance(by: .milliseconds(600))
    store.send(TodoAction.setComplete(true), to: \.todos[id: TodoID(1)]) {
      $0.todos[1].isComplete = true
    }
    await store.receive(TodosAction.todoCompletionChanged)
    // Past the first check's second, to a second after the second check: had the first
    // re-sort not been cancelled, it would come too, and `finish` would fail on it.
    await clock.advance(by: .seconds(1))
    await store.receive(TodosAction.sortCompletedTodos) {
      $0.todos = [$0.todos[2], $0.todos[0], $0.todos[1]]
    }
    await store.finish()
  }
}
