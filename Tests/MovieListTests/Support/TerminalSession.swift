import Foundation
import SwiftReduceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `MovieList` program running on a pseudo-terminal: keys are
/// typed as the bytes a terminal sends, and the screen is read back through
/// a small terminal emulator.
final class TerminalSession {
  private let master: Int32
  private let slave: Int32
  private let process: Process
  private var screen: TerminalScreen
  private var rows: Int
  private var columns: Int

  init(_ arguments: [String], rows: Int = 24, columns: Int = 60) throws {
    // posix_openpt, unlockpt and ptsname, by the Linux calls they are made of.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try #require(master >= 0, "no pseudo-terminals: \(String(cString: strerror(errno)))")
    var unlock: Int32 = 0
    var number: UInt32 = 0
    // TIOCSPTLCK and TIOCGPTN, whose _IOW/_IOR macros Swift does not import.
    try #require(ioctl(master, 0x4004_5431, &unlock) == 0)
    try #require(ioctl(master, 0x8004_5430, &number) == 0)
    slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try #require(slave >= 0)
    screen = TerminalScreen(rows: rows, columns: columns)
    self.rows = rows
    self.columns = columns
    process = Process()
    process.executableURL = try builtExecutable(named: "MovieList")
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "TERM": "xterm"]
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    setSize(rows: rows, columns: columns)
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
    close(slave)
  }

  /// Types `keys`, as the bytes a terminal sends for them.
  func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// The screen once `condition` holds for it, reading the program's output.
  @discardableResult
  func screen(
    where condition: (String) -> Bool, timeout: Duration = .seconds(20)
  ) throws -> String {
    let deadline = ContinuousClock.now + timeout
    while !condition(screen.text) {
      try #require(ContinuousClock.now < deadline, "the screen never matched:\n\(screen.text)")
      readAvailable()
    }
    return screen.text
  }

  /// Types `line` and Enter, and returns the screen once `condition` holds for it.
  @discardableResult
  func enter(_ line: String, until condition: (String) -> Bool) throws -> String {
    type(line + "\r")
    return try screen(where: condition)
  }

  /// Resizes the terminal and tells the program, as a terminal window does.
  func resize(rows: Int, columns: Int) {
    setSize(rows: rows, columns: columns)
    screen = TerminalScreen(rows: rows, columns: columns)
    self.rows = rows
    self.columns = columns
    kill(process.processIdentifier, SIGWINCH)
  }

  /// Sends `signal` to the program, without waiting.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits until the program is stopped, as its `/proc` status says.
  func waitUntilStopped(timeout: Duration = .seconds(20)) throws {
    let deadline = ContinuousClock.now + timeout
    let path = "/proc/\(process.processIdentifier)/stat"
    while true {
      // The state follows the command name, which is in parentheses.
      let status = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      if let end = status.lastIndex(of: ")"),
        status[end...].dropFirst().drop(while: { $0 == " " }).first == "T"
      {
        return
      }
      try #require(ContinuousClock.now < deadline, "the program never stopped: \(status)")
      usleep(10_000)
    }
  }

  /// Forgets what the screen shows, so that only what is drawn after is seen.
  func forgetScreen() {
    readAvailable()
    screen = TerminalScreen(rows: rows, columns: columns)
  }

  /// Where the cursor is once the program has ended, as (row, column) from 0.
  func cursorAfterExit() -> (row: Int, column: Int) {
    process.waitUntilExit()
    var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    while poll(&poller, 1, 0) > 0 && poller.revents & Int16(POLLIN) != 0 { readAvailable() }
    return screen.cursor
  }

  /// Sends `signal` to the program and waits for it to end.
  func end(with signal: Int32) -> Process.TerminationReason {
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    return process.terminationReason
  }

  /// Waits for the program to end and returns its exit status.
  func waitForExit() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The terminal's local modes (`ICANON`, `ECHO`, …) now.
  var localModes: tcflag_t {
    // A buffer of the struct's stride: `tcgetattr` writes C's 60 bytes, more
    // than the 57 of a Swift `termios` variable.
    withUnsafeTemporaryAllocation(of: termios.self, capacity: 1) { buffer in
      buffer.initialize(repeating: termios())
      tcgetattr(slave, buffer.baseAddress)
      return buffer[0].c_lflag
    }
  }

  private func setSize(rows: Int, columns: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  private func readAvailable() {
    var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, 50) > 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if count > 0 { screen.feed(chunk[..<count]) }
  }
}

/// The few terminal codes MovieList uses, applied to a grid of cells.
struct TerminalScreen {
  private var cells: [[Character]]
  private var row = 0
  private var column = 0
  private var pending: [UInt8] = []

  init(rows: Int, columns: Int) {
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen's lines without trailing spaces, and without empty lines at the end.
  var text: String {
    var lines = cells.map { line in
      var text = String(line)
      while text.last == " " { text.removeLast() }
      return text
    }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Where the cursor is, as (row, column) from 0.
  var cursor: (row: Int, column: Int) { (row, column) }

  mutating func feed(_ bytes: ArraySlice<UInt8>) {
    pending += bytes
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        guard index + 2 < pending.count,
          let end = pending[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) })
        else { break }
        control(String(decoding: pending[(index + 2)..<end], as: UTF8.self), final: pending[end])
        index = end + 1
        continue
      }
      var length = 1
      if byte >= 0xF0 {
        length = 4
      } else if byte >= 0xE0 {
        length = 3
      } else if byte >= 0xC0 {
        length = 2
      }
      guard index + length <= pending.count else { break }
      let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
      index += length
      switch byte {
      case 0x0D: column = 0
      case 0x0A: lineFeed()
      case 0x07: break
      default:
        for character in text { put(character) }
      }
    }
    pending.removeFirst(index)
  }

  private mutating func put(_ character: Character) {
    if column >= cells[0].count {
      column = 0
      lineFeed()
    }
    cells[row][column] = character
    column += 1
  }

  private mutating func lineFeed() {
    if row + 1 < cells.count {
      row += 1
    } else {
      cells.removeFirst()
      cells.append(Array(repeating: " ", count: cells[0].count))
    }
  }

  private mutating func control(_ parameters: String, final: UInt8) {
    let count = Int(parameters) ?? 1
    switch Unicode.Scalar(final) {
    case "H":
      row = 0
      column = 0
    case "J":
      for index in cells.indices { cells[index] = Array(repeating: " ", count: cells[0].count) }
    case "K":
      for index in column..<cells[row].count { cells[row][index] = " " }
    case "D":
      column = max(column - count, 0)
    case "C":
      column = min(column + count, cells[0].count - 1)
    default:
      break
    }
  }
}
