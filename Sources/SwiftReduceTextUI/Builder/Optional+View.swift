extension Optional: View where Wrapped: View {
  /// A built-in view has no body: the renderer draws it directly.
  public var body: Never {
    fatalError("SwiftReduceTextUI: a built-in view has no body to read.")
  }
}

extension Optional: PrimitiveView where Wrapped: View {
  func makeNodes(in context: BuildContext) -> [Node] {
    self?.nodes(in: context) ?? []
  }
}
