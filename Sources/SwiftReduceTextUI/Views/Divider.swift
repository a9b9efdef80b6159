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

  /// A built-in view has no body: the renderer draws it directly.
  public var body: Never {
    fatalError("SwiftReduceTextUI: a built-in view has no body to read.")
  }
}

extension Divider: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    [.divider]
  }
}
