import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct SpacerTests {
  @Test func spacerMatchesItsDocumentation() {
    expectText(spacedRow("left", "right").render(width: 16), "left       right")
  }

  @Test func spacerTakesAtLeastOneCell() {
    expectText(spacedRow("left", "right").render(width: 6), "le… r…")
  }

  @Test func leadingSpacerPushesTheRowToTheRightEdge() {
    let row = HStack {
      Spacer()
      Text("right")
    }
    expectText(row.render(width: 10), "     right")
  }
}
