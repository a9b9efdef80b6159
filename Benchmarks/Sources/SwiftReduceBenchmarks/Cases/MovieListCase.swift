import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// MovieList: one command through the real app at 100,000 movies, as a
/// person types it on a terminal, render and save included.
///
/// The benchmark runs itself again as `--movielist-child FILE` on a
/// pseudo-terminal of 100 by 30, where that child runs the MovieList
/// sample's own code (`MovieListApp.main`). Each command is timed from the
/// moment its line is typed to the moment the next screen has been drawn
/// and its prompt is out, which is after the state file was saved: a
/// removal (`5`), a page turn (`n`) and an undo, in rounds; the figure is
/// the median of them all. The target is 50 ms in a release build.
struct MovieListCase: BenchmarkCase {
  let name = "movielist"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let count = run.measurement.quick ? 1_000 : 100_000
    let rounds = run.measurement.quick ? 1 : 7
    let directory = NSTemporaryDirectory() + "SwiftReduceBenchmarks-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/state.json"
    let entries = (1...count).map { "\"Movie \($0)\": 1" }.joined(separator: ", ")
    let written = FileManager.default.createFile(
      atPath: file, contents: Data("{\"name\": \"Ada\", \"movies\": {\(entries)}}".utf8))
    try check(written, "movielist: cannot write \(file)")
    run.progress("movielist: \(rounds) rounds of removal, page turn and undo, \(count) movies")
    let terminal = try Pseudoterminal(rows: 30, columns: 100)
    let child = try terminal.spawnSelf(["--movielist-child", file])
    defer { terminal.end(child) }
    let first = try terminal.awaitScreen()
    try check(
      first.contains("[5] Movie 1 ") && first.contains(" of \(count) (n next"),
      "movielist: the first screen does not show the list:\n\(first)")
    var milliseconds: [Double] = []
    var last = ""
    for _ in 0..<rounds {
      for command in ["5", "n", "undo"] {
        let clock = ContinuousClock()
        let started = clock.now
        terminal.type(command + "\r")
        last = try terminal.awaitScreen()
        let elapsed = clock.now - started
        milliseconds.append(
          Double(elapsed.components.seconds) * 1_000
            + Double(elapsed.components.attoseconds) / 1e15)
      }
    }
    try check(
      last.contains("Undid tapping"), "movielist: the last undo did not say so:\n\(last)")
    terminal.type("quit\r")
    try check(terminal.wait(for: child) == 0, "movielist: the app did not quit with status 0")
    // The snapshot SwiftReducePersistence writes: the movies, by title, under the state.
    let saved = FileManager.default.contents(atPath: file) ?? Data()
    let snapshot = (try? JSONSerialization.jsonObject(with: saved)) as? [String: Any]
    let state = snapshot?["state"] as? [String: Any]
    let favorites = state?["favoriteMovies"] as? [String: Any]
    let movies = (favorites?["movies"] as? [String: Int] ?? [:]).filter { $0.value == 1 }
    try check(
      movies.count == count,
      "movielist: the file holds \(movies.count) movies after the undos, not \(count)")
    milliseconds.sort()
    let median = milliseconds[milliseconds.count / 2]
    run.report.addMilliseconds(
      "movielist.command_ms_\(count)", median, benchmark: name,
      figure: "ms a command, \(Format.grouped(count)) movies", target: 50)
  }
}

/// A pseudo-terminal whose other end a child process gets as its terminal.
private final class Pseudoterminal {
  private let master: Int32
  private let slave: Int32
  private var output: [UInt8] = []

  init(rows: Int, columns: Int) throws(CheckFailure) {
    // posix_openpt, unlockpt and ptsname, by the Linux calls they are made of.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try check(master >= 0, "movielist: no pseudo-terminal")
    var unlock: Int32 = 0
    var number: UInt32 = 0
    // TIOCSPTLCK and TIOCGPTN, whose _IOW/_IOR macros Swift does not import.
    try check(ioctl(master, 0x4004_5431, &unlock) == 0, "movielist: cannot unlock the terminal")
    try check(ioctl(master, 0x8004_5430, &number) == 0, "movielist: no terminal number")
    slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try check(slave >= 0, "movielist: cannot open /dev/pts/\(number)")
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  deinit {
    close(master)
    close(slave)
  }

  /// Runs this executable with `arguments` on the terminal; returns its id.
  func spawnSelf(_ arguments: [String]) throws(CheckFailure) -> pid_t {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    try check(length > 0, "movielist: cannot read /proc/self/exe")
    let executable = String(
      decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for target in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_adddup2(&actions, slave, target)
    }
    let words: [String] = [executable] + arguments
    let settings: [String] = ["TERM=xterm", "PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let environment: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
    defer { for pointer in argv + environment { free(pointer) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, nil, argv, environment)
    try check(status == 0, "movielist: cannot start \(executable) (\(status))")
    return child
  }

  /// Types `keys` as the terminal sends them.
  func type(_ keys: String) {
    output = []
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads until a whole screen has been drawn and the prompt waits after
  /// it; returns that screen.
  func awaitScreen(timeout: Duration = .seconds(60)) throws(CheckFailure) -> String {
    let clear = Array("\u{1B}[2J".utf8)
    let prompt = Array("\n> ".utf8)
    let deadline = ContinuousClock.now + timeout
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if let start = lastRange(of: clear, in: output), output.count >= prompt.count,
        Array(output.suffix(prompt.count)) == prompt, output.count > start + clear.count
      {
        return String(decoding: output[(start + clear.count)...], as: UTF8.self)
      }
      try check(ContinuousClock.now < deadline, "movielist: no screen came within \(timeout)")
      var wait = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&wait, 1, 100) > 0 else { continue }
      let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count > 0 { output += chunk[..<count] }
    }
  }

  private func lastRange(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    for start in stride(from: bytes.count - pattern.count, through: 0, by: -1)
    where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
      return start
    }
    return nil
  }

  /// Waits for `child` to end and returns its exit status.
  func wait(for child: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xFF
  }

  /// Ends `child` if it still runs.
  func end(_ child: pid_t) {
    var status: Int32 = 0
    if waitpid(child, &status, WNOHANG) == 0 {
      kill(child, SIGTERM)
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
  }
}
