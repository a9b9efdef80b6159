#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread that waits for the standard input, so that the main actor stays
/// free while the runner waits: effects started with `store.run`, and
/// anything else on the main actor, run between two input lines.
enum InputThread {
  /// How long the input must stay quiet after an Escape for it to be the
  /// Escape key rather than the start of a key's sequence.
  static let escapeDelay: Int32 = 50

  /// Forwards the keys typed on the terminal, in raw mode, to `events`:
  /// their bytes, ``TerminalInput/quiet`` once the input rests after an
  /// Escape, ``TerminalInput/interrupted`` on a resize, then the end.
  static func forwardKeys(to events: AsyncStream<RunnerEvent>.Continuation) {
    start {
      while true {
        let input = Terminal.readTerminal()
        events.yield(.input(input))
        if input == .end { return }
        if case .bytes(let bytes) = input, bytes.contains(0x1B),
          !Terminal.inputArrives(within: escapeDelay)
        {
          events.yield(.input(.quiet))
        }
      }
    }
  }

  /// Forwards the lines of the standard input to `events`, then the end.
  static func forwardLines(to events: AsyncStream<RunnerEvent>.Continuation) {
    start {
      var reader = LineReader(nextChunk: Terminal.readStandardInput)
      while let line = reader.nextLine() { events.yield(.line(line)) }
      events.yield(.end)
    }
  }

  /// Runs `body` on a new detached thread.
  private static func start(_ body: @escaping @Sendable () -> Void) {
    final class Body {
      let run: @Sendable () -> Void
      init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    // Retained here, released by the thread once it has the closure.
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      // No thread: read on this one, as the runner did before it had one.
      Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
      return
    }
    #if canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
  }
}

/// What the runner's loop waits for.
enum RunnerEvent: Equatable, Sendable {
  /// Input from the terminal, for the line editor.
  case input(TerminalInput)
  /// A line of input that is not a terminal's.
  case line(InputLine)
  /// The end of the input.
  case end
  /// Something the screen rendered in `generation` read has changed.
  case changed(generation: Int)
}
