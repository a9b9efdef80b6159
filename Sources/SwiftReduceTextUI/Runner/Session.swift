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
  private let history: History<Root>?
  private let commands: [Command]

  /// The controls of the last screen rendered, which the input refers to.
  private var controls: [Control] = []
  /// The width of the last screen rendered, which messages are wrapped to.
  private var width = 80
  /// The height of the last screen rendered, which help is paged to; `nil`
  /// when the output is not a terminal.
  private var height: Int?
  /// The index of the first row of the paged list to show.
  private var firstRow = 0
  /// The row the paged list asked to bring into view at the last screen.
  private var lastRevealed: AnyHashable?
  /// The rows of the paged list the last screen showed, and how many it has.
  private var pagedList: BuildContext.PagedList?
  /// How many rows a page of the paged list holds under a one-line message:
  /// what `g N` and the page count go by, whatever the message.
  private var rowsPerPage = 1

  /// Why the last change could not be kept (the error `onChange` threw),
  /// until a later call succeeds.
  private(set) var unsavedChange: String?

  /// How many changes `onChange` failed to keep since it last succeeded.
  private(set) var unsavedChangeCount = 0

  /// How many changes were not kept and why, or `nil` when all were.
  var unsavedNote: String? {
    guard let unsavedChange, unsavedChangeCount > 0 else { return nil }
    let count =
      unsavedChangeCount == 1
      ? "1 change was not saved." : "\(unsavedChangeCount) changes were not saved."
    return count + " " + unsavedChange
  }

  init(
    store: Store<Root>,
    content: @escaping @MainActor () -> Content,
    onChange: @escaping @MainActor () throws -> Void,
    history: History<Root>? = nil,
    commands: [Command] = []
  ) {
    self.commands = commands
    self.store = store
    self.content = content
    self.onChange = onChange
    self.history = history
  }

  /// Renders the screen and remembers its controls for the next input.
  ///
  /// With a `height`, the first list made from a collection shows the rows
  /// of the current page that fit in `height` lines less `reserved`.
  ///
  /// A last page never leaves lines empty while rows before it are hidden:
  /// after a resize, or when rows of the last page were removed, the page
  /// starts earlier so that it fills the screen.
  func render(width: Int, height: Int? = nil, reserved: Int = 0) -> String {
    func build(from first: Int, lastRevealed: AnyHashable?) -> Screen {
      EnvironmentStack.with([store]) {
        if let height {
          Screen(
            content(), width: width, height: height, reserved: reserved, first: first,
            lastRevealed: lastRevealed, rowsPerPage: pagedList.map { _ in rowsPerPage })
        } else {
          Screen(content(), width: width)
        }
      }
    }
    var screen = build(from: firstRow, lastRevealed: lastRevealed)
    if let list = screen.pagedList, list.shown.upperBound == list.total,
      list.shown.lowerBound > 0, list.pageSize > list.shown.count
    {
      // Every row fits when the pager line goes too; otherwise the page
      // starts earlier. Rows of several lines may not all fit: keep the
      // earlier start only if its page still reaches the end.
      let start = list.total <= list.pageSize + 1 ? 0 : list.total - list.pageSize
      let fuller = build(from: start, lastRevealed: list.revealed)
      if let earlier = fuller.pagedList, earlier.shown.upperBound == earlier.total {
        screen = fuller
      } else if start == 0 {
        let earlier = build(from: list.total - list.pageSize, lastRevealed: list.revealed)
        if earlier.pagedList?.shown.upperBound == list.total { screen = earlier }
      }
    }
    controls = screen.controls
    pagedList = screen.pagedList
    // The rows a longer message took are the page's still.
    if let list = screen.pagedList { rowsPerPage = max(list.pageSize + max(reserved - 2, 0), 1) }
    firstRow = screen.pagedList?.shown.lowerBound ?? 0
    lastRevealed = screen.pagedList?.revealed
    self.width = width
    self.height = height
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
    let trimmed = String(command.reversed().drop(while: \.isWhitespace).reversed())
    // Commands are words a person types in any case: `Quit`, `UNDO`.
    switch trimmed.lowercased() {
    case "":
      return .proceed(message: "The line is empty: type a control number, help or quit.")
    case "help", "?":
      return .proceed(message: help(page: 1))
    case "quit", "q", "exit":
      return .quit
    case "undo" where history != nil:
      return undoOrRedo(undoing: true)
    case "redo" where history != nil:
      return undoOrRedo(undoing: false)
    case "n", "p":
      return .proceed(message: turnPage(forward: trimmed.lowercased() == "n"))
    default:
      break
    }
    if trimmed.lowercased().hasPrefix("help "), let page = Int(trimmed.dropFirst(5)) {
      return .proceed(message: help(page: page))
    }
    if let page = Self.pageNumber(trimmed) {
      return .proceed(message: go(toPage: page))
    }
    for command in commands {
      if let argument = command.argument(of: trimmed) {
        return perform(command, argument: argument, label: trimmed)
      }
    }
    let digits = command.prefix(while: { $0.isASCII && $0.isNumber })
    let rest = command.dropFirst(digits.count)
    guard !digits.isEmpty, rest.isEmpty || rest.first == " " else {
      return .proceed(
        message: "Unknown command \"\(Self.shown(trimmed))\": type a control number, help or quit.")
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
    let text = rest.isEmpty ? nil : Self.trimmingWhitespace(rest.dropFirst())
    let control = controls[number - 1]
    let step: () -> Void
    let label: String
    switch control.kind {
    case .textField(let title, let binding, let onSubmit):
      guard let text else {
        return .proceed(
          message:
            "\(number) is the text field \"\(Cells.sanitize(title))\": type \(number), a space "
            + "and the text (\(number) and a space alone empty it).")
      }
      if let control = text.unicodeScalars.first(where: Self.isControl) {
        return .proceed(
          message: "Text fields take printable text only, and this has "
            + "\(Cells.visible(String(control))) in it. Nothing was changed.")
      }
      label = "typing \"\(Self.shown(text))\" in \(Cells.sanitize(title))"
      step = {
        binding.wrappedValue = text
        for handler in onSubmit { self.perform(handler) }
      }
    case .button(let title, let handler):
      guard text?.isEmpty ?? true else {
        return .proceed(
          message:
            "\(number) is the button \"\(Cells.sanitize(title))\": type \(number) alone to press it."
        )
      }
      label = "pressing \(Cells.sanitize(title))"
      step = { self.perform(handler) }
    case .row(let handler, let summary):
      guard text?.isEmpty ?? true else {
        return .proceed(message: "\(number) is a row: type \(number) alone to tap it.")
      }
      label = "tapping \"\(Cells.truncate(summary, to: 40))\""
      step = { self.perform(handler) }
    }
    var changed = true
    run(in: control.environment) {
      if let history {
        changed = history.record(label, step)
      } else {
        step()
      }
    }
    // Input that changed nothing is not a step of the history, nor a save.
    if changed { keepChange() }
    return .proceed(message: nil)
  }

  /// Calls `onChange`, remembering its error until a later call succeeds.
  private func keepChange(_ step: HistoryMove = .newStep) {
    switch step {
    case .newStep, .redo: unkeptSteps += 1
    // Undoing a step not kept takes it off; undoing one kept adds one more to keep.
    case .undo: unkeptSteps += unkeptSteps > 0 ? -1 : 1
    }
    do {
      try onChange()
      unsavedChange = nil
      unsavedChangeCount = 0
      unkeptSteps = 0
    } catch {
      unsavedChange = String(describing: error)
      // With a history, the steps between what is kept and the screen.
      unsavedChangeCount = history == nil ? unsavedChangeCount + 1 : max(unkeptSteps, 1)
    }
  }

  /// What a change kept by ``keepChange(_:)`` was to the history.
  enum HistoryMove {
    case newStep, undo, redo
  }

  /// The steps between what `onChange` last kept and the screen, with a history.
  private var unkeptSteps = 0

  /// Runs an app's command; its actions are one step, like a control's.
  private func perform(_ command: Command, argument: String, label: String) -> Response {
    switch command.perform(argument) {
    case .refuse(let message):
      return .proceed(message: message)
    case .keep(let message):
      keepChange()
      return .proceed(message: unsavedChange == nil ? message : nil)
    case .dispatch(let actions, let message):
      if command.showsFirstRow {
        firstRow = 0
        lastRevealed = nil
      }
      let step = { for action in actions { self.store.dispatch(action) } }
      var changed = true
      if let history {
        changed = history.record(Self.shown(label), step)
      } else {
        step()
      }
      if changed { keepChange() }
      return .proceed(message: message)
    }
  }

  // MARK: - Undo and paging

  private func undoOrRedo(undoing: Bool) -> Response {
    guard let history else { return .proceed(message: nil) }
    let command = undoing ? "undo" : "redo"
    let step: HistoryStep?
    do {
      step = undoing ? try history.undo() : try history.redo()
    } catch {
      return .proceed(message: error.description)
    }
    guard let label = step?.label else {
      return .proceed(message: "There is nothing to \(command).")
    }
    keepChange(undoing ? .undo : .redo)
    return .proceed(
      message: undoing
        ? "Undid \(label); type redo to do it again."
        : "Redid \(label); type undo to undo it again.")
  }

  private func turnPage(forward: Bool) -> String? {
    guard let list = pagedList, list.shown.count < list.total else {
      return "The whole list is on the screen; n and p turn its pages when it is longer."
    }
    if forward {
      guard list.shown.upperBound < list.total else { return "This is the last page." }
      firstRow = list.shown.upperBound
    } else {
      guard list.shown.lowerBound > 0 else { return "This is the first page." }
      firstRow = max(list.shown.lowerBound - rowsPerPage, 0)
    }
    return nil
  }

  /// The page of `g N`, `N` as written (0 or more digits).
  private static func pageNumber(_ line: String) -> Substring? {
    let lowered = line.lowercased()
    guard lowered == "g" || lowered.hasPrefix("g ") else { return nil }
    return line.dropFirst().drop(while: \.isWhitespace)
  }

  private func go(toPage page: Substring) -> String? {
    guard let list = pagedList, list.shown.count < list.total else {
      return "The whole list is on the screen; g N goes to page N when it is longer."
    }
    let pageSize = rowsPerPage
    let pages = (list.total + pageSize - 1) / pageSize
    guard let number = Int(page), (1...pages).contains(number) else {
      return page.isEmpty
        ? "Type g and a page number, 1 to \(pages)."
        : "There is no page \(Self.shown(String(page))): the pages are 1 to \(pages)."
    }
    firstRow = (number - 1) * pageSize
    return nil
  }

  // MARK: - Help

  /// The commands, and the controls of the last screen, wrapped to its width.
  var help: String {
    var items = [
      ("N text", "put text in text field N and submit it (N and a space alone empty it)"),
      ("N", "press button N or tap row N"),
    ]
    if history != nil {
      items += [("undo", "revert the last change"), ("redo", "apply again the change undone")]
    }
    if let list = pagedList, list.shown.count < list.total {
      items += [
        ("n", "show the next page of the list"), ("p", "show the previous page"),
        ("g N", "go to page N"),
      ]
    }
    items += commands.map { ($0.usage, $0.help) }
    items += [
      ("help", "show this help"),
      ("quit", "leave (q, exit and the end of the input too)"),
    ]
    let keys = [
      ("Left Right", "move the cursor (Ctrl-B, Ctrl-F)"),
      ("Home End", "go to the start or the end (Ctrl-A, Ctrl-E)"),
      ("Backspace", "delete before the cursor (Delete and Ctrl-D: at it)"),
      ("Ctrl-U Ctrl-K", "delete to the start or to the end"),
      ("Ctrl-W", "delete the word before the cursor"),
      ("Up Down", "go through the lines typed before"),
      ("Ctrl-L", "draw the screen again"),
      ("Ctrl-D", "leave, on an empty line"),
    ]
    var lines = ["Commands:"]
    let column = (items.map(\.0.count).max() ?? 0) + 4
    for (term, description) in items {
      lines += Cells.wrap(description, to: width, firstPrefix: "  " + term, column: column)
    }
    lines.append("Editing keys, on a terminal:")
    let keyColumn = (keys.map(\.0.count).max() ?? 0) + 4
    for (term, description) in keys {
      lines += Cells.wrap(description, to: width, firstPrefix: "  " + term, column: keyColumn)
    }
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
      lines += Cells.wrap(
        description, to: width, firstPrefix: "  [\(index + 1)]", column: "  [\(index + 1)] ".count)
    }
    return lines.joined(separator: "\n")
  }

  /// Page `page` of ``help``, when the screen has a height it does not fit
  /// in: as many lines as leave room for the prompt and a line saying how
  /// to see the others.
  func help(page: Int) -> String {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let height, lines.count + 1 > height else {
      return page == 1 ? help : "Help has one page: type help."
    }
    let perPage = max(height - 2, 1)
    let pages = (lines.count + perPage - 1) / perPage
    guard (1...pages).contains(page) else { return "Help has pages 1 to \(pages)." }
    var shown = Array(lines.dropFirst((page - 1) * perPage).prefix(perPage))
    // Every page as tall, so that each is shown alone, its line at the foot.
    shown += Array(repeating: "", count: perPage - shown.count)
    let next = page < pages ? "help \(page + 1) for the next" : "help for the first"
    return (shown + ["(Help, page \(page) of \(pages): \(next).)"]).joined(separator: "\n")
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

  // MARK: - Text

  /// User input quoted in a message: control characters made visible, kept short.
  private static func shown(_ text: String) -> String {
    Cells.truncate(Cells.visible(text), to: 24)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
  }

  private static func trimmingWhitespace(_ text: Substring) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
