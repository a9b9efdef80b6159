/// A view that makes one view for each element of a collection.
///
/// Its views take the place of the `ForEach` itself: in a ``VStack`` they go
/// one below another, in an ``HStack`` one beside another.
///
/// ```swift
/// let counts = ["Alien": 2, "Heat": 1]
/// let view = VStack {
///   ForEach(counts.keys.sorted(), id: \.self) { title in
///     Text("\(title): \(counts[title, default: 0])")
///   }
/// }
/// print(view.render(width: 20))
/// ```
///
/// prints
///
/// ```
/// Alien: 2
/// Heat: 1
/// ```
///
/// The `id` key path is accepted for the same code to read as in SwiftUI,
/// which uses it to follow rows across updates; a text screen is drawn whole
/// each time and does not need it.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  /// The elements to make views for, in order.
  public let data: Data

  let content: @MainActor (Data.Element) -> Content

  /// Creates views for the elements of a collection identified by a key path.
  ///
  /// - Parameters:
  ///   - data: The elements, in the order their views are shown.
  ///   - id: The key path to a value that identifies each element.
  ///   - content: Makes the view for one element.
  public init(
    _ data: Data,
    id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
  }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// Creates views for the elements of a collection of identifiable values.
  ///
  /// - Parameters:
  ///   - data: The elements, in the order their views are shown.
  ///   - content: Makes the view for one element.
  public init(
    _ data: Data,
    @ViewBuilder content: @escaping @MainActor (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
  }
}

extension ForEach: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    rowNodes(0..<data.count, in: context)
  }
}

/// Content whose rows can be built a range at a time, for a paged ``List``.
@MainActor
protocol RowSource {
  /// The number of rows.
  var rowCount: Int { get }

  /// The nodes of the rows at offsets `range`.
  func rowNodes(_ range: Range<Int>, in context: BuildContext) -> [Node]
}

extension ForEach: RowSource {
  var rowCount: Int { data.count }

  func rowNodes(_ range: Range<Int>, in context: BuildContext) -> [Node] {
    var nodes: [Node] = []
    var index = data.index(data.startIndex, offsetBy: range.lowerBound)
    for _ in range {
      nodes += content(data[index]).nodes(in: context)
      index = data.index(after: index)
    }
    return nodes
  }
}
