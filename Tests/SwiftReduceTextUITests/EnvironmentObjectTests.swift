import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct EnvironmentObjectTests {
  @Test func environmentObjectMatchesItsDocumentation() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    expectText(NameView().environmentObject(store).render(width: 20), "Name: Ada")
  }

  @Test func theInnermostProvidedObjectWins() {
    let outer = Store(Person())
    outer.dispatch(NameChange.setName("Outer"))
    let inner = Store(Person())
    inner.dispatch(NameChange.setName("Inner"))
    let view = VStack {
      NameView()
      NameView().environmentObject(inner)
    }
    .environmentObject(outer)
    expectText(
      view.render(width: 20),
      """
      Name: Outer
      Name: Inner
      """)
  }

  @Test func readingAnObjectThatWasNotProvidedStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = await MainActor.run { NameView().render(width: 20) }
    }
  }
}
