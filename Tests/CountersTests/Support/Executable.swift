import SwiftReduceTestSupport

/// Runs the `Counters` executable built beside the tests with `input` piped in, as a script would.
func runCounters(input: String) throws -> ProgramRun {
  try runProgram("Counters", input: input)
}
