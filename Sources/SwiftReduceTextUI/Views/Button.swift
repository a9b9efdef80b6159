import SwiftReduce

/// A numbered control that dispatches an action or runs a closure when pressed.
///
/// In a ``Runner``, the input `N` presses button `N`; an action is dispatched
/// to the runner's store.
///
/// ```swift
/// print(Button("Clear", action: NameChange.clear).render(width: 40))
/// ```
///
/// prints
///
/// ```
/// [1] (Clear)
/// ```
public struct Button: View {
  let title: String
  let handler: Handler

  /// Creates a button that dispatches an action to the store when pressed.
  ///
  /// - Parameters:
  ///   - title: The label of the button.
  ///   - action: The action dispatched each time the button is pressed.
  public init(_ title: String, action: some Action) {
    self.title = title
    self.handler = .dispatch(action)
  }

  /// Creates a button that runs a closure when pressed.
  ///
  /// - Parameters:
  ///   - title: The label of the button.
  ///   - action: The closure run each time the button is pressed.
  public init(_ title: String, action: @escaping @MainActor () -> Void) {
    self.title = title
    self.handler = .perform(action)
  }
}

extension Button: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    let number = context.register(.button(title: title, handler))
    return [.button(number: number, title: Cells.sanitize(title))]
  }
}
