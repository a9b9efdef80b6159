/// A view whose content answers an event with a handler: ``View/onTap(_:)`` makes it a
/// numbered row, ``View/onSubmit(_:)`` gives its text fields what to do on submit.
struct HandlerView<Content: View>: View, PrimitiveView {
  /// What the handler answers.
  enum Event {
    /// The row is tapped.
    case tap
    /// The text of a text field inside is submitted.
    case submit
  }

  let content: Content
  let event: Event
  let handler: Handler

  func makeNodes(in context: BuildContext) -> [Node] {
    switch event {
    case .tap:
      let number = context.register(.row(handler, summary: ""))
      let nodes = content.nodes(in: context)
      let node: Node = nodes.count == 1 ? nodes[0] : .vertical(nodes)
      context.describeRow(number, as: Layout.summary(of: node))
      return [.tappable(number: number, content: node)]
    case .submit:
      // In scope for the text fields inside; the innermost, appended last, runs first.
      context.submitHandlers.append(handler)
      defer { context.submitHandlers.removeLast() }
      return content.nodes(in: context)
    }
  }
}
