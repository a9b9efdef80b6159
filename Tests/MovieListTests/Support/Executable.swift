import SwiftReduceTestSupport

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
