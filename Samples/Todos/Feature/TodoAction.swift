import SwiftReduce

/// What one todo does: TCA's `Todo.Action`, whose binding actions set these two values.
///
/// It is sent to one todo, by its id, through the todo's scope or with
/// `store.dispatch(action, to: \.todos[id: id])`; dispatched to the whole tree, every todo
/// would take it.
public enum TodoAction: Action, Equatable {
  /// Sets what the todo says, as its text field is typed in.
  case setDescription(String)
  /// Checks or unchecks the todo.
  case setComplete(Bool)
}
