import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct SpacerTests {
  @Test func spacerMatchesItsDocumentation() {
    let row = HStack {
      Text("left")
      Spacer()
      Text("right")
    }
    expectText(row.render(width: 16), "left       right")
  }

  @Test func spacerTakesAtLeastOneCell() {
    let row = HStack {
      Text("left")
      Spacer()
      Text("right")
    }
    expectText(row.render(width: 6), "le… r…")
  }

  @Test func leadingSpacerPushesTheRowToTheRightEdge() {
    let row = HStack {
      Spacer()
      Text("right")
    }
    expectText(row.render(width: 10), "     right")
  }
}
