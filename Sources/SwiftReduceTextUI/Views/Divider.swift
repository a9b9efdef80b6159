/// A view that separates content: a line of `─` across the width in a column,
/// a `│` in a row.
///
/// ```swift
/// print(VStack { Text("Title"); Divider() }.render(width: 10))
/// ```
///
/// prints
///
/// ```
/// Title
/// ──────────
/// ```
public struct Divider: View {
  /// Creates a divider.
  public init() {}
}

extension Divider: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    [.divider]
  }
}
