/// Collects the controls of one screen while its views are turned into nodes.
@MainActor
final class BuildContext {
  /// The controls found so far, in reading order; control N is `controls[N - 1]`.
  private(set) var controls: [Control] = []

  /// The submit handlers of the `onSubmit` modifiers around the view being built.
  var submitHandlers: [Handler] = []

  /// The rows the first ``List`` built from a collection shows; `nil` shows
  /// every row, as when the output is not a terminal.
  var page: Page?

  /// What the paged list reported, once it is built.
  private(set) var pagedList: PagedList?

  /// The rows a paged list shows, of how many, with how many a page holds.
  struct PagedList: Equatable {
    let shown: Range<Int>
    let total: Int
    let pageSize: Int
    /// The row the list was asked to bring into view, shown or not.
    var revealed: AnyHashable? = nil
  }

  /// Which rows of a long list a screen shows.
  struct Page: Equatable {
    /// The index of the first row shown.
    var first: Int
    /// The most rows shown.
    var limit: Int
    /// The row the list asked to bring into view at the last screen: asked
    /// again, it is not brought into view again, so the pages can be turned.
    var lastRevealed: AnyHashable? = nil
    /// How many rows the last screen's page held, which pages are counted
    /// in when a row is brought into view; `nil` puts that row first.
    var rowsPerPage: Int? = nil
  }

  /// A row a list asks to bring into view: its id, and how to find its index.
  typealias Reveal = (id: AnyHashable, index: () -> Int?)

  /// The number of controls registered once each row of the paged list was
  /// built, so that rows cut from the page can take their controls along.
  private(set) var rowControlEnds: [Int] = []

  /// The rows of a list of `total` rows to build: for the first list asking,
  /// those of ``page``, and `nil` for every other list, which shows all.
  ///
  /// A row to `reveal` that the last screen did not ask for moves the page
  /// to the one that holds it.
  func page(of total: Int, reveal: Reveal? = nil) -> Range<Int>? {
    guard let page, pagedList == nil else { return nil }
    var first = page.first
    if let reveal, reveal.id != page.lastRevealed, let index = reveal.index() {
      let rows = max(page.rowsPerPage ?? 1, 1)
      first = index - index % rows
    }
    first = min(max(first, 0), max(total - 1, 0))
    let shown = first..<min(first + max(page.limit, 0), total)
    pagedList = PagedList(
      shown: shown, total: total, pageSize: max(page.limit, 0), revealed: reveal?.id)
    return shown
  }

  /// Notes that a row of the paged list has been built.
  func endRow() {
    rowControlEnds.append(controls.count)
  }

  /// Registers a control and returns its number.
  func register(_ kind: Control.Kind) -> Int {
    controls.append(Control(kind: kind, environment: EnvironmentStack.objects))
    return controls.count
  }

  /// Replaces the summary shown by `help` for control `number`.
  func describeRow(_ number: Int, as summary: String) {
    guard case .row(let handler, _) = controls[number - 1].kind else { return }
    controls[number - 1].kind = .row(handler, summary: summary)
  }
}
