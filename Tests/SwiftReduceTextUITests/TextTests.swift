import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct TextTests {
  @Test func textShowsItsString() {
    expectText(Text("Hello, world").render(width: 20), "Hello, world")
  }

  @Test func textStartsANewLineAtEachLineBreak() {
    expectText(
      Text("Alien\nHeat").render(width: 20),
      """
      Alien
      Heat
      """)
  }

  @Test func textWiderThanTheWidthEndsInAnEllipsis() {
    expectText(Text("Spirited Away").render(width: 8), "Spirite…")
  }

  @Test func truncatedWideTextMatchesItsDocumentation() {
    expectText(Text("千と千尋の神隠し").render(width: 10), "千と千尋…")
  }

  @Test func controlCharactersInTextAreShownAsReplacementCharacters() {
    expectText(Text("a\u{1B}[2Jb\tc\u{7}").render(width: 20), "a\u{FFFD}[2Jb c\u{FFFD}")
  }

  @Test func emptyTextIsAnEmptyLine() {
    expectText(
      renderedBetween("above", Text(""), "below"),
      """
      above

      below
      """)
  }

  @Test func aWidthBelowOneCountsAsOne() {
    expectText(Text("Alien").render(width: 0), "…")
  }
}
