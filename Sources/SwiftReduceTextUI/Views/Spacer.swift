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
}

extension Spacer: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    [.spacer]
  }
}
