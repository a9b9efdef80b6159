import SwiftReduce

/// What the todo list does: TCA's `Todos.Action`, offsets counted in the list as it is shown.
public enum TodosAction: Action, Equatable {
  /// Adds an empty todo at the top, with the next id the `uuid` dependency makes.
  case addTodoButtonTapped
  /// Removes every todo that is done.
  case clearCompletedButtonTapped
  /// Removes the todos at these offsets of the list as the filter shows it.
  case delete(offsets: [Int])
  /// Moves the todos at these offsets of the list as the filter shows it to before the one
  /// at `to`, or to the end when `to` is the shown list's count, as SwiftUI's `onMove` does;
  /// the list is re-sorted a tenth of a second later.
  case move(offsets: [Int], to: Int)
  /// Starts or stops editing: TCA's binding of `editMode`.
  case setEditMode(EditMode)
  /// Picks which todos are shown: TCA's binding of `filter`.
  case setFilter(Filter)
  /// Puts the todos that are done below the others, each group in its order.
  case sortCompletedTodos
  /// A row's check box changed: the list re-sorts a second later, unless another changes first.
  case todoCompletionChanged
}
