import Observation
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
/// - `undo` and `redo`, when the runner has a `History`, revert and apply
///   again the changes of the lines before;
/// - `n` and `p` show the next and the previous page of a long list, and
///   `g N` its page `N`;
/// - the app's own ``Command``s, such as `sort views`;
/// - `help` lists the commands and the controls of the screen, wrapped to
///   its width; on a terminal too short for it, a page at a time (`help 2`
///   for the next), each shown alone;
/// - `quit`, `q`, `exit`, or the end of the input, leaves.
///
/// Commands are read in any case (`Undo`, `QUIT`).
///
/// Actions of controls are dispatched to the runner's store, which every view
/// can read with ``EnvironmentObject``. Anything else, such as an unknown
/// number, text for a button, an empty line, a line longer than 4096 bytes or
/// one that is not UTF-8, is answered with a one-line explanation under the
/// same screen. When `onChange` fails, its error stays under every screen
/// until it succeeds.
///
/// On a terminal the screen is cleared and redrawn at the terminal's size,
/// again when the terminal is resized and when the program continues after
/// a stop (Ctrl-Z, then `fg`); the first ``List`` made from a collection
/// shows a page of rows that fits, with the rest of the screen and a line
/// for a message kept in sight, the same rows whatever the message; and
/// lines are typed with a line editor (see the
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
/// await runner.run()
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
  private let welcome: String?

  /// Creates a runner for a store and the view that shows it.
  ///
  /// - Parameters:
  ///   - store: The store that control actions are dispatched to, provided
  ///     to the views as an ``EnvironmentObject``.
  ///   - history: When given, each line that used a control is recorded as
  ///     one step and the `undo` and `redo` commands revert and reapply
  ///     steps; it must be a history of `store`.
  ///   - onChange: Called after each line that changed something (a control,
  ///     `undo`, `redo`), for example to save the state. An error it throws
  ///     is shown under every screen until a later call succeeds.
  ///   - welcome: A line shown under the first screen only, such as where
  ///     to find help.
  ///   - commands: The app's own commands, listed by `help` after the
  ///     runner's.
  ///   - content: Makes the view to show; it is called for each screen.
  public init(
    store: Store<Root>,
    history: History<Root>? = nil,
    onChange: @escaping @MainActor () throws -> Void = {},
    welcome: String? = nil,
    commands: [Command] = [],
    @ViewBuilder content: @escaping @MainActor () -> Content
  ) {
    session = Session(
      store: store, content: content, onChange: onChange, history: history, commands: commands)
    self.welcome = welcome
  }

  /// Why the last change was not kept: the error of the last call to
  /// `onChange`, or `nil` when it succeeded.
  public var unsavedChange: String? { session.unsavedChange }

  /// How many changes in a row `onChange` failed to keep, since it last
  /// succeeded; 0 when everything was kept.
  public var unsavedChangeCount: Int { session.unsavedChangeCount }

  /// Runs the app on the standard input and output until `quit` or the end of
  /// the input.
  ///
  /// The input is read on a thread of its own, so the main actor is free
  /// while the runner waits: effects started with `store.run` run, and
  /// a change to anything the screen read (tracked with Observation's
  /// `withObservationTracking` around each rendering) draws the screen again
  /// without a key press. On a terminal, a screen that would look the same
  /// is not drawn again.
  ///
  /// When both are a terminal, lines are read with the line editor in raw
  /// mode, and the terminal is restored when the run ends, at `exit`, and
  /// before a signal ends or suspends the program; Ctrl-C with changes that
  /// `onChange` could not keep says how many on the standard error first.
  public func run() async {
    let (events, continuation) = AsyncStream.makeStream(of: RunnerEvent.self)
    if Terminal.isInteractive && Terminal.enterRawMode() {
      defer {
        Terminal.setInterruptNote(nil)
        Terminal.leaveRawMode()
      }
      InputThread.forwardKeys(to: continuation)
      await run(
        events: events, changes: continuation, interactive: true, size: Terminal.size,
        redrawRequested: Terminal.takeRedraw, write: Terminal.send)
    } else {
      InputThread.forwardLines(to: continuation)
      await run(
        events: events, changes: continuation, interactive: Terminal.isInteractive,
        size: { (Terminal.width(), nil) }, write: Terminal.send)
    }
  }

  /// Runs the app on the lines `reader` reads, all known in advance.
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
    write: @escaping (String) -> Void
  ) async {
    let (events, continuation) = AsyncStream.makeStream(of: RunnerEvent.self)
    while let line = reader.nextLine() { continuation.yield(.line(line)) }
    continuation.yield(.end)
    await run(
      events: events, changes: continuation, interactive: interactive,
      size: { (width(), nil) }, write: write)
  }

  /// Runs the app on the given events and output.
  ///
  /// - Parameters:
  ///   - events: The input, as keys for the line editor when `interactive`
  ///     or as lines otherwise, and the changes the screens report.
  ///   - changes: Where a screen reports that something it read changed.
  ///   - interactive: Whether to clear and redraw the screen, with a line
  ///     editor, rather than print screens in sequence and echo the input.
  ///   - size: Returns the size to render each screen at; with a height,
  ///     long lists are paged to fit it.
  ///   - redrawRequested: Asked when the input was interrupted by a signal.
  ///   - write: Writes text to the output.
  func run(
    events: AsyncStream<RunnerEvent>,
    changes: AsyncStream<RunnerEvent>.Continuation,
    interactive: Bool,
    size: () -> (width: Int, height: Int?),
    redrawRequested: () -> Bool = { false },
    write: @escaping (String) -> Void
  ) async {
    var loop = Loop(
      session: session, interactive: interactive, changes: changes, write: write,
      message: welcome)
    loop.show(size: size(), force: true)
    for await event in events {
      switch event {
      case .changed(let generation):
        guard generation == loop.generation else { continue }
        loop.show(size: size(), force: false)
      case .end:
        write("\n")
        return
      case .line(let line):
        if !interactive { write(Self.echo(line) + "\n") }
        guard loop.handle(line) else { return }
        loop.show(size: size(), force: true)
      case .input(.interrupted):
        if redrawRequested() { loop.show(size: size(), force: true) }
      case .input(let input):
        var next = loop.editor.receive(input)
        while let event = next {
          switch event {
          case .end:
            write("\n")
            return
          case .redraw:
            loop.show(size: size(), force: true)
          case .line(let line):
            guard loop.handle(line) else {
              // The shell's prompt comes on a line of its own.
              write("\r\n")
              return
            }
            loop.show(size: size(), force: false, afterLine: true)
          }
          next = loop.editor.nextEvent()
        }
        if input == .end {
          write("\n")
          return
        }
      }
    }
  }

  /// The state of one run: the editor, the message under the screen, and
  /// the last screen drawn.
  private struct Loop {
    let session: Session<Root, Content>
    let interactive: Bool
    let changes: AsyncStream<RunnerEvent>.Continuation
    let write: (String) -> Void
    var message: String?
    var editor: LineEditor
    /// The screen last drawn, with the lines under it, without the prompt.
    var shown: String?
    /// Counts renderings; a change reported by an older one is stale.
    var generation = 0

    init(
      session: Session<Root, Content>, interactive: Bool,
      changes: AsyncStream<RunnerEvent>.Continuation, write: @escaping (String) -> Void,
      message: String?
    ) {
      self.session = session
      self.interactive = interactive
      self.changes = changes
      self.write = write
      self.message = message
      editor = LineEditor(write: write)
    }

    /// Acts on a line; returns whether to go on.
    @MainActor
    mutating func handle(_ line: InputLine) -> Bool {
      switch session.handle(line) {
      case .quit: return false
      case .proceed(let reply): message = reply
      }
      Terminal.setInterruptNote(session.unsavedNote)
      return true
    }

    /// Renders the screen, tracking what it reads, and draws it unless it
    /// looks as it did.
    ///
    /// `force` draws it on a terminal even then, as after a resize. After a
    /// line entered on a terminal, a screen that looks as it did gets only
    /// its prompt back, emptied.
    @MainActor
    mutating func show(
      size: (width: Int, height: Int?), force: Bool, afterLine: Bool = false
    ) {
      generation += 1
      let current = generation
      let changes = changes
      let frame = withObservationTracking {
        compose(width: size.width, height: size.height)
      } onChange: {
        changes.yield(.changed(generation: current))
      }
      defer { shown = frame }
      if interactive {
        if force || frame != shown {
          write(Terminal.clearScreen + frame + "> ")
          editor.start(width: size.width)
        } else if afterLine {
          editor.redrawLine(width: size.width)
        }
      } else if force {
        write(frame + "> ")
      } else if frame != shown {
        // A change that came while waiting for a line: the screen again,
        // after the prompt that waits.
        write("\n" + frame + "> ")
      }
    }

    /// The screen with the message and the unkept change under it.
    @MainActor
    private func compose(width: Int, height: Int?) -> String {
      var under: [String] = []
      for text in [message, session.unsavedChange].compactMap(\.self) {
        under +=
          interactive
          ? text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { Cells.wrap(String($0), to: width) } : [text]
      }
      // A page holds as many rows with no message or a one-line one, so
      // `g N` and the page count do not change with the message; a longer
      // message shows fewer rows of the same page.
      // A message taller than half the screen, such as a page of help, is
      // shown alone; the screen is still rendered, as without a message,
      // for its controls and to be told of changes.
      let alone = interactive && height.map { 2 * (under.count + 1) > $0 } ?? false
      let screen = session.render(
        width: width, height: height, reserved: alone ? 2 : max(under.count, 1) + 1)
      if alone { return under.map { $0 + "\n" }.joined() }
      var frame = screen + "\n"
      for line in under { frame += line + "\n" }
      return frame
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
