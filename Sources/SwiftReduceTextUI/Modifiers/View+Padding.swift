extension View {
  /// Surrounds this view with blank space: `cells` empty lines above and
  /// below, `cells` spaces on the left, and `cells` cells less width on the right.
  ///
  /// ```swift
  /// print(Text("Ada").padding().render(width: 20))
  /// ```
  ///
  /// prints a blank line, ` Ada` and another blank line:
  ///
  /// ```
  ///
  ///  Ada
  ///
  /// ```
  ///
  /// - Parameter cells: The space on each side; a negative value counts as 0.
  /// - Returns: A padded view.
  public func padding(_ cells: Int = 1) -> some View {
    PaddingView(content: self, cells: max(cells, 0))
  }
}

/// A view padded by ``View/padding(_:)``.
struct PaddingView<Content: View>: View, PrimitiveView {
  let content: Content
  let cells: Int

  func makeNodes(in context: BuildContext) -> [Node] {
    [.padding(cells, .vertical(content.nodes(in: context)))]
  }
}
