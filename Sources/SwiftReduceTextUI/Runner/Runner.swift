import SwiftReduce

/// Runs a text app: shows a view of a store, reads a line, acts on it, and
/// shows the view again, until `quit` or the end of the input.
///
/// Each input line is one command:
///
/// - `N text` puts `text` (everything after the first space, without the
///   whitespace around it) into text field `N` and submits it; text with a
///   control character, such as a tab or an escape sequence, is refused;
/// - `N` presses button `N` or taps row `N`;
/// - `undo` and `redo`, when the runner has a ``History``, revert and apply
///   again the changes of the lines before;
/// - `n` and `p` show the next and the previous page of a long list;
/// - `help` lists the commands and the controls of the screen, wrapped to
///   its width;
/// - `quit`, or the end of the input, leaves.
///
/// Actions of controls are dispatched to the runner's store, which every view
/// can read with ``EnvironmentObject``. Anything else, such as an unknown
/// number, text for a button, an empty line, a line longer than 4096 bytes or
/// one that is not UTF-8, is answered with a one-line explanation under the
/// same screen. When `onChange` fails, its error stays under every screen
/// until it succeeds.
///
/// On a terminal the screen is cleared and redrawn at the terminal's size,
/// again when the terminal is resized; the first ``List`` made from a
/// collection shows a page of rows that fits, with the rest of the screen
/// kept in sight; and lines are typed with a line editor (see the
/// SwiftReduceTextUI documentation for its keys). When the input or the
/// output is not a terminal, each screen is printed whole after the previous
/// one at the width in `COLUMNS` (80 when unset), with no escape codes, and
/// each input line is echoed after the `> ` prompt, control characters shown
/// as symbols such as `␉`, so a session can be piped in and its output
/// compared.
///
/// ```swift
/// let store = Store(Person())
/// let runner = Runner(store: store) {
///   VStack {
///     Text("Hello, \(store.name)")
///     TextField("Enter Name", text: store[\.name, { NameChange.setName($0) }])
///   }
/// }
/// runner.run()
/// ```
///
/// in a program run with the lines `1 Ada` and `quit` piped in, prints
///
/// ```
/// Hello,
/// [1] Enter Name: []
/// > 1 Ada
/// Hello, Ada
/// [1] Enter Name: [Ada]
/// > quit
/// ```
@MainActor
public final class Runner<Root: Reducer, Content: View> {
  private let session: Session<Root, Content>

  /// Creates a runner for a store and the view that shows it.
  ///
  /// - Parameters:
  ///   - store: The store that control actions are dispatched to, provided
  ///     to the views as an ``EnvironmentObject``.
  ///   - history: When given, each line that used a control is recorded as
  ///     one step and the `undo` and `redo` commands revert and reapply
  ///     steps; its ``History/middleware`` must be the store's.
  ///   - onChange: Called after each line that changed something (a control,
  ///     `undo`, `redo`), for example to save the state. An error it throws
  ///     is shown under every screen until a later call succeeds.
  ///   - content: Makes the view to show; it is called for each screen.
  public init(
    store: Store<Root>,
    history: History<Root>? = nil,
    onChange: @escaping @MainActor () throws -> Void = {},
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    session = Session(store: store, content: content, onChange: onChange, history: history)
  }

  /// Why the last change was not kept: the error of the last call to
  /// `onChange`, or `nil` when it succeeded.
  public var unsavedChange: String? { session.unsavedChange }

  /// Runs the app on the standard input and output until `quit` or the end of
  /// the input.
  ///
  /// When both are a terminal, lines are read with the line editor in raw
  /// mode, and the terminal is restored when the run ends, at `exit`, and
  /// before a signal ends or suspends the program.
  public func run() {
    if Terminal.isInteractive && Terminal.enterRawMode() {
      defer { Terminal.leaveRawMode() }
      var editor = LineEditor(nextInput: Terminal.readTerminal, write: Terminal.send)
      run(
        next: { width in editor.read(width: width, redrawRequested: Terminal.takeRedraw) },
        interactive: true, size: Terminal.size, write: Terminal.send)
    } else {
      var reader = LineReader(nextChunk: Terminal.readStandardInput)
      run(
        reader: &reader, interactive: Terminal.isInteractive, width: Terminal.width,
        write: Terminal.send)
    }
  }

  /// Runs the app on the given lines and output.
  ///
  /// - Parameters:
  ///   - reader: The lines of input.
  ///   - interactive: Whether to clear and redraw the screen rather than
  ///     print screens in sequence and echo the input.
  ///   - width: Returns the width to render each screen at.
  ///   - write: Writes text to the output.
  func run(
    reader: inout LineReader,
    interactive: Bool,
    width: () -> Int,
    write: (String) -> Void
  ) {
    run(
      next: { _ in reader.nextLine().map(LineEditor.Event.line) ?? .end },
      interactive: interactive, size: { (width(), nil) }, write: write)
  }

  /// Runs the app on the given input events and output.
  ///
  /// - Parameters:
  ///   - next: Returns the next input event, given the width of the screen.
  ///   - interactive: Whether to clear and redraw the screen rather than
  ///     print screens in sequence and echo the input.
  ///   - size: Returns the size to render each screen at; with a height,
  ///     long lists are paged to fit it.
  ///   - write: Writes text to the output.
  func run(
    next: (Int) -> LineEditor.Event,
    interactive: Bool,
    size: () -> (width: Int, height: Int?),
    write: (String) -> Void
  ) {
    var message: String?
    while true {
      let (columns, rows) = size()
      var under: [String] = []
      for text in [message, session.unsavedChange].compactMap(\.self) {
        under +=
          interactive
          ? text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { Cells.wrap(String($0), to: columns) } : [text]
      }
      var frame = interactive ? Terminal.clearScreen : ""
      frame += session.render(width: columns, height: rows, reserved: under.count + 1) + "\n"
      for line in under { frame += line + "\n" }
      frame += "> "
      write(frame)
      let line: InputLine
      switch next(columns) {
      case .end:
        write("\n")
        return
      case .redraw:
        continue
      case .line(let entered):
        line = entered
      }
      if !interactive { write(Self.echo(line) + "\n") }
      switch session.handle(line) {
      case .quit: return
      case .proceed(let reply): message = reply
      }
    }
  }

  /// An input line as the transcript of a piped session shows it, with
  /// control characters made visible.
  private static func echo(_ line: InputLine) -> String {
    switch line {
    case .bytes(let bytes):
      Cells.visible(String(decoding: bytes, as: UTF8.self))
    case .tooLong(let byteCount):
      "(a line of \(byteCount) bytes)"
    }
  }
}
