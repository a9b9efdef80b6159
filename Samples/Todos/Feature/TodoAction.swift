import SwiftReduce

/// What one todo does: TCA's `Todo.Action`, whose binding actions set these two values.
public enum TodoAction: Action, Equatable {
  /// Sets what the todo says, as its text field is typed in.
  case setDescription(String)
  /// Checks or unchecks the todo.
  case setComplete(Bool)
}
