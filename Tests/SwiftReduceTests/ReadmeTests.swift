import Foundation
import SwiftReduceTestSupport
import Testing

/// What README.md promises a newcomer (issue #33): a page read in five minutes.
///
/// It keeps the two commands to start with; its examples are run by the tests that cite it.
struct ReadmeTests {
  @Test func theReadmeKeepsTheCommandsANewcomerNeeds() throws {
    let commands = try MarkdownPage("README.md").blocks.filter { $0.info == "sh" }
      .flatMap { $0.text.split(separator: "\n") }
      .map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
    #expect(commands.contains("swift run MovieList"))
    #expect(commands.contains("swift test"))
  }

  @Test func theInstallationNamesOnlyProductsThePackageHas() throws {
    let snippet = try #require(
      MarkdownPage("README.md").blocks.first { $0.text.contains(".package(url:") }
    ).text
    let named = Self.captures(
      of: #/\.product\(name: "(\w+)", package: "SwiftReduce"\)/#, in: snippet)
    #expect(named.contains("SwiftReduce"))
    let manifest = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Package.swift").standardized,
      encoding: .utf8)
    let libraries = Self.captures(of: #/\.library\(name: "(\w+)"/#, in: manifest)
    #expect(Set(named).isSubset(of: libraries), "\(named) are not all among \(libraries)")
  }

  /// The first capture of every match of `regex` in `text`, in order.
  private static func captures(of regex: Regex<(Substring, Substring)>, in text: String)
    -> [String]
  {
    text.matches(of: regex).map { String($0.output.1) }
  }

  @Test func theReadmeIsAFiveMinuteRead() throws {
    let page = try MarkdownPage("README.md")
    #expect(page.lineCount <= 320, "README.md has \(page.lineCount) lines; the limit is 320")
  }
}
