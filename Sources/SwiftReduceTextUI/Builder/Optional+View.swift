extension Optional: View where Wrapped: View {}

extension Optional: PrimitiveView where Wrapped: View {
  func makeNodes(in context: BuildContext) -> [Node] {
    self?.nodes(in: context) ?? []
  }
}
