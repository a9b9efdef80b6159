/// A view that shows text, one line per line of the string.
///
/// A line longer than the width it is given is cut at a character boundary
/// and ends in `…`. Control characters are shown as `�`, so text from users
/// can never change the terminal.
///
/// ```swift
/// print(Text("千と千尋の神隠し").render(width: 10))
/// ```
///
/// prints
///
/// ```
/// 千と千尋…
/// ```
public struct Text: View {
  let content: String
  private var wraps = false

  /// Creates a view that shows a string.
  ///
  /// - Parameter content: The text; each `\n` starts a new line.
  public init(_ content: String) {
    self.content = content
  }

  /// This text with its long lines wrapped at spaces to the width it is
  /// given, rather than cut, as for a message that must be read whole.
  public func wrapping() -> Text {
    var text = self
    text.wraps = true
    return text
  }
}

extension Text: PrimitiveView {
  func makeNodes(in context: BuildContext) -> [Node] {
    let text = Cells.sanitize(content, keepingLineBreaks: true)
    return [wraps ? .wrappingText(text) : .text(text)]
  }
}
