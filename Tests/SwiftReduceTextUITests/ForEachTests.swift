import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct ForEachTests {
  @Test func forEachMatchesItsDocumentation() {
    let counts = ["Alien": 2, "Heat": 1]
    let view = VStack {
      ForEach(counts.keys.sorted(), id: \.self) { title in
        Text("\(title): \(counts[title, default: 0])")
      }
    }
    expectText(
      view.render(width: 20),
      """
      Alien: 2
      Heat: 1
      """)
  }

  @Test func forEachInAnHStackPutsItsViewsSideBySide() {
    let row = HStack {
      ForEach(1...3, id: \.self) { Text("\($0)") }
    }
    expectText(row.render(width: 20), "1 2 3")
  }

  @Test func forEachOfIdentifiableValuesNeedsNoKeyPath() {
    let view = VStack {
      ForEach([Movie(id: "Up", views: 3)]) { Text($0.id) }
    }
    expectText(view.render(width: 20), "Up")
  }

  @Test func forEachNumbersTheControlsOfEachElementInOrder() {
    let view = VStack {
      ForEach(["a", "b"], id: \.self) { name in
        HStack {
          Text(name)
          Button("x", action: UpdateMovies.removeMovie(name))
        }
      }
    }
    expectText(
      view.render(width: 20),
      """
      a [1] (x)
      b [2] (x)
      """)
  }
}
