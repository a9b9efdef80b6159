import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct HStackTests {
  @Test func hStackMatchesItsDocumentation() {
    expectText(spacedRow("Amélie 🎬", "views: 2").render(width: 24), "Amélie 🎬       views: 2")
  }

  @Test func hStackSeparatesItsViewsWithOneSpace() {
    let row = HStack {
      Text("a")
      Text("b")
      Text("c")
    }
    expectText(row.render(width: 20), "a b c")
  }

  @Test func spacersShareTheLeftOverWidthFirstOnesFirst() {
    let row = HStack {
      Text("a")
      Spacer()
      Text("b")
      Spacer()
      Text("c")
    }
    expectText(row.render(width: 10), "a    b   c")
  }

  @Test func tooWideRowCutsTheWidestViewFirst() {
    expectText(spacedRow("千と千尋の神隠し", "views: 12").render(width: 20), "千と千尋…  views: 12")
  }

  @Test func dividerInAnHStackIsAVerticalBar() {
    let row = HStack {
      Text("a")
      Divider()
      Text("b")
    }
    expectText(row.render(width: 20), "a │ b")
  }

  @Test func multiLineViewsInAnHStackStandSideBySide() {
    let row = HStack {
      VStack {
        Text("a")
        Text("bb")
      }
      Text("c")
    }
    expectText(
      row.render(width: 20),
      """
      a  c
      bb
      """)
  }

  @Test(arguments: [
    ("Alien", "[1] Alien             views: 2"),
    ("Amélie 🎬", "[1] Amélie 🎬         views: 2"),
    ("Ame\u{301}lie", "[1] Amélie            views: 2"),
    ("千と千尋の神隠し", "[1] 千と千尋の神隠し  views: 2"),
    ("👩‍👩‍👧 Family", "[1] 👩‍👩‍👧 Family         views: 2"),
    ("🇯🇵 ❤️ 1️⃣", "[1] 🇯🇵 ❤️ 1️⃣          views: 2"),
  ])
  func rowsWithWideCharactersEndAtTheSameColumn(title: String, expected: String) {
    let row = spacedRow(title, "views: 2")
      .onTap(UpdateMovies.removeMovie(title))
    expectText(row.render(width: 30), expected)
  }

  @Test(arguments: [
    (12, "[1] 千…  vi…"),
    (16, "[1] 千と…  view…"),
    (23, "[1] 千と千尋…  views: 2"),
    (24, "[1] 千と千尋の… views: 2"),
  ])
  func narrowRowsNarrowTheWidestViewFirstWithoutSplittingACharacter(width: Int, expected: String) {
    let row = spacedRow("千と千尋の神隠し", "views: 2")
      .onTap(UpdateMovies.removeMovie(""))
    expectText(row.render(width: width), expected)
  }
}
