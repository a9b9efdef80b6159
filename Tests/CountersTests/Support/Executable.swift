import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a run of the built `Counters` program printed and how it ended.
struct ProgramRun {
  let standardOutput: String
  let standardError: String
  let status: Int32
}

/// The `Counters` executable built beside the tests, found as MovieList's tests find theirs.
func countersExecutable() throws -> URL {
  let directory = try #require(Bundle.main.executableURL).deletingLastPathComponent()
  let executable = directory.appendingPathComponent("Counters")
  try #require(
    FileManager.default.isExecutableFile(atPath: executable.path),
    "Counters is not built beside the tests in \(directory.path)")
  return executable
}

/// Runs the `Counters` executable with `input` piped in, as a script would.
func runCounters(input: String) throws -> ProgramRun {
  // A program that has ended closes its end of the pipe: a write then fails
  // with `EPIPE` rather than ending the test process with `SIGPIPE`.
  signal(SIGPIPE, SIG_IGN)
  let process = Process()
  process.executableURL = try countersExecutable()
  process.environment = ["PATH": "/usr/bin:/bin"]
  let standardInput = Pipe()
  let standardOutput = Pipe()
  let standardError = Pipe()
  process.standardInput = standardInput
  process.standardOutput = standardOutput
  process.standardError = standardError
  try process.run()
  // Standard error is read on a thread of its own, so that neither pipe can
  // fill up while the other is read.
  let errors = Mutex(Data())
  let errorsClosed = DispatchSemaphore(value: 0)
  let errorHandle = standardError.fileHandleForReading
  Thread.detachNewThread {
    let data = errorHandle.readDataToEndOfFile()
    errors.withLock { $0 = data }
    errorsClosed.signal()
  }
  try? standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8))
  try? standardInput.fileHandleForWriting.close()
  let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  errorsClosed.wait()
  return ProgramRun(
    standardOutput: String(decoding: output, as: UTF8.self),
    standardError: errors.withLock { String(decoding: $0, as: UTF8.self) },
    status: process.terminationStatus)
}
