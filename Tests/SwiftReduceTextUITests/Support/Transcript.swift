@testable import SwiftReduce
@testable import SwiftReduceTextUI

/// Runs `runner` on `input` as a piped session and returns everything it wrote.
@MainActor
func transcript<Root, Content>(
  of runner: Runner<Root, Content>,
  input: [UInt8],
  interactive: Bool = false,
  width: Int = 40
) async -> String {
  var chunks = [input]
  var reader = LineReader { chunks.isEmpty ? nil : chunks.removeFirst() }
  var output = ""
  await runner.run(
    reader: &reader, interactive: interactive, width: { width }, write: { output += $0 })
  return output
}
