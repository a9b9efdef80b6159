/// A view that arranges its content side by side on one row.
///
/// Neighbouring views are separated by one space. A ``Spacer`` takes the
/// width left over, at least one cell, so the views after it end at the right
/// edge. When the row is too wide, the widest views are narrowed first: no
/// view is cut while a wider one could still give up a cell, so short views
/// such as counts stay whole as long as possible. A ``Divider`` in a row is a `│`.
///
/// ```swift
/// let row = HStack { Text("Amélie 🎬"); Spacer(); Text("views: 2") }
/// print(row.render(width: 24))
/// ```
///
/// prints
///
/// ```
/// Amélie 🎬       views: 2
/// ```
public struct HStack<Content: View>: View {
  let content: Content

  /// Creates a horizontal stack.
  ///
  /// - Parameter content: The views to show, left to right.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }
}

extension HStack: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    [.horizontal(content.nodes(in: context))]
  }
}
