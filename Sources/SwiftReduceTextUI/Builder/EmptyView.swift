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

  /// A built-in view has no body: the renderer draws it directly.
  public var body: Never {
    fatalError("SwiftReduceTextUI: a built-in view has no body to read.")
  }
}

extension EmptyView: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    []
  }
}
