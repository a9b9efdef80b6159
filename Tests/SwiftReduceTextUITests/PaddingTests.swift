import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct PaddingTests {
  @Test func paddingMatchesItsDocumentation() {
    expectText(
      Text("Ada").padding().render(width: 20),
      """

       Ada

      """)
  }

  @Test func paddingOfTwoAddsTwoLinesAndTwoCells() {
    expectText(
      Text("Ada").padding(2).render(width: 20),
      """


        Ada


      """)
  }

  @Test func negativePaddingCountsAsNone() {
    expectText(Text("Ada").padding(-3).render(width: 20), "Ada")
  }

  @Test func paddingNarrowsTheWidthOnBothSides() {
    let row = spacedRow("a", "b")
    expectText(
      row.padding().render(width: 8),
      """

       a    b

      """)
  }
}
