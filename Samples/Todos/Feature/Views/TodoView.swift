import SwiftReduce
import SwiftReduceTextUI

/// One todo: its check box, a button showing `(x)` when it is done, and its text field.
///
/// It reads and changes the todo through its scope: the check box and the text field are
/// bindings whose writes send a ``TodoAction`` to this todo alone.
struct TodoView: View {
  /// The todo.
  let store: Scope<Todo>

  /// The check box, then the text field, titled `Untitled Todo` while it is empty.
  var body: some View {
    let isComplete = store[\.isComplete, { TodoAction.setComplete($0) }]
    let description = store[\.description, { TodoAction.setDescription($0) }]
    HStack {
      Button(isComplete.wrappedValue ? "x" : " ") { isComplete.wrappedValue.toggle() }
      TextField(description.wrappedValue.isEmpty ? "Untitled Todo" : "", text: description)
    }
  }
}
