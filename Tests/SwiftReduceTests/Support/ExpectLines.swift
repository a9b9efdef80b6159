import Testing

/// Expects printed lines to equal a whole multi-line literal, and on failure
/// reports each line that differs.
func expectLines(
  _ lines: [String],
  _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = lines.joined(separator: "\n")
  guard actual != expected else { return }
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  var diff: [String] = []
  for index in 0..<max(lines.count, expectedLines.count) {
    let got = index < lines.count ? lines[index] : "(missing)"
    let want = index < expectedLines.count ? String(expectedLines[index]) : "(missing)"
    if got != want {
      diff.append(
        "line \(index + 1): expected \(want.debugDescription), got \(got.debugDescription)")
    }
  }
  Issue.record(
    "Output differs:\n\(diff.joined(separator: "\n"))\n--- whole output ---\n\(actual)",
    sourceLocation: sourceLocation
  )
}
