import Testing

/// Expects `actual` to equal `expected` line for line; on failure the comment
/// shows each differing line as `-` expected and `+` actual, with `·` for
/// spaces at the end of a line.
///
/// - Parameters:
///   - actual: The text produced.
///   - expected: The whole text it must be.
///   - sourceLocation: Where to report a difference.
public func expectText(
  _ actual: String,
  _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    actual == expected, "\n\(lineDiff(expected: expected, actual: actual))",
    sourceLocation: sourceLocation)
}

/// Expects printed lines, joined with line feeds, to equal a whole text.
///
/// - Parameters:
///   - lines: The lines printed, in order.
///   - expected: The whole text they must make.
///   - sourceLocation: Where to report a difference.
public func expectLines(
  _ lines: [String],
  _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectText(lines.joined(separator: "\n"), expected, sourceLocation: sourceLocation)
}

/// The lines of two texts side by side: ` ` for equal lines, `-`/`+` for different ones.
///
/// - Parameters:
///   - expected: The text wanted.
///   - actual: The text produced.
/// - Returns: A comment listing every line, marking the ones that differ.
public func lineDiff(expected: String, actual: String) -> Comment {
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var diff: [String] = []
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let want = index < expectedLines.count ? visible(expectedLines[index]) : nil
    let got = index < actualLines.count ? visible(actualLines[index]) : nil
    if want == got {
      diff.append("  \(want ?? "")")
    } else {
      if let want { diff.append("- \(want)") }
      if let got { diff.append("+ \(got)") }
    }
  }
  return Comment(rawValue: diff.joined(separator: "\n"))
}

private func visible(_ line: Substring) -> String {
  let trailing = line.reversed().prefix(while: { $0 == " " }).count
  return line.dropLast(trailing) + String(repeating: "·", count: trailing)
}
