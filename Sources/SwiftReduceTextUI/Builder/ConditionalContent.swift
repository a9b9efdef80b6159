/// One of two views, as built from the branches of an `if`/`else` or a `switch`.
///
/// You rarely name this type: ``ViewBuilder`` makes one for each `if`/`else`.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  let storage: Storage
}

extension ConditionalContent: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    switch storage {
    case .trueContent(let content): content.nodes(in: context)
    case .falseContent(let content): content.nodes(in: context)
    }
  }
}
