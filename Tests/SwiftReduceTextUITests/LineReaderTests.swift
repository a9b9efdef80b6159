import Testing

@testable import SwiftReduceTextUI

struct LineReaderTests {
  /// All the lines of `chunks`, read the way the runner reads them.
  private func lines(of chunks: [[UInt8]]) -> [InputLine] {
    var remaining = chunks
    var reader = LineReader { remaining.isEmpty ? nil : remaining.removeFirst() }
    var lines: [InputLine] = []
    while let line = reader.nextLine() {
      lines.append(line)
    }
    return lines
  }

  @Test func linesEndAtLineFeedsAndLoseACarriageReturnBeforeThem() {
    #expect(
      lines(of: [Array("1 Ada\r\nhelp\n\nquit".utf8)]) == [
        .bytes(Array("1 Ada".utf8)), .bytes(Array("help".utf8)), .bytes([]),
        .bytes(Array("quit".utf8)),
      ])
  }

  @Test func aLineSplitAcrossChunksIsReadWhole() {
    let chunks = Array("3 千と千尋\n4\n".utf8).map { [$0] }
    #expect(lines(of: chunks) == [.bytes(Array("3 千と千尋".utf8)), .bytes(Array("4".utf8))])
  }

  @Test func emptyInputHasNoLines() {
    #expect(lines(of: []).isEmpty)
    #expect(lines(of: [[]]).isEmpty)
  }

  @Test func aLineOfTheLimitIsKeptAndOneByteMoreIsTooLong() {
    let longest = [UInt8](repeating: UInt8(ascii: "a"), count: LineReader.limit)
    #expect(
      lines(of: [longest + [10] + longest + [UInt8(ascii: "a"), 10]]) == [
        .bytes(longest), .tooLong(byteCount: LineReader.limit + 1),
      ])
  }

  @Test func aOneMegabyteLineIsReportedWithItsSizeAndTheNextLineIsRead() {
    let megabyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
    let input = megabyte + Array("\n2\n".utf8)
    let chunks = stride(from: 0, to: input.count, by: 65_536).map {
      Array(input[$0..<min($0 + 65_536, input.count)])
    }
    #expect(lines(of: chunks) == [.tooLong(byteCount: 1 << 20), .bytes(Array("2".utf8))])
  }

  @Test func aTooLongLastLineWithoutLineFeedIsReported() {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 5000)
    #expect(lines(of: [long]) == [.tooLong(byteCount: 5000)])
  }
}
