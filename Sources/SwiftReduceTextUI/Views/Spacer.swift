/// A view that takes the free space of a row, or an empty line in a column.
///
/// ```swift
/// print(HStack { Text("left"); Spacer(); Text("right") }.render(width: 16))
/// ```
///
/// prints
///
/// ```
/// left       right
/// ```
public struct Spacer: View {
  /// Creates a spacer.
  public init() {}

  /// A built-in view has no body: the renderer draws it directly.
  public var body: Never {
    fatalError("SwiftReduceTextUI: a built-in view has no body to read.")
  }
}

extension Spacer: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    [.spacer]
  }
}
