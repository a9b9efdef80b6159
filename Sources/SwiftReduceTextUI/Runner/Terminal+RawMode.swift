#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The state the signal handlers read. It is plain memory of C types, made
// before the handlers are installed, because a signal handler may only touch
// such memory and call async-signal-safe functions.
//
// The two `termios` live in allocations of their stride: Swift lays a global
// or local `termios` out in its size, 57 bytes on Linux, and `tcgetattr`
// writes the C struct's 60, past its end (the address sanitizer caught it).
nonisolated(unsafe) private let savedAttributes = makeAttributes()
nonisolated(unsafe) private let rawAttributes = makeAttributes()
nonisolated(unsafe) private var redrawPending: sig_atomic_t = 0
/// What to say on the standard error when a signal ends the program, as a
/// C string; replaced whole and never freed, since a handler may be reading it.
nonisolated(unsafe) private var interruptNote: UnsafeMutablePointer<CChar>?
/// A pipe the resize handler writes a byte to, so that a resize that comes
/// while keys are being handled still wakes the next wait for input.
nonisolated(unsafe) private var wakeReadEnd: Int32 = -1
nonisolated(unsafe) private var wakeWriteEnd: Int32 = -1

/// Memory for one `termios`, never freed, as large as C's struct.
private func makeAttributes() -> UnsafeMutablePointer<termios> {
  let attributes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  attributes.initialize(to: termios())
  return attributes
}

/// The signals that end the program by default; the terminal is restored
/// before each one takes effect.
private let endingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

extension Terminal {
  /// Puts the terminal in raw mode for the line editor: no line buffering,
  /// no echo, no flow control, signals kept (Ctrl-C still interrupts).
  ///
  /// The saved mode is restored by ``leaveRawMode()``, at `exit`, and before
  /// a signal ends or suspends the program; a resize (`SIGWINCH`) or a
  /// return from suspension asks for a redraw (see ``takeRedraw()``).
  ///
  /// - Returns: Whether the terminal is now in raw mode.
  static func enterRawMode() -> Bool {
    guard tcgetattr(STDIN_FILENO, savedAttributes) == 0 else { return false }
    rawAttributes.pointee = savedAttributes.pointee
    rawAttributes.pointee.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    rawAttributes.pointee.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
    withUnsafeMutableBytes(of: &rawAttributes.pointee.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    redrawPending = 0
    if wakeReadEnd < 0 {
      var descriptors: [Int32] = [-1, -1]
      guard pipe(&descriptors) == 0 else { return false }
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
      (wakeReadEnd, wakeWriteEnd) = (descriptors[0], descriptors[1])
    }
    for signal in endingSignals {
      install(signal) { signal in
        tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
        if let note = interruptNote { _ = write(STDERR_FILENO, note, strlen(note)) }
        Terminal.resetToDefault(signal)
        raise(signal)
      }
    }
    installSuspendHandler()
    install(SIGWINCH) { _ in
      redrawPending = 1
      var byte: UInt8 = 1
      _ = write(wakeWriteEnd, &byte, 1)
    }
    // Continued after a stop (Ctrl-Z then fg, or SIGSTOP then SIGCONT):
    // raw mode again, and the screen drawn again, whichever thread the
    // signal came to.
    install(SIGCONT) { _ in
      tcsetattr(STDIN_FILENO, TCSANOW, rawAttributes)
      redrawPending = 1
      var byte: UInt8 = 1
      _ = write(wakeWriteEnd, &byte, 1)
    }
    // A program started by another may inherit these signals blocked.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in endingSignals + [SIGTSTP, SIGCONT, SIGWINCH] { sigaddset(&handled, signal) }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    atexit { tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes) }
    return tcsetattr(STDIN_FILENO, TCSANOW, rawAttributes) == 0
  }

  /// Restores the mode the terminal had before ``enterRawMode()`` and the
  /// default actions of the signals it handled.
  static func leaveRawMode() {
    for signal in endingSignals + [SIGTSTP, SIGCONT, SIGWINCH] {
      resetToDefault(signal)
    }
    tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
  }

  /// Sets what a signal that ends the program (Ctrl-C, `kill`) says on the
  /// standard error before it does, on a line of its own; `nil` says nothing.
  static func setInterruptNote(_ note: String?) {
    let current = interruptNote.map { String(cString: $0) }
    let wanted = note.map { "\r\n" + $0 + "\n" }
    guard current != wanted else { return }
    interruptNote = wanted.map { strdup($0) }
  }

  /// Whether the screen should be drawn again since the last call, because
  /// the terminal was resized or the program continued after a suspension.
  static func takeRedraw() -> Bool {
    defer { redrawPending = 0 }
    return redrawPending != 0
  }

  /// The next bytes typed, or why there are none: the read was interrupted
  /// by a signal (such as a resize), or the input ended.
  static func readTerminal() -> TerminalInput {
    var waits = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0),
    ]
    guard poll(&waits, 2, -1) >= 0 else { return errno == EINTR ? .interrupted : .end }
    var chunk = [UInt8](repeating: 0, count: 4096)
    if waits[1].revents != 0 {
      while chunk.withUnsafeMutableBytes({ read(wakeReadEnd, $0.baseAddress, $0.count) }) > 0 {}
      return .interrupted
    }
    let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count > 0 { return .bytes(Array(chunk[..<count])) }
    if count < 0 && errno == EINTR { return .interrupted }
    return .end
  }

  /// Whether input arrives on the standard input within `milliseconds`.
  static func inputArrives(within milliseconds: Int32) -> Bool {
    var wait = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&wait, 1, milliseconds)
      if ready >= 0 { return ready > 0 }
      if errno != EINTR { return false }
    }
  }

  /// The size of the terminal: its width, and its height when it is known.
  static func size() -> (width: Int, height: Int?) {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
      return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : nil)
    }
    return (width(), nil)
  }

  // MARK: - Signals

  /// Sets the action of `signal`; a `nil` handler is the default action.
  private static func install(
    _ signal: Int32, flags: Int32 = 0, _ handler: (@convention(c) (Int32) -> Void)?
  ) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: a signal interrupts the read, so a resize is drawn at once.
    action.sa_flags = flags
    sigaction(signal, &action, nil)
  }

  fileprivate static func resetToDefault(_ signal: Int32) {
    install(signal, nil)
  }

  /// Restores the terminal before a suspension (Ctrl-Z) and takes it back,
  /// asking for a redraw, when the program continues.
  fileprivate static func installSuspendHandler() {
    // SA_NODEFER lets the handler raise its own signal, which stops the
    // program there; the lines after `raise` run once it continues.
    install(SIGTSTP, flags: SA_NODEFER) { signal in
      tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
      Terminal.resetToDefault(signal)
      raise(signal)
      tcsetattr(STDIN_FILENO, TCSANOW, rawAttributes)
      redrawPending = 1
      Terminal.installSuspendHandler()
    }
  }
}

/// What a read from the terminal gave.
enum TerminalInput: Equatable, Sendable {
  case bytes([UInt8])
  /// Nothing more arrived for a short while after the last bytes, so a
  /// lone Escape among them was the Escape key, not the start of a sequence.
  case quiet
  /// A signal interrupted the read.
  case interrupted
  /// The input ended or failed.
  case end
}
