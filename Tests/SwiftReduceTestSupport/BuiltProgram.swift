import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a run of a program built beside the tests printed and how it ended.
public struct ProgramRun: Sendable {
  /// Everything it wrote to its standard output.
  public let standardOutput: String
  /// Everything it wrote to its standard error.
  public let standardError: String
  /// Its exit status.
  public let status: Int32
}

/// Who runs the program: the user running the tests, or `nobody`, so that
/// permission checks hold even when the tests run as root.
public enum ProgramUser: Sendable {
  case current
  case nobody

  /// The user id of `nobody`.
  public static let nobodyID: uid_t = 65_534
}

/// The executable `name` built beside the tests, as `swift build` puts products.
public func builtExecutable(named name: String) throws -> URL {
  let directory = try #require(Bundle.main.executableURL).deletingLastPathComponent()
  let executable = directory.appendingPathComponent(name)
  try #require(
    FileManager.default.isExecutableFile(atPath: executable.path),
    "\(name) is not built beside the tests in \(directory.path)")
  return executable
}

/// Runs the executable `name` built beside the tests, with `input` piped in
/// and only the given environment (plus `PATH`).
public func runProgram(
  _ name: String,
  _ arguments: [String] = [],
  input: String = "",
  environment: [String: String] = [:],
  as user: ProgramUser = .current
) throws -> ProgramRun {
  let running = try RunningProgram(name, arguments, environment: environment, as: user)
  running.send(input)
  return running.finish()
}

/// A process of a program built beside the tests, whose input is written a
/// piece at a time, for sessions that must interleave with another process.
public final class RunningProgram: @unchecked Sendable {
  private let process: Process
  private let input: FileHandle
  private let output = Mutex(Data())
  private let errors = Mutex(Data())
  private let outputsClosed = DispatchGroup()

  /// Starts the executable `name` with `arguments`, only the given
  /// environment (plus `PATH`), as `user`.
  public init(
    _ name: String, _ arguments: [String], environment: [String: String] = [:],
    as user: ProgramUser = .current
  ) throws {
    let executable = try builtExecutable(named: name)
    process = Process()
    if user == .nobody && geteuid() == 0 {
      // setpriv drops to nobody before running the program, as a user would.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      let user = ProgramUser.nobodyID
      process.arguments =
        ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--", executable.path]
        + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    input = standardInput.fileHandleForWriting
    try process.run()
    collect(standardOutput.fileHandleForReading) { [self] data in
      output.withLock { $0.append(data) }
    }
    collect(standardError.fileHandleForReading) { [self] data in
      errors.withLock { $0.append(data) }
    }
  }

  /// Reads `handle` to its end on a thread of its own.
  private func collect(_ handle: FileHandle, _ append: @escaping @Sendable (Data) -> Void) {
    outputsClosed.enter()
    let group = outputsClosed
    Thread.detachNewThread {
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        append(data)
      }
      group.leave()
    }
  }

  /// What the program printed so far.
  public var standardOutput: String {
    output.withLock { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes `text` to the program's input.
  ///
  /// A program that has already ended (a test of a refused file, say) has
  /// closed its end of the pipe: the write then fails with `EPIPE`, which is
  /// ignored here rather than ending the whole test process with `SIGPIPE`.
  public func send(_ text: String) {
    Self.ignoreBrokenPipes
    try? input.write(contentsOf: Data(text.utf8))
  }

  /// Makes a write to a closed pipe fail with `EPIPE` instead of raising `SIGPIPE`, once.
  private static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  /// Waits until the output has `count` prompts, that is until the program
  /// has answered `count - 1` lines and waits for the next.
  public func waitForPrompts(_ count: Int, timeout: Duration = .seconds(20)) throws {
    let deadline = ContinuousClock.now + timeout
    while standardOutput.components(separatedBy: "\n> ").count - 1 < count {
      try #require(ContinuousClock.now < deadline, "no prompt \(count) in:\n\(standardOutput)")
      usleep(10_000)
    }
  }

  /// Closes the input and waits for the program to end.
  public func finish() -> ProgramRun {
    try? input.close()
    process.waitUntilExit()
    outputsClosed.wait()
    return ProgramRun(
      standardOutput: standardOutput,
      standardError: errors.withLock { String(decoding: $0, as: UTF8.self) },
      status: process.terminationStatus)
  }
}
