import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct DividerTests {
  @Test func dividerMatchesItsDocumentation() {
    let view = VStack {
      Text("Title")
      Divider()
    }
    expectText(
      view.render(width: 10),
      """
      Title
      ──────────
      """)
  }

  @Test func dividerInsideAPaddedViewSpansThePaddedWidth() {
    expectText(
      Divider().padding().render(width: 6),
      """

       ────

      """)
  }
}
