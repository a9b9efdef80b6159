import SwiftReduce

/// Runs a text app: shows a view of a store, reads a line, acts on it, and
/// shows the view again, until `quit` or the end of the input.
///
/// Each input line is one command:
///
/// - `N text` puts `text` (everything after the first space, spaces kept)
///   into text field `N` and submits it;
/// - `N` presses button `N` or taps row `N`;
/// - `help` lists the commands and the controls of the screen;
/// - `quit`, or the end of the input, leaves.
///
/// Actions of controls are dispatched to the runner's store, which every view
/// can read with ``EnvironmentObject``. Anything else, such as an unknown
/// number, text for a button, an empty line, a line longer than 4096 bytes or
/// one that is not UTF-8, is answered with a one-line explanation under the
/// same screen.
///
/// On a terminal the screen is cleared and redrawn at the terminal's width.
/// When the input or the output is not a terminal, each screen is printed
/// after the previous one at the width in `COLUMNS` (80 when unset), with no
/// escape codes, and each input line is echoed after the `> ` prompt, so a
/// session can be piped in and its output compared.
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
  ///   - onChange: Called after each line that used a control, for example
  ///     to save the state. An error it throws is shown under the screen.
  ///   - content: Makes the view to show; it is called for each screen.
  public init(
    store: Store<Root>,
    onChange: @escaping @MainActor () throws -> Void = {},
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    session = Session(store: store, content: content, onChange: onChange)
  }

  /// Runs the app on the standard input and output until `quit` or the end of
  /// the input.
  public func run() {
    let terminal = Terminal.isInteractive
    var reader = LineReader(nextChunk: Terminal.readStandardInput)
    run(reader: &reader, interactive: terminal, width: Terminal.width, write: Terminal.send)
  }

  /// Runs the app on the given input and output.
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
    var message: String?
    while true {
      let columns = width()
      var frame = interactive ? Terminal.clearScreen : ""
      frame += session.render(width: columns) + "\n"
      if let message { frame += message + "\n" }
      frame += "> "
      write(frame)
      guard let line = reader.nextLine() else {
        write("\n")
        return
      }
      if !interactive { write(Self.echo(line) + "\n") }
      switch session.handle(line) {
      case .quit: return
      case .proceed(let reply): message = reply
      }
    }
  }

  /// An input line as the transcript of a piped session shows it.
  private static func echo(_ line: InputLine) -> String {
    switch line {
    case .bytes(let bytes):
      Cells.sanitize(String(decoding: bytes, as: UTF8.self))
    case .tooLong(let byteCount):
      "(a line of \(byteCount) bytes)"
    }
  }
}
