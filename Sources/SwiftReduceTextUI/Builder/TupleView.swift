/// Several views shown one after another, as built from a block of statements.
///
/// You rarely name this type: ``ViewBuilder`` makes one from each block that
/// lists more than one view. In a ``VStack`` its views go one below another,
/// in an ``HStack`` one beside another.
public struct TupleView<each Content: View>: View {
  /// The views, in order.
  public let value: (repeat each Content)

  /// Creates a view from a tuple of views.
  ///
  /// - Parameter value: The views to show, in order.
  public init(_ value: (repeat each Content)) {
    self.value = value
  }
}

extension TupleView: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    var nodes: [Node] = []
    for view in repeat each value {
      nodes += view.nodes(in: context)
    }
    return nodes
  }
}
