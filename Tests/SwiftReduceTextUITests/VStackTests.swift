import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct VStackTests {
  @Test func vStackMatchesItsDocumentation() {
    expectText(
      renderedBetween("Alien", Divider(), "Heat", width: 8),
      """
      Alien
      ────────
      Heat
      """)
  }

  @Test func spacerInAVStackIsAnEmptyLine() {
    expectText(
      renderedBetween("top", Spacer(), "bottom"),
      """
      top

      bottom
      """)
  }

  @Test func nestedVStacksShowTheirLinesInOrder() {
    let view = VStack {
      VStack {
        Text("1")
        Text("2")
      }
      Text("3")
    }
    expectText(
      view.render(width: 20),
      """
      1
      2
      3
      """)
  }

  @Test func emptyVStackRendersNothing() {
    expectText(VStack {}.render(width: 20), "")
  }
}
