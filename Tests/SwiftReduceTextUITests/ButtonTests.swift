import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct ButtonTests {
  @Test func buttonMatchesItsDocumentation() {
    expectText(Button("Clear", action: NameChange.clear).render(width: 40), "[1] (Clear)")
  }

  @Test func buttonWithAClosureLooksTheSame() {
    expectText(Button("Clear") {}.render(width: 40), "[1] (Clear)")
  }

  @Test func narrowButtonCutsItsTitleAndKeepsItsParentheses() {
    expectText(
      Button("Remove everything", action: NameChange.clear).render(width: 12), "[1] (Remov…)")
  }

  @Test func controlsAreNumberedInReadingOrder() {
    let view = VStack {
      HStack {
        Button("A", action: NameChange.clear)
        Button("B", action: NameChange.clear)
      }
      TextField("C", text: .constant(""))
      Button("D", action: NameChange.clear)
    }
    expectText(
      view.render(width: 40),
      """
      [1] (A) [2] (B)
      [3] C: []
      [4] (D)
      """)
  }
}
