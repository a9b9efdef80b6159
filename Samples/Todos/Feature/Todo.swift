import SwiftReduce

/// One todo: what it says and whether it is done, a value model that edits itself.
///
/// It is TCA's `Todo` reducer: its two actions are the bindings of its description and
/// of its check box. Each row's actions are sent to that row alone, by its id
/// (`store.dispatch(action, to: \.todos[id: id])`, or through the row's `Scope<Todo>`),
/// so no row compares ids. A row tells the list that its check box changed, with
/// ``TodosAction/todoCompletionChanged``, since the list re-sorts a second later and a
/// parent does not see the actions sent to one of its rows.
struct Todo: ValueReducer, Identifiable, Equatable {
  /// What is to be done; empty until typed.
  var description = ""
  /// The todo's id, made by the `uuid` dependency when the todo is added.
  let id: TodoID
  /// Whether it is done.
  var isComplete = false

  /// Applies a change of the description or of the check box.
  ///
  /// - Parameter action: The change.
  mutating func reduce(action: TodoAction) {
    switch action {
    case .setDescription(let description):
      self.description = description
    case .setComplete(let isComplete):
      self.isComplete = isComplete
      Effect.run { send in send(TodosAction.todoCompletionChanged) }
    }
  }
}
