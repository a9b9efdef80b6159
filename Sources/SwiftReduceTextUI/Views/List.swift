/// A view that shows rows, one below another, such as the rows of a collection.
///
/// Rows made tappable with ``View/onTap(_:)`` get a number each.
///
/// On a terminal, a ``Runner`` shows the rows of the first list made from a
/// collection a page at a time, so that the rest of the screen stays in
/// sight: the list ends with a line such as `Rows 1–18 of 100000 (n next,
/// p previous)`, and only the rows shown are built, so a long
/// collection costs no more per screen than a short one.
///
/// ```swift
/// let movies = ["Heat": 1, "Alien": 2]
/// let list = List(movies.keys.sorted(), id: \.self) { title in
///   HStack { Text(title); Spacer(); Text("views: \(movies[title, default: 0])") }
///     .onTap(UpdateMovies.removeMovie(title))
/// }
/// print(list.render(width: 24))
/// ```
///
/// prints
///
/// ```
/// [1] Alien       views: 2
/// [2] Heat        views: 1
/// ```
public struct List<Content: View>: View {
  let content: Content
  /// The row to bring into view on a terminal, when there is one.
  private var reveal: BuildContext.Reveal?

  /// Creates a list from the views of a builder.
  ///
  /// - Parameter content: The rows, top to bottom.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  /// Creates a list with one row for each element of a collection.
  ///
  /// - Parameters:
  ///   - data: The elements, in the order their rows are shown.
  ///   - id: The key path to a value that identifies each element.
  ///   - revealing: The id of a row to bring into view: on a terminal, when
  ///     it differs from the last screen's, the page that holds its row is
  ///     shown, such as the row of a movie just added.
  ///   - rowContent: Makes the row for one element.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data,
    id: KeyPath<Data.Element, ID>,
    revealing: ID? = nil,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    self.content = ForEach(data, id: id, content: rowContent)
    reveal = revealing.map { target in
      (
        AnyHashable(target),
        {
          data.firstIndex { $0[keyPath: id] == target }
            .map { data.distance(from: data.startIndex, to: $0) }
        }
      )
    }
  }

  /// Creates a list with one row for each element of a collection of
  /// identifiable values.
  ///
  /// - Parameters:
  ///   - data: The elements, in the order their rows are shown.
  ///   - rowContent: Makes the row for one element.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data,
    @ViewBuilder rowContent: @escaping @MainActor (Data.Element) -> RowContent
  ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {
    self.content = ForEach(data, content: rowContent)
  }
}

extension List: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    guard let rows = content as? any RowSource,
      let shown = context.page(of: rows.rowCount, reveal: reveal)
    else {
      return [.vertical(content.nodes(in: context))]
    }
    var built: [[Node]] = []
    for index in shown {
      built.append(rows.rowNodes(index..<(index + 1), in: context))
      context.endRow()
    }
    return [.page(rows: built, first: shown.lowerBound, total: rows.rowCount)]
  }
}
