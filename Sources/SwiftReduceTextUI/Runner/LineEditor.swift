/// Reads lines typed on a terminal in raw mode, with the editing keys of a
/// shell prompt.
///
/// | Keys | Effect |
/// | --- | --- |
/// | Left, Right, Ctrl-B, Ctrl-F | move the cursor one character |
/// | Home, End, Ctrl-A, Ctrl-E | move to the start or the end |
/// | Backspace, Delete, Ctrl-D | delete before or at the cursor |
/// | Ctrl-U, Ctrl-K | delete to the start or to the end |
/// | Ctrl-W | delete the word before the cursor |
/// | Up, Down | go through the lines entered since the start |
/// | Enter | enter the line |
/// | Ctrl-D on an empty line | end the input |
/// | Ctrl-L | draw the screen again |
///
/// Other escape sequences (function keys, Alt with a key) are dropped whole,
/// so they never reach the text; Escape alone, with nothing following it
/// before the input goes quiet (``TerminalInput/quiet``), does nothing and
/// takes no key with it. Other control characters are kept and shown as
/// visible symbols such as `␉`, for the runner to refuse. The line is drawn
/// after the prompt and scrolls sideways to keep the cursor in sight, back
/// as well as forward, when it is wider than the terminal.
///
/// Input is pushed in with ``receive(_:)`` as it arrives, so the runner can
/// wait for it without blocking the main actor; ``read(width:redrawRequested:)``
/// pulls it from `nextInput` instead.
struct LineEditor {
  /// What a call to ``read(width:)`` ended with.
  enum Event: Equatable {
    case line(InputLine)
    /// The screen should be drawn again; the text typed so far is kept.
    case redraw
    case end
  }

  private let nextInput: () -> TerminalInput
  private let write: (String) -> Void
  private let prompt: String

  private var text: [Character] = []
  private var cursor = 0
  /// The index of the first character shown, when the line scrolls.
  private var scroll = 0
  private var width = 80
  /// The bytes read but not yet acted on.
  private var pending: [UInt8] = []
  /// The bytes typed past ``LineReader/limit`` and dropped: the line is
  /// then refused when entered, with its length, as a piped line is.
  private var droppedByteCount = 0

  /// The lines entered, oldest first, and the one shown while going through them.
  private var history: [String] = []
  private var historyIndex = 0
  private var draft: [Character] = []

  /// Creates an editor reading from `nextInput` and drawing with `write`
  /// after `prompt`, which is already on the screen when ``read(width:)`` is called.
  init(
    prompt: String = "> ",
    nextInput: @escaping () -> TerminalInput = { .end },
    write: @escaping (String) -> Void
  ) {
    self.prompt = prompt
    self.nextInput = nextInput
    self.write = write
  }

  /// Edits a line until it is entered, the input ends or a redraw is needed.
  ///
  /// - Parameters:
  ///   - width: The width of the terminal, which the line scrolls within.
  ///   - redrawRequested: Asked when a read is interrupted by a signal.
  /// - Returns: The line entered, the end of the input, or a redraw request.
  mutating func read(width: Int, redrawRequested: () -> Bool = { false }) -> Event {
    start(width: width)
    while true {
      if let event = nextEvent() { return event }
      let input = nextInput()
      if input == .interrupted {
        if redrawRequested() { return .redraw }
      } else if let event = receive(input) {
        return event
      }
    }
  }

  /// Starts editing on a new screen `width` cells wide, whose prompt is
  /// already drawn: draws the text typed so far after it.
  mutating func start(width: Int) {
    self.width = width
    if !text.isEmpty { draw() }
  }

  /// Takes input that arrived and returns the first event it completes;
  /// the keys after that event wait for ``nextEvent()``.
  mutating func receive(_ input: TerminalInput) -> Event? {
    switch input {
    case .bytes(let bytes):
      pending += bytes
    case .quiet:
      // Escape with nothing after it is the Escape key: it does nothing, and
      // the next key typed is read on its own rather than as Alt with it.
      if pending.first == 0x1B && nextKeyWaitsForInput { pending.removeFirst() }
    case .interrupted:
      return nil
    case .end:
      // What was typed before the end is entered, as a last line is when piped.
      if pending.isEmpty && text.isEmpty { return .end }
      pending.append(0x0D)
    }
    return nextEvent()
  }

  /// The next event of the keys received, or `nil` when more input is needed.
  mutating func nextEvent() -> Event? {
    while let key = nextKey() {
      if let event = apply(key) { return event }
    }
    return nil
  }

  /// Whether the keys received so far end in the middle of a key.
  var nextKeyWaitsForInput: Bool {
    var copy = self
    return copy.nextKey() == nil && !pending.isEmpty
  }

  /// Draws the prompt and the line again, as after the screen was redrawn
  /// or the line entered without changing the screen.
  mutating func redrawLine(width: Int) {
    self.width = width
    draw()
  }

  // MARK: - Keys

  private enum Key: Equatable {
    case text(String)
    case left, right, home, end, up, down
    case backspace, delete, deleteOrEnd, killToStart, killToEnd, killWord
    case enter, redraw, ignored
  }

  /// The control characters that are editing keys.
  private static let controlKeys: [UInt8: Key] = [
    0x01: .home, 0x02: .left, 0x04: .deleteOrEnd, 0x05: .end, 0x06: .right,
    0x08: .backspace, 0x0B: .killToEnd, 0x0C: .redraw, 0x15: .killToStart,
    0x17: .killWord, 0x7F: .backspace,
  ]

  /// The bytes that end a run of text: keys, Enter and escape.
  private static let keyBytes = Set(controlKeys.keys).union([0x0A, 0x0D, 0x1B])

  /// The next complete key in ``pending``, or `nil` when more bytes are needed.
  private mutating func nextKey() -> Key? {
    guard let first = pending.first else { return nil }
    switch first {
    case 0x1B:
      return escapeSequence()
    case 0x0D, 0x0A:
      pending.removeFirst()
      // A CR LF pair, as some terminals send, is one Enter.
      if first == 0x0D && pending.first == 0x0A { pending.removeFirst() }
      return .enter
    case _ where Self.controlKeys[first] != nil:
      pending.removeFirst()
      return Self.controlKeys[first]
    default:
      return textRun()
    }
  }

  /// A run of text up to the next key that is not text, decoded as UTF-8.
  private mutating func textRun() -> Key? {
    var end = 0
    while end < pending.count && !Self.keyBytes.contains(pending[end]) { end += 1 }
    // Keep an incomplete UTF-8 sequence at the end for the next read.
    var complete = end
    var back = end - 1
    while back >= 0 && back >= end - 3 && pending[back] & 0xC0 == 0x80 { back -= 1 }
    if back >= 0 && pending[back] >= 0xC0 {
      let length = pending[back] >= 0xF0 ? 4 : pending[back] >= 0xE0 ? 3 : 2
      if end - back < length && end == pending.count { complete = back }
    }
    guard complete > 0 else { return end == pending.count ? nil : .ignored }
    let bytes = Array(pending[..<complete])
    pending.removeFirst(complete)
    return .text(String(decoding: bytes, as: UTF8.self))
  }

  /// A key sent as an escape sequence; unknown ones are dropped whole.
  private mutating func escapeSequence() -> Key? {
    guard pending.count >= 2 else { return nil }
    let introducer = pending[1]
    if introducer == UInt8(ascii: "O") {
      guard pending.count >= 3 else { return nil }
      let final = pending[2]
      pending.removeFirst(3)
      return Self.key(final: final, parameters: "")
    }
    guard introducer == UInt8(ascii: "[") else {
      // Alt with a key, or a lone Escape followed by a key: drop both.
      pending.removeFirst(2)
      return .ignored
    }
    var index = 2
    while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
    guard index < pending.count else { return nil }
    let parameters = String(decoding: pending[2..<index], as: UTF8.self)
    let final = pending[index]
    pending.removeFirst(index + 1)
    return Self.key(final: final, parameters: parameters)
  }

  private static func key(final: UInt8, parameters: String) -> Key {
    switch (Unicode.Scalar(final), parameters) {
    case ("A", _): .up
    case ("B", _): .down
    case ("C", _): .right
    case ("D", _): .left
    case ("H", _), ("~", "1"), ("~", "7"): .home
    case ("F", _), ("~", "4"), ("~", "8"): .end
    case ("~", "3"): .delete
    default: .ignored
    }
  }

  // MARK: - Editing

  private mutating func apply(_ key: Key) -> Event? {
    switch key {
    case .text(let typed):
      let limit = LineReader.limit - String(text).utf8.count
      guard typed.utf8.count <= limit else {
        // Kept out of the line, and said when it is entered.
        droppedByteCount += typed.utf8.count
        write("\u{07}")
        return nil
      }
      let before = text.count
      var edited = text
      edited.insert(contentsOf: typed, at: cursor)
      // Combining marks join the character before them: count again.
      text = Array(String(edited))
      cursor += text.count - before
    case .left: cursor = max(cursor - 1, 0)
    case .right: cursor = min(cursor + 1, text.count)
    case .home: cursor = 0
    case .end: cursor = text.count
    case .backspace:
      guard cursor > 0 else { return nil }
      text.remove(at: cursor - 1)
      cursor -= 1
    case .delete:
      guard cursor < text.count else { return nil }
      text.remove(at: cursor)
    case .deleteOrEnd:
      if text.isEmpty {
        write("\r\n")
        return .end
      }
      if cursor < text.count { text.remove(at: cursor) }
    case .killToStart:
      text.removeSubrange(..<cursor)
      cursor = 0
      if text.isEmpty { droppedByteCount = 0 }
    case .killToEnd:
      text.removeSubrange(cursor...)
    case .killWord:
      var start = cursor
      while start > 0 && text[start - 1].isWhitespace { start -= 1 }
      while start > 0 && !text[start - 1].isWhitespace { start -= 1 }
      text.removeSubrange(start..<cursor)
      cursor = start
    case .up, .down:
      moveInHistory(up: key == .up)
    case .enter:
      let line = String(text)
      let dropped = droppedByteCount
      droppedByteCount = 0
      if !line.isEmpty && history.last != line { history.append(line) }
      historyIndex = history.count
      text = []
      cursor = 0
      scroll = 0
      if dropped > 0 { return .line(.tooLong(byteCount: line.utf8.count + dropped)) }
      // The runner draws what follows: a new screen, or the prompt again.
      return .line(.bytes(Array(line.utf8)))
    case .redraw:
      return .redraw
    case .ignored:
      return nil
    }
    draw()
    return nil
  }

  private mutating func moveInHistory(up: Bool) {
    if historyIndex == history.count { draft = text }
    let target = historyIndex + (up ? -1 : 1)
    guard target >= 0 && target <= history.count else { return }
    historyIndex = target
    text = target == history.count ? draft : Array(history[target])
    cursor = text.count
  }

  // MARK: - Drawing

  /// Draws the prompt and the part of the line around the cursor.
  ///
  /// The first character shown follows the cursor both ways: it moves right
  /// when the cursor would leave the room, and back left as far as the rest
  /// of the line then fits, so a line that got shorter is shown again whole.
  private mutating func draw() {
    let room = max(width - Cells.width(of: prompt) - 1, 1)
    let shown = text.map { Cells.visible(String($0)) }
    let widths = shown.map { Cells.width(of: $0) }
    scroll = min(scroll, cursor)
    var beforeCursor = widths[scroll..<cursor].reduce(0, +)
    while scroll < cursor && beforeCursor > room {
      beforeCursor -= widths[scroll]
      scroll += 1
    }
    var fromScroll = widths[scroll...].reduce(0, +)
    while scroll > 0 && fromScroll + widths[scroll - 1] <= room {
      scroll -= 1
      fromScroll += widths[scroll]
    }
    var visible = ""
    var used = 0
    var afterCursor = 0
    for index in scroll..<text.count {
      guard used + widths[index] <= room else { break }
      visible += shown[index]
      used += widths[index]
      if index >= cursor { afterCursor += widths[index] }
    }
    write("\r" + prompt + visible + "\u{1B}[K" + (afterCursor > 0 ? "\u{1B}[\(afterCursor)D" : ""))
  }
}
