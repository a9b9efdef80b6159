/// A view that shows nothing and takes no space.
///
/// ```swift
/// print(VStack { Text("above"); EmptyView(); Text("below") }.render(width: 20))
/// ```
///
/// prints
///
/// ```
/// above
/// below
/// ```
public struct EmptyView: View {
  /// Creates a view that shows nothing.
  public init() {}
}

extension EmptyView: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    []
  }
}
