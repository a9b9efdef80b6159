import Testing

@testable import SwiftReduceTextUI

struct LineEditorTests {
  /// The events of an editor fed `chunks`, and everything it drew.
  private func edit(_ chunks: [String], width: Int = 40, reads: Int = 1) -> (
    events: [LineEditor.Event], drawn: String
  ) {
    edit(bytes: chunks.map { Array($0.utf8) }, width: width, reads: reads)
  }

  private func edit(bytes chunks: [[UInt8]], width: Int = 40, reads: Int = 1) -> (
    events: [LineEditor.Event], drawn: String
  ) {
    var remaining = chunks.map { TerminalInput.bytes($0) }
    var drawn = ""
    var editor = LineEditor(
      nextInput: { remaining.isEmpty ? .end : remaining.removeFirst() },
      write: { drawn += $0 })
    let events = (0..<reads).map { _ in editor.read(width: width) }
    return (events, drawn)
  }

  private func line(_ text: String) -> LineEditor.Event {
    .line(.bytes(Array(text.utf8)))
  }

  @Test(arguments: [
    ("3 Alie\u{1B}[D\u{7F}\u{1B}[Cn\r", "3 Alen"),
    ("3 Alien\u{1B}[H\u{1B}[3~4\r", "4 Alien"),
    ("3 lien\u{01}\u{1B}[C\u{1B}[CA\u{05}s\r", "3 Aliens"),
    ("3 lien\u{1B}OH\u{06}\u{06}A\u{1B}OFs\r", "3 Aliens"),
    ("junk\u{15}3 Up\r", "3 Up"),
    ("3 The Third Man\u{17}\u{17}Thin Man\r", "3 The Thin Man"),
    ("3 Heat and more\u{02}\u{02}\u{02}\u{02}\u{02}\u{02}\u{02}\u{02}\u{02}\u{0B}\r", "3 Heat"),
    ("3 Up\u{1B}[1;5P\u{1B}[15~\u{1B}x!\r", "3 Up!"),
    ("3 Ali\ten\n", "3 Ali\ten"),
    ("3 千と千尋\u{1B}[D\u{7F}尋\r", "3 千と尋尋"),
  ])
  func editingKeysChangeTheLineBeforeItIsEntered(keys: String, entered: String) {
    #expect(edit([keys]).events == [line(entered)])
  }

  @Test func aKeySplitAcrossReadsIsReadWhole() {
    let chunks = ["3 Al", "\u{1B}", "[", "D", "x"].map { Array($0.utf8) } + [[0xC3], [0xA5, 13]]
    #expect(edit(bytes: chunks).events == [line("3 Axål")])
  }

  @Test func upAndDownGoThroughTheLinesEnteredKeepingTheDraft() {
    let keys = "3 Alien\r1 Ada\rdraft\u{1B}[A\u{1B}[A\u{1B}[B\u{1B}[B\r"
    #expect(edit([keys], reads: 3).events == [line("3 Alien"), line("1 Ada"), line("draft")])
    let again = "3 Alien\r1 Ada\r\u{1B}[A\u{1B}[A\r"
    #expect(edit([again], reads: 3).events == [line("3 Alien"), line("1 Ada"), line("3 Alien")])
  }

  @Test func controlDOnAnEmptyLineEndsTheInputAndDeletesOtherwise() {
    #expect(edit(["\u{04}"]).events == [.end])
    #expect(edit(["3 Upx\u{02}\u{04}\r"]).events == [line("3 Up")])
  }

  @Test func controlLAsksForTheScreenToBeDrawnAgainKeepingTheText() {
    #expect(edit(["3 Up\u{0C}\r"], reads: 2).events == [.redraw, line("3 Up")])
  }

  @Test func theLineIsDrawnAfterThePromptWithTheCursorPlaced() {
    let drawn = edit(["ab\u{1B}[D\r"]).drawn
    #expect(drawn == "\r> ab\u{1B}[K\r> ab\u{1B}[K\u{1B}[1D\r\n")
  }

  @Test func aControlCharacterIsDrawnAsAVisibleSymbol() {
    #expect(edit(["\t\r"]).drawn == "\r> ␉\u{1B}[K\r\n")
  }

  @Test func aLineWiderThanTheTerminalScrollsToKeepTheCursorInSight() {
    let drawn = edit(["abcdefghij\r"], width: 8).drawn
    let last = drawn.split(separator: "\r> ").last.map(String.init) ?? ""
    #expect(last == "fghij\u{1B}[K\r\n")
  }

  @Test func theEndOfInputEntersWhatWasTyped() {
    #expect(edit(["3 Up"], reads: 2).events == [line("3 Up"), .end])
  }
}
