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
    #expect(drawn == "\r> ab\u{1B}[K\r> ab\u{1B}[K\u{1B}[1D")
  }

  @Test func aControlCharacterIsDrawnAsAVisibleSymbol() {
    #expect(edit(["\t\r"]).drawn == "\r> ␉\u{1B}[K")
  }

  /// The last drawing of the line: what follows the prompt.
  private func lastDrawn(_ keys: String, width: Int) -> String {
    let drawn = edit([keys], width: width).drawn
    return drawn.split(separator: "\r> ", omittingEmptySubsequences: false).last.map(String.init)
      ?? ""
  }

  @Test func aLineWiderThanTheTerminalScrollsToKeepTheCursorInSight() {
    #expect(lastDrawn("abcdefghij", width: 8) == "fghij\u{1B}[K")
  }

  @Test(arguments: [
    // Backspace at the end: the start of the line comes back into sight.
    ("3 Move over\u{7F}\u{7F}\u{7F}\u{7F}\u{7F}", 10, "3 Move\u{1B}[K"),
    // Ctrl-W, then the line fits again.
    ("3 Movie over here\u{17}\u{17}", 12, "3 Movie \u{1B}[K"),
    // Up to a shorter line entered before.
    ("3 Amélie\r3 A much longer title\r\u{1B}[A\u{1B}[A", 12, "3 Amélie\u{1B}[K"),
    // Home after scrolling: the line is shown from its start.
    ("3 Short title and more\u{01}", 12, "3 Short t\u{1B}[K\u{1B}[9D"),
    // Wide characters scroll by their cells: 7 cells hold three of them.
    ("3 千と千尋の神隠し", 10, "神隠し\u{1B}[K"),
    ("3 千と千尋の神隠し\u{01}", 10, "3 千と\u{1B}[K\u{1B}[6D"),
  ])
  func theVisiblePartOfTheLineFollowsTheCursorBothWays(
    keys: String, width: Int, shown: String
  ) {
    #expect(lastDrawn(keys, width: width) == shown)
  }

  @Test func escapeAloneDoesNothingAndTheNextKeyIsKept() {
    var drawn = ""
    var editor = LineEditor(write: { drawn += $0 })
    editor.start(width: 40)
    #expect(editor.receive(.bytes([0x1B])) == nil)
    #expect(editor.receive(.quiet) == nil)
    #expect(editor.receive(.bytes(Array("3 Alien\r".utf8))) == line("3 Alien"))
  }

  @Test func escapeFollowedAtOnceByAKeyIsAltWithItAndDroppedWhole() {
    var editor = LineEditor(write: { _ in })
    editor.start(width: 40)
    #expect(editor.receive(.bytes(Array("\u{1B}3 Alien\r".utf8))) == line(" Alien"))
  }

  @Test func aQuietInputKeepsAnEscapeSequenceThatIsComplete() {
    var editor = LineEditor(write: { _ in })
    editor.start(width: 40)
    #expect(editor.receive(.bytes(Array("3 Alie\u{1B}[D".utf8))) == nil)
    #expect(editor.receive(.quiet) == nil)
    #expect(editor.receive(.bytes(Array("x\r".utf8))) == line("3 Alixe"))
  }

  @Test func theEndOfInputEntersWhatWasTyped() {
    #expect(edit(["3 Up"], reads: 2).events == [line("3 Up"), .end])
  }
}
