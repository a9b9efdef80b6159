import Testing

@testable import SwiftReduceTextUI

struct CellsTests {
  @Test(arguments: [
    ("abc", 3),
    ("千と千尋の神隠し", 16),
    ("Amélie 🎬", 9),
    ("Ame\u{301}lie", 6),
    ("가나", 4),
    ("ｶﾀｶﾅ", 4),
    ("ＡＢ", 4),
    ("👩‍👩‍👧", 2),
    ("❤️", 2),
    ("❤", 1),
    ("1️⃣", 2),
    ("🇯🇵", 2),
    ("⌚︎", 1),
    ("\u{301}", 0),
    ("a\u{200B}b", 2),
    ("", 0),
  ])
  func textTakesTheCellsATerminalGivesIt(text: String, cells: Int) {
    #expect(Cells.width(of: text) == cells)
  }

  @Test(arguments: [
    ("千と千尋の神隠し", 5, "千と…"),
    ("千と千尋の神隠し", 6, "千と…"),
    ("千と千尋の神隠し", 16, "千と千尋の神隠し"),
    ("👩‍👩‍👧👩‍👩‍👧", 3, "👩‍👩‍👧…"),
    ("👩‍👩‍👧👩‍👩‍👧", 2, "…"),
    ("Ame\u{301}lie", 4, "Ame\u{301}…"),
    ("abc", 1, "…"),
    ("abc", 0, ""),
  ])
  func truncationNeverSplitsACharacter(text: String, limit: Int, expected: String) {
    let cut = Cells.truncate(text, to: limit)
    #expect(cut == expected)
    #expect(cut.unicodeScalars.elementsEqual(expected.unicodeScalars))
    #expect(Cells.width(of: cut) <= limit)
  }

  @Test(arguments: [
    ("plain", "plain"),
    ("tab\there", "tab here"),
    ("bell\u{7}", "bell\u{FFFD}"),
    ("esc\u{1B}[31m", "esc\u{FFFD}[31m"),
    ("c1\u{9B}", "c1\u{FFFD}"),
    ("one\ntwo", "one⏎two"),
    ("one\r\ntwo", "one⏎two"),
  ])
  func sanitizingMakesControlCharactersVisible(text: String, expected: String) {
    #expect(Cells.sanitize(text) == expected)
  }

  @Test func sanitizingCanKeepLineBreaks() {
    #expect(Cells.sanitize("one\r\ntwo\rthree", keepingLineBreaks: true) == "one\ntwo\nthree")
  }

  @Test func visibleShowsControlCharactersAsTheirUnicodePictures() {
    #expect(Cells.visible("a\tb\u{1B}[2J\u{7F}\u{85}\n") == "a␉b␛[2J␡\u{FFFD}␊")
  }

  @Test func wrapBreaksAtSpacesAndKeepsAHangingColumn() {
    #expect(
      Cells.wrap("put text in text field N and submit it", to: 24, firstPrefix: "  N", column: 6)
        == ["  N   put text in text", "      field N and submit", "      it"])
  }

  @Test func wrapKeepsALineThatFitsAsItIsAndTheIndentOfOneThatDoesNot() {
    #expect(Cells.wrap("  [1]  two  spaces", to: 40) == ["  [1]  two  spaces"])
    #expect(Cells.wrap("  one two three", to: 12) == ["  one two", "  three"])
  }

  @Test func wrapCutsAWordWiderThanALine() {
    #expect(Cells.wrap("abcdefghijkl", to: 5) == ["abcde", "fghij", "kl"])
  }
}
