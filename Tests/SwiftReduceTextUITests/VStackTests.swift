import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct VStackTests {
  @Test func vStackMatchesItsDocumentation() {
    let view = VStack {
      Text("Alien")
      Divider()
      Text("Heat")
    }
    expectText(
      view.render(width: 8),
      """
      Alien
      ────────
      Heat
      """)
  }

  @Test func spacerInAVStackIsAnEmptyLine() {
    let view = VStack {
      Text("top")
      Spacer()
      Text("bottom")
    }
    expectText(
      view.render(width: 20),
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
