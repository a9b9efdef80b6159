/// One rendering of a view: its text and the controls it numbered.
@MainActor
struct Screen {
  let text: String
  let controls: [Control]
  /// The rows of the paged list shown and how many it has, when one was paged.
  let pagedList: BuildContext.PagedList?

  /// Renders `view` in the current environment, showing the rows of `page`
  /// of its first list made from a collection, or every row when `nil`.
  init(_ view: some View, width: Int, page: BuildContext.Page? = nil) {
    let context = BuildContext()
    context.page = page
    self.init(text: Layout.render(view.nodes(in: context), width: width), context: context)
  }

  /// Renders `view` to fill at most `height` lines, `reserved` of which are
  /// kept for what is shown under it: the first list made from a collection
  /// shows the rows from `first` that fit (at least one).
  ///
  /// The view is built once, with as many rows as lines; the rows that do
  /// not fit are then cut from the laid-out page, so a screen costs one
  /// evaluation of the view's `body`, however long the list.
  init(
    _ view: some View, width: Int, height: Int, reserved: Int, first: Int,
    lastRevealed: AnyHashable? = nil, rowsPerPage: Int? = nil
  ) {
    let room = max(height - reserved, 1)
    let context = BuildContext()
    context.page = BuildContext.Page(
      first: first, limit: room, lastRevealed: lastRevealed, rowsPerPage: rowsPerPage)
    let nodes = view.nodes(in: context)
    guard let list = context.pagedList, !list.shown.isEmpty else {
      self.init(text: Layout.render(nodes, width: width), context: context)
      return
    }
    var count = list.shown.count
    var text = Layout.render(nodes, width: width)
    while count > 1 {
      let excess = Self.lineCount(text) - room
      guard excess > 0 else { break }
      count = max(count - excess, 1)
      text = Layout.render(nodes.map { $0.keepingPageRows(count) }, width: width)
    }
    let ends = context.rowControlEnds
    guard ends.last == context.controls.count else {
      // Controls after the list would be numbered past the rows cut: build again.
      self.init(
        view, width: width,
        page: BuildContext.Page(
          first: list.shown.lowerBound, limit: count, lastRevealed: list.revealed))
      return
    }
    self.init(
      text: text, controls: Array(context.controls[..<ends[count - 1]]),
      pagedList: BuildContext.PagedList(
        shown: list.shown.lowerBound..<(list.shown.lowerBound + count), total: list.total,
        // A short last page leaves lines free: a whole page would fill them.
        pageSize: count + max(room - Self.lineCount(text), 0), revealed: list.revealed))
  }

  private init(text: String, context: BuildContext) {
    self.init(text: text, controls: context.controls, pagedList: context.pagedList)
  }

  private init(text: String, controls: [Control], pagedList: BuildContext.PagedList?) {
    self.text = text
    self.controls = controls
    self.pagedList = pagedList
  }

  private static func lineCount(_ text: String) -> Int {
    text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  }
}

extension Node {
  /// This node with the first paged list in it cut to its first `count` rows.
  fileprivate func keepingPageRows(_ count: Int) -> Node {
    switch self {
    case .page(let rows, let first, let total):
      .page(rows: Array(rows.prefix(count)), first: first, total: total)
    case .vertical(let children): .vertical(children.map { $0.keepingPageRows(count) })
    case .horizontal(let children): .horizontal(children.map { $0.keepingPageRows(count) })
    case .tappable(let number, let content):
      .tappable(number: number, content: content.keepingPageRows(count))
    case .padding(let cells, let content): .padding(cells, content.keepingPageRows(count))
    case .text, .wrappingText, .textField, .button, .spacer, .divider: self
    }
  }
}
