#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The standard input and output, and what is known about the terminal.
enum Terminal {
  /// Moves the cursor home and clears the screen.
  static let clearScreen = "\u{1B}[H\u{1B}[2J"

  /// Whether both the input and the output are a terminal.
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// The width of the terminal, or `COLUMNS`, or 80.
  static func width() -> Int {
    if isInteractive {
      var size = winsize()
      if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
        return Int(size.ws_col)
      }
    }
    if let value = getenv("COLUMNS"), let columns = Int(String(cString: value)),
      (1...10_000).contains(columns)
    {
      return columns
    }
    return 80
  }

  /// The next bytes of the standard input, or `nil` at its end or on an error.
  static func readStandardInput() -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 { return Array(chunk[..<count]) }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// Writes `text` to the standard output, whole.
  static func send(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
