/// A view that arranges its content in lines, one view below another.
///
/// Each view starts at the left edge and may use the whole width. A
/// ``Spacer`` in a vertical stack is an empty line, a ``Divider`` a line of
/// `─` across the width.
///
/// ```swift
/// print(VStack { Text("Alien"); Divider(); Text("Heat") }.render(width: 8))
/// ```
///
/// prints
///
/// ```
/// Alien
/// ────────
/// Heat
/// ```
public struct VStack<Content: View>: View {
  let content: Content

  /// Creates a vertical stack.
  ///
  /// - Parameter content: The views to show, top to bottom.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

extension VStack: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    [.vertical(content.nodes(in: context))]
  }
}
