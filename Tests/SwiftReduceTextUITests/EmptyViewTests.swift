import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct EmptyViewTests {
  @Test func emptyViewMatchesItsDocumentation() {
    let view = VStack {
      Text("above")
      EmptyView()
      Text("below")
    }
    expectText(
      view.render(width: 20),
      """
      above
      below
      """)
  }
}
