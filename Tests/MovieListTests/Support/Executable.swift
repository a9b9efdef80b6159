import Foundation
import SwiftReduceTestSupport
import Testing

/// Runs the `MovieList` executable built beside the tests, with `input` piped
/// in and only the given environment (plus `PATH`).
func runMovieList(
  _ arguments: [String],
  input: String = "",
  environment: [String: String] = [:],
  as user: ProgramUser = .current
) throws -> ProgramRun {
  try runProgram("MovieList", arguments, input: input, environment: environment, as: user)
}

/// A `MovieList` process whose input is written a piece at a time.
func startMovieList(
  _ arguments: [String], environment: [String: String] = [:], as user: ProgramUser = .current
) throws -> RunningProgram {
  try RunningProgram("MovieList", arguments, environment: environment, as: user)
}

extension RunningProgram {
  /// Waits until the program has printed `text`.
  func waitFor(_ text: String, timeout: Duration = .seconds(20)) throws {
    let deadline = ContinuousClock.now + timeout
    while !standardOutput.contains(text) {
      try #require(ContinuousClock.now < deadline, "never printed \(text):\n\(standardOutput)")
      usleep(20_000)
    }
  }
}

extension ProgramRun {
  /// What `MovieList` printed, cut at each prompt: the text before each, then what follows
  /// the last.
  var screens: [String] { standardOutput.components(separatedBy: "\n> ") }
}
