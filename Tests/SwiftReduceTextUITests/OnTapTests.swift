import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct OnTapTests {
  @Test func onTapMatchesItsDocumentation() {
    let row = spacedRow("Alien", "views: 2")
      .onTap(UpdateMovies.removeMovie("Alien"))
    expectText(row.render(width: 24), "[1] Alien       views: 2")
  }

  @Test func tappableViewIndentsItsFollowingLinesUnderItsFirst() {
    let row = VStack {
      Text("Alien")
      Text("1979")
    }
    .onTap(UpdateMovies.removeMovie("Alien"))
    expectText(
      row.render(width: 20),
      """
      [1] Alien
          1979
      """)
  }

  @Test func tappableViewIsNumberedBeforeTheControlsInsideIt() {
    let row = HStack {
      Text("Alien")
      Button("watch", action: UpdateMovies.submit)
    }
    .onTap(UpdateMovies.removeMovie("Alien"))
    expectText(row.render(width: 40), "[1] Alien [2] (watch)")
  }

  @Test func tappableViewWithAClosureLooksTheSame() {
    expectText(Text("Alien").onTap {}.render(width: 20), "[1] Alien")
  }
}
