import SwiftReduce
import SwiftReduceTextUI

/// The buttons of a row while the list is edited: up, down and delete, as SwiftUI's list
/// moves and deletes rows in edit mode.
struct EditButtons: View {
  /// The list, which moves and deletes its rows.
  let list: Scope<Todos>
  /// The row's offset in the list as it is shown.
  let offset: Int
  /// How many rows are shown.
  let count: Int

  /// Up but for the first row, down but for the last, and delete.
  var body: some View {
    HStack {
      if offset > 0 {
        Button("Up") { list.dispatch(TodosAction.move(offsets: [offset], to: offset - 1)) }
      }
      if offset < count - 1 {
        Button("Down") { list.dispatch(TodosAction.move(offsets: [offset], to: offset + 2)) }
      }
      Button("Delete") { list.dispatch(TodosAction.delete(offsets: [offset])) }
    }
  }
}
