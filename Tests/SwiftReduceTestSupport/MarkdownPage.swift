import Foundation
import Testing

/// A Markdown page of this repository, read from disk, so that a test compares what the page
/// says with what the code does and the page cannot drift from it.
public struct MarkdownPage: Sendable {
  /// A fenced code block: its info string (`sh`, `swift`, or empty) and its lines, joined.
  public struct Block: Sendable {
    /// The word after the opening fence.
    public let info: String
    /// The lines between the fences, each followed by a newline.
    public let text: String
  }

  /// A shell session the page shows: a `printf '…' | [NAME=value …] swift run Program …` line
  /// alone in an `sh` block, and the output in the block that follows it.
  public struct PipedSession: Sendable {
    /// The product `swift run` runs.
    public let program: String
    /// The arguments after the product's name.
    public let arguments: [String]
    /// The environment set before `swift run`.
    public let environment: [String: String]
    /// What `printf` pipes in, its `\n`s made newlines.
    public let input: String
    /// The output the page shows, each line followed by a newline.
    ///
    /// When it starts with a prompt (`> /I`), it is the output from the first line that reads so.
    public let output: String

    /// The part of `standardOutput` this session's output shows: all of it, or, when the
    /// shown output starts with a prompt, what follows the first such prompt.
    public func shownPart(of standardOutput: String) -> String {
      guard output.hasPrefix("> "), let firstLine = output.split(separator: "\n").first,
        let start = standardOutput.range(of: firstLine + "\n")
      else { return standardOutput }
      return String(standardOutput[start.lowerBound...])
    }
  }

  /// The page's path from the repository's root.
  public let path: String
  /// Its fenced code blocks, in order.
  public let blocks: [Block]
  /// How many lines it has, as `wc -l` counts them.
  public let lineCount: Int

  /// Reads the page at `path`, from the repository's root (`README.md`,
  /// `Samples/MovieList/README.md`).
  public init(_ path: String) throws {
    // This file is Tests/SwiftReduceTestSupport/MarkdownPage.swift.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    self.path = path
    lineCount = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    var blocks: [Block] = []
    var open: (info: String, lines: [Substring])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let block = open {
        if line == "```" {
          blocks.append(Block(info: block.info, text: block.lines.map { "\($0)\n" }.joined()))
          open = nil
        } else {
          open?.lines.append(line)
        }
      } else if line.hasPrefix("```") {
        open = (String(line.dropFirst(3)), [])
      }
    }
    self.blocks = blocks
  }

  /// The blocks of no language (output and screens) that contain `text`.
  public func outputs(containing text: String) -> [String] {
    blocks.filter { $0.info.isEmpty && $0.text.contains(text) }.map(\.text)
  }

  /// Every piped session of the page, in order.
  public var pipedSessions: [PipedSession] {
    get throws {
      var sessions: [PipedSession] = []
      for (index, block) in blocks.enumerated() where block.info == "sh" {
        let line = block.text.dropLast()
        guard line.hasPrefix("printf '"), !line.contains("\n") else { continue }
        let afterPrintf = line.dropFirst("printf '".count)
        let quoteEnd = try #require(afterPrintf.firstIndex(of: "'"), "\(path): \(line)")
        let input = afterPrintf[..<quoteEnd].replacingOccurrences(of: "\\n", with: "\n")
        var words = afterPrintf[afterPrintf.index(after: quoteEnd)...]
          .split(separator: " ").map(String.init)
        try #require(words.first == "|", "\(path): \(line)")
        words.removeFirst()
        var environment: [String: String] = [:]
        while let word = words.first, let equals = word.firstIndex(of: "=") {
          environment[String(word[..<equals])] = String(word[word.index(after: equals)...])
          words.removeFirst()
        }
        try #require(Array(words.prefix(2)) == ["swift", "run"], "\(path): \(line)")
        try #require(words.count > 2, "\(path): \(line)")
        let output = try #require(
          blocks.dropFirst(index + 1).first { $0.info.isEmpty },
          "\(path): no output after \(line)")
        sessions.append(
          PipedSession(
            program: words[2], arguments: Array(words.dropFirst(3)), environment: environment,
            input: input, output: output.text))
      }
      return sessions
    }
  }
}
