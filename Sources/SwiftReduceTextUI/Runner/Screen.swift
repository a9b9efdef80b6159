/// One rendering of a view: its text and the controls it numbered.
@MainActor
struct Screen {
  let text: String
  let controls: [Control]

  /// Renders `view` in the current environment.
  init(_ view: some View, width: Int) {
    let context = BuildContext()
    let nodes = view.nodes(in: context)
    text = Layout.render(nodes, width: width)
    controls = context.controls
  }
}
