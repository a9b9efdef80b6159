import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct EmptyViewTests {
  @Test func emptyViewMatchesItsDocumentation() {
    expectText(
      renderedBetween("above", EmptyView(), "below"),
      """
      above
      below
      """)
  }
}
