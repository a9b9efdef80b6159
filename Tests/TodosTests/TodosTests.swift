import SwiftReduce
import SwiftReduceTesting
import Testing

@testable import TodosFeature

/// TCA's `TodosTests`, one for one: each test sends what TCA's sends, with the same
/// dependencies, and expects the same state and the same actions received.
///
/// Two differences, of the library rather than of the tests: a row's change is sent to that
/// row by its id (`send(_:to:)`, where TCA sends `\.todos[id:].binding`), and a row's check
/// box is followed by the ``TodosAction/todoCompletionChanged`` it sends its list, received
/// before the clock moves, since the list does not see the actions sent to its rows.
@MainActor
struct TodosTests {
  /// The clock the re-sorts wait on; it moves only when a test advances it.
  let clock = TestClock()

  /// The list of `Todo`s with ids 0, 1, … and these completions, nothing typed in them.
  private func todos(completed: [Bool]) -> [Todo] {
    completed.enumerated().map { Todo(id: TodoID(UInt64($0.offset)), isComplete: $0.element) }
  }

  /// Mirrors TCA's `add`.
  @Test func addingATodoInsertsItAtTheTopWithTheNextUUID() async {
    let store = TestStore(Todos()) { $0.uuid = .incrementing }

    store.send(TodosAction.addTodoButtonTapped) {
      $0.todos.insert(Todo(description: "", id: TodoID(0), isComplete: false), at: 0)
    }
    store.send(TodosAction.addTodoButtonTapped) {
      $0.todos = [
        Todo(description: "", id: TodoID(1), isComplete: false),
        Todo(description: "", id: TodoID(0), isComplete: false),
      ]
    }
    await store.finish()
  }

  /// Mirrors TCA's `edit`.
  @Test func typingInATodoSetsItsDescription() async {
    let store = TestStore(Todos(todos: todos(completed: [false]))) { _ in }

    store.send(
      TodoAction.setDescription("Learn Composable Architecture"), to: \.todos[id: TodoID(0)]
    ) {
      $0.todos[id: TodoID(0)]?.description = "Learn Composable Architecture"
    }
    await store.finish()
  }

  /// Mirrors TCA's `complete`.
  @Test func checkingATodoMovesItBelowTheActiveOnesOneSecondLater() async {
    let store = TestStore(Todos(todos: todos(completed: [false, false]))) {
      $0.clock = clock
    }

    store.send(TodoAction.setComplete(true), to: \.todos[id: TodoID(0)]) {
      $0.todos[id: TodoID(0)]?.isComplete = true
    }
    await store.receive(TodosAction.todoCompletionChanged)
    await clock.advance(by: .seconds(1))
    await store.receive(TodosAction.sortCompletedTodos) {
      $0.todos = [
        $0.todos[1],
        $0.todos[0],
      ]
    }
    await store.finish()
  }

  /// Mirrors TCA's `completionDebounce`.
  @Test func togglingAgainWithinTheSecondSortsOnceASecondAfterTheLastToggle() async {
    let store = TestStore(Todos(todos: todos(completed: [false, false]))) {
      $0.clock = clock
    }

    store.send(TodoAction.setComplete(true), to: \.todos[id: TodoID(0)]) {
      $0.todos[id: TodoID(0)]?.isComplete = true
    }
    await store.receive(TodosAction.todoCompletionChanged)
    await clock.advance(by: .milliseconds(500))
    store.send(TodoAction.setComplete(false), to: \.todos[id: TodoID(0)]) {
      $0.todos[id: TodoID(0)]?.isComplete = false
    }
    await store.receive(TodosAction.todoCompletionChanged)
    await clock.advance(by: .seconds(1))
    await store.receive(TodosAction.sortCompletedTodos)
    await store.finish()
  }

  /// Mirrors TCA's `clearCompleted`.
  @Test func clearingCompletedRemovesOnlyTheTodosThatAreDone() async {
    let store = TestStore(Todos(todos: todos(completed: [false, true]))) { _ in }

    store.send(TodosAction.clearCompletedButtonTapped) {
      $0.todos = [
        $0.todos[0]
      ]
    }
    await store.finish()
  }

  /// Mirrors TCA's `delete`.
  @Test func deletingRemovesTheTodoAtTheOffset() async {
    let store = TestStore(Todos(todos: todos(completed: [false, false, false]))) { _ in }

    store.send(TodosAction.delete(offsets: [1])) {
      $0.todos = [
        $0.todos[0],
        $0.todos[2],
      ]
    }
    await store.finish()
  }

  /// Mirrors TCA's `filteredDelete`.
  @Test func deletingWhileFilteredRemovesTheTodoAtTheOffsetOfTheShownList() async {
    let store = TestStore(
      Todos(filter: .completed, todos: todos(completed: [false, false, true]))
    ) { _ in }

    store.send(TodosAction.delete(offsets: [0])) {
      $0.todos = [
        $0.todos[0],
        $0.todos[1],
      ]
    }
    await store.finish()
  }

  /// Mirrors TCA's `editModeMove`.
  @Test func movingATodoInEditModeMovesItAndSortsATenthOfASecondLater() async {
    let store = TestStore(Todos(todos: todos(completed: [false, false, false]))) {
      $0.clock = clock
    }

    store.send(TodosAction.setEditMode(.active)) {
      $0.editMode = .active
    }
    store.send(TodosAction.move(offsets: [0], to: 2)) {
      $0.todos = [
        $0.todos[1],
        $0.todos[0],
        $0.todos[2],
      ]
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(TodosAction.sortCompletedTodos)
    await store.finish()
  }

  /// Mirrors TCA's `filteredEditModeMove`.
  @Test func movingWhileFilteredMovesByTheOffsetsOfTheShownList() async {
    let store = TestStore(Todos(todos: todos(completed: [false, false, true, true]))) {
      $0.clock = clock
      $0.uuid = .incrementing
    }

    store.send(TodosAction.setEditMode(.active)) {
      $0.editMode = .active
    }
    store.send(TodosAction.setFilter(.completed)) {
      $0.filter = .completed
    }
    store.send(TodosAction.move(offsets: [0], to: 2)) {
      $0.todos = [
        $0.todos[0],
        $0.todos[1],
        $0.todos[3],
        $0.todos[2],
      ]
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(TodosAction.sortCompletedTodos)
    await store.finish()
  }

  /// Mirrors TCA's `filteredEdit`.
  @Test func typingInATodoWhileFilteredSetsItsDescription() async {
    let store = TestStore(Todos(todos: todos(completed: [false, true]))) { _ in }

    store.send(TodosAction.setFilter(.completed)) {
      $0.filter = .completed
    }
    store.send(TodoAction.setDescription("Did this already"), to: \.todos[id: TodoID(1)]) {
      $0.todos[id: TodoID(1)]?.description = "Did this already"
    }
    await store.finish()
  }
}
