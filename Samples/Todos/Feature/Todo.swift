import SwiftReduce

/// One todo: what it says and whether it is done, a model that edits itself.
///
/// It is TCA's `Todo` reducer: its two actions are the bindings of its description and
/// of its check box. Each row's actions are sent to that row alone, by its id
/// (`store.dispatch(action, to: \.todos[id: id])`, or through the row's `Scope<Todo>`),
/// so no row compares ids. A row tells the list that its check box changed, with
/// ``TodosAction/todoCompletionChanged``, since the list re-sorts a second later and a
/// parent does not see the actions sent to one of its rows.
///
/// It is a class, where TCA's is a struct: a value model reached by a targeted dispatch is
/// reduced in a copy that the store releases once it is written back, and an effect it
/// starts, such as the one that tells the list, is cancelled as its model having left the
/// tree. A class model is reduced where it is, and its effects are its own.
final class Todo: Reducer, Identifiable {
  /// What is to be done; empty until typed.
  var description: String
  /// The todo's id, made by the `uuid` dependency when the todo is added.
  let id: TodoID
  /// Whether it is done.
  var isComplete: Bool

  /// Creates a todo.
  ///
  /// - Parameters:
  ///   - description: What is to be done.
  ///   - id: Its id.
  ///   - isComplete: Whether it is done.
  init(description: String = "", id: TodoID, isComplete: Bool = false) {
    self.description = description
    self.id = id
    self.isComplete = isComplete
  }

  /// Applies a change of the description or of the check box.
  ///
  /// - Parameter action: The change.
  func reduce(action: TodoAction) {
    switch action {
    case .setDescription(let description):
      self.description = description
    case .setComplete(let isComplete):
      self.isComplete = isComplete
      Effect.send(TodosAction.todoCompletionChanged)
    }
  }
}
