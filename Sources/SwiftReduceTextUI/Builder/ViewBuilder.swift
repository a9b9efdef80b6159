/// Builds a view from the statements of a `body` or a view's content closure.
///
/// Besides a list of views, a builder accepts `if`, `if`/`else`, `switch`,
/// `if let` and `ForEach`:
///
/// ```swift
/// struct Status: View {
///   let unread: Int
///
///   var body: some View {
///     VStack {
///       Text("Inbox")
///       if unread > 0 {
///         Text("\(unread) unread")
///       } else {
///         Text("All read")
///       }
///     }
///   }
/// }
///
/// print(Status(unread: 2).render(width: 20))
/// ```
///
/// prints
///
/// ```
/// Inbox
/// 2 unread
/// ```
@MainActor
@resultBuilder
public enum ViewBuilder {
  /// Accepts a view as a statement of the builder.
  public static func buildExpression<Content: View>(_ content: Content) -> Content {
    content
  }

  /// Builds an empty view from an empty block.
  public static func buildBlock() -> EmptyView {
    EmptyView()
  }

  /// Passes a single view through unchanged.
  public static func buildBlock<Content: View>(_ content: Content) -> Content {
    content
  }

  /// Combines several views into one, in order.
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<repeat each Content> {
    TupleView((repeat each content))
  }

  /// Builds the content of an `if` without an `else`, shown only when present.
  public static func buildOptional<Content: View>(_ content: Content?) -> Content? {
    content
  }

  /// Builds the first branch of an `if`/`else` or a `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent(storage: .trueContent(first))
  }

  /// Builds the second branch of an `if`/`else` or a `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent(storage: .falseContent(second))
  }

  /// Builds the content of an `if #available` block.
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content {
    content
  }
}
