import SwiftReduce

/// A numbered control that edits a string through a binding.
///
/// It shows its number, its title and the current text in brackets. In a
/// ``Runner``, the input `N text` writes `text` to the binding of text field
/// `N` and then runs the handlers of the ``View/onSubmit(_:)`` modifiers
/// around it; `N ` with nothing after the space empties it.
///
/// ```swift
/// let store = Store(Person())
/// store.dispatch(NameChange.setName("Ada"))
/// let field = TextField("Enter Name", text: store[\.name, { NameChange.setName($0) }])
/// print(field.render(width: 40))
/// ```
///
/// prints
///
/// ```
/// [1] Enter Name: [Ada]
/// ```
public struct TextField: View {
  let title: String
  let text: StoreBinding<String>

  /// Creates a text field.
  ///
  /// - Parameters:
  ///   - title: What the field is for, shown before its text.
  ///   - text: The text shown, written when the user enters new text.
  public init(_ title: String, text: StoreBinding<String>) {
    self.title = title
    self.text = text
  }
}

extension TextField: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    let number = context.register(
      .textField(title: title, text: text, onSubmit: context.submitHandlers.reversed())
    )
    return [
      .textField(
        number: number, title: Cells.sanitize(title), value: Cells.sanitize(text.wrappedValue))
    ]
  }
}
