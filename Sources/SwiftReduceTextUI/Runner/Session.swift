import SwiftReduce

/// The logic of a ``Runner`` without its input and output: renders screens
/// and turns each line of input into changes and a reply.
@MainActor
final class Session<Root: Reducer, Content: View> {
  /// What the runner does after a line.
  enum Response: Equatable {
    /// Draw the screen again, with `message` under it when there is one.
    case proceed(message: String?)
    /// Leave.
    case quit
  }

  let store: Store<Root>
  private let content: @MainActor () -> Content
  private let onChange: @MainActor () throws -> Void

  /// The controls of the last screen rendered, which the input refers to.
  private var controls: [Control] = []

  init(
    store: Store<Root>,
    content: @escaping @MainActor () -> Content,
    onChange: @escaping @MainActor () throws -> Void
  ) {
    self.store = store
    self.content = content
    self.onChange = onChange
  }

  /// Renders the screen and remembers its controls for the next input.
  func render(width: Int) -> String {
    let screen = EnvironmentStack.with([store]) { Screen(content(), width: width) }
    controls = screen.controls
    return screen.text
  }

  /// Acts on one line of input against the controls of the last screen.
  func handle(_ input: InputLine) -> Response {
    switch input {
    case .tooLong(let byteCount):
      return .proceed(
        message: "That line is \(byteCount) bytes long; a line can hold at most "
          + "\(LineReader.limit) bytes. Nothing was changed.")
    case .bytes(let bytes):
      guard let line = String(validating: bytes, as: UTF8.self) else {
        return .proceed(message: "That line is not valid UTF-8 text. Nothing was changed.")
      }
      return handle(line)
    }
  }

  private func handle(_ line: String) -> Response {
    let command = line.drop(while: \.isWhitespace)
    let trimmed = command.reversed().drop(while: \.isWhitespace).reversed()
    switch String(trimmed) {
    case "":
      return .proceed(message: "The line is empty: type a control number, help or quit.")
    case "help":
      return .proceed(message: help)
    case "quit":
      return .quit
    default:
      break
    }
    let digits = command.prefix(while: { $0.isASCII && $0.isNumber })
    let rest = command.dropFirst(digits.count)
    guard !digits.isEmpty, rest.isEmpty || rest.first == " " else {
      return .proceed(
        message: "Unknown command \"\(Self.shown(String(trimmed)))\": "
          + "type a control number, help or quit.")
    }
    guard let number = Int(digits), controls.indices.contains(number - 1) else {
      let range =
        switch controls.count {
        case 0: "this screen has no controls."
        case 1: "the only control is 1."
        default: "the controls are numbered 1 to \(controls.count)."
        }
      return .proceed(message: "There is no control \(Self.shown(String(digits))): \(range)")
    }
    let text = rest.isEmpty ? nil : String(rest.dropFirst())
    let control = controls[number - 1]
    switch control.kind {
    case .textField(let title, let binding, let onSubmit):
      guard let text else {
        return .proceed(
          message:
            "\(number) is the text field \"\(Cells.sanitize(title))\": type \(number), a space "
            + "and the text (\(number) and a space alone empty it).")
      }
      run(in: control.environment) {
        binding.wrappedValue = text
        for handler in onSubmit { perform(handler) }
      }
    case .button(let title, let handler):
      guard text?.allSatisfy(\.isWhitespace) ?? true else {
        return .proceed(
          message:
            "\(number) is the button \"\(Cells.sanitize(title))\": type \(number) alone to press it."
        )
      }
      run(in: control.environment) { perform(handler) }
    case .row(let handler, _):
      guard text?.allSatisfy(\.isWhitespace) ?? true else {
        return .proceed(message: "\(number) is a row: type \(number) alone to tap it.")
      }
      run(in: control.environment) { perform(handler) }
    }
    do {
      try onChange()
    } catch {
      return .proceed(message: String(describing: error))
    }
    return .proceed(message: nil)
  }

  // MARK: - Help

  /// The commands, and the controls of the last screen.
  var help: String {
    var lines = [
      "Commands:",
      "  N text  put text in text field N and submit it (N and a space alone empty it)",
      "  N       press button N or tap row N",
      "  help    show this help",
      "  quit    leave (the end of the input leaves too)",
    ]
    if !controls.isEmpty {
      lines.append("Controls:")
    }
    for (index, control) in controls.enumerated() {
      let description =
        switch control.kind {
        case .textField(let title, _, _): "text field \"\(Cells.sanitize(title))\""
        case .button(let title, _): "button \"\(Cells.sanitize(title))\""
        case .row(_, let summary): "row \"\(summary)\""
        }
      lines.append("  [\(index + 1)] \(description)")
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Running handlers

  private func run(in environment: [AnyObject], _ body: () -> Void) {
    EnvironmentStack.with([store] + environment, body)
  }

  private func perform(_ handler: Handler) {
    switch handler {
    case .dispatch(let action): store.dispatch(action)
    case .perform(let closure): closure()
    }
  }

  /// User input quoted in a message: made safe to print and kept short.
  private static func shown(_ text: String) -> String {
    Cells.truncate(Cells.sanitize(text), to: 24)
  }
}
