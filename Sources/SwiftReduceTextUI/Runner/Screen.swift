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
    let nodes = view.nodes(in: context)
    text = Layout.render(nodes, width: width)
    controls = context.controls
    pagedList = context.pagedList
  }

  /// Renders `view` to fill at most `height` lines, `reserved` of which are
  /// kept for what is shown under it: the first list made from a collection
  /// shows the rows from `first` that fit (at least one).
  init(_ view: some View, width: Int, height: Int, reserved: Int, first: Int) {
    let frame = Screen(view, width: width, page: BuildContext.Page(first: first, limit: 0))
    guard let list = frame.pagedList, list.total > 0 else {
      self = frame
      return
    }
    let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).count
    let room = height - reserved - lines
    if room + 1 >= list.total {
      // Everything fits: no pager line is needed, which frees one more line.
      self.init(view, width: width, page: BuildContext.Page(first: 0, limit: list.total))
    } else {
      self.init(view, width: width, page: BuildContext.Page(first: first, limit: max(room, 1)))
    }
  }
}
