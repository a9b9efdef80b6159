import Foundation
import Testing

/// What a run of the built `MovieList` program printed and how it ended.
struct ProgramRun {
  let standardOutput: String
  let standardError: String
  let status: Int32
}

/// Runs the `MovieList` executable built beside the tests, with `input` piped
/// in and only the given environment (plus `PATH`).
func runMovieList(
  _ arguments: [String],
  input: String = "",
  environment: [String: String] = [:]
) throws -> ProgramRun {
  let directory = try #require(Bundle.main.executableURL).deletingLastPathComponent()
  let executable = directory.appendingPathComponent("MovieList")
  try #require(
    FileManager.default.isExecutableFile(atPath: executable.path),
    "MovieList is not built beside the tests in \(directory.path)")
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine }
  let standardInput = Pipe()
  let standardOutput = Pipe()
  let standardError = Pipe()
  process.standardInput = standardInput
  process.standardOutput = standardOutput
  process.standardError = standardError
  try process.run()
  standardInput.fileHandleForWriting.write(Data(input.utf8))
  try standardInput.fileHandleForWriting.close()
  let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
  let error = standardError.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProgramRun(
    standardOutput: String(decoding: output, as: UTF8.self),
    standardError: String(decoding: error, as: UTF8.self),
    status: process.terminationStatus)
}
