import SwiftReduce
import SwiftReduceTestSupport
import Testing

@testable import SwiftReduceTextUI

@MainActor
struct ListTests {
  @Test func listMatchesItsDocumentation() {
    let movies = ["Heat": 1, "Alien": 2]
    let list = List(movies.keys.sorted(), id: \.self) { title in
      spacedRow(title, "views: \(movies[title, default: 0])")
        .onTap(UpdateMovies.removeMovie(title))
    }
    expectText(
      list.render(width: 24),
      """
      [1] Alien       views: 2
      [2] Heat        views: 1
      """)
  }

  @Test func listOfABuilderShowsItsRowsInOrder() {
    let list = List {
      Text("Alien")
      Text("Heat")
    }
    expectText(
      list.render(width: 20),
      """
      Alien
      Heat
      """)
  }

  @Test func listOfIdentifiableValuesNeedsNoKeyPath() {
    let list = List([Movie(id: "Up", views: 3), Movie(id: "Jaws", views: 1)]) { movie in
      Text("\(movie.id): \(movie.views)")
    }
    expectText(
      list.render(width: 20),
      """
      Up: 3
      Jaws: 1
      """)
  }

  @Test func emptyListTakesNoLines() {
    expectText(
      renderedBetween("Movies", List([String](), id: \.self) { Text($0) }, "end"),
      """
      Movies
      end
      """)
  }

  private static let titles = ["Alien", "Heat", "Jaws", "Up", "Vertigo"]

  private static var screen: some View {
    VStack {
      Text("Movies")
      List(titles, id: \.self) { Text($0).onTap(UpdateMovies.removeMovie($0)) }
    }
  }

  @Test func aLongListOnATerminalShowsTheRowsThatFitAndSaysWhichTheyAre() {
    expectText(
      Self.screen.render(width: 40, height: 5),
      """
      Movies
      [1] Alien
      [2] Heat
      Rows 1–2 of 5 (n next, p previous)
      """)
  }

  @Test func aListThatFitsOnTheTerminalIsShownWholeWithoutAPagerLine() {
    expectText(
      Self.screen.render(width: 40, height: 7),
      """
      Movies
      [1] Alien
      [2] Heat
      [3] Jaws
      [4] Up
      [5] Vertigo
      """)
  }

  @Test func aControlAfterAPagedListIsNumberedAfterTheRowsShown() {
    let view = VStack {
      List(Self.titles, id: \.self) { Text($0).onTap(UpdateMovies.removeMovie($0)) }
      Button("Clear", action: NameChange.clear)
    }
    expectText(
      view.render(width: 40, height: 5),
      """
      [1] Alien
      [2] Heat
      Rows 1–2 of 5 (n next, p previous)
      [3] (Clear)
      """)
  }

  @Test func onlyTheRowsOfThePageShownAreBuilt() {
    var built: [String] = []
    let view = List(Self.titles, id: \.self) { title in
      built.append(title)
      return Text(title)
    }
    _ = view.render(width: 40, height: 4)
    // As many rows as lines are built once; the pager line then takes the place of one.
    #expect(built == ["Alien", "Heat", "Jaws"])
  }

  @Test func nAndPTurnThePagesAndSayWhenThereIsNoOtherPage() {
    let session = Session(store: Store(Person()), content: { Self.screen }, onChange: {})
    func page(_ command: String) -> (String?, String) {
      guard case .proceed(let message) = session.handle(.bytes(Array(command.utf8))) else {
        return ("quit", "")
      }
      return (message, session.render(width: 40, height: 5, reserved: 1))
    }
    _ = session.render(width: 40, height: 5, reserved: 1)
    #expect(page("p").0 == "This is the first page.")
    #expect(page("n") == (nil, "Movies\n[1] Jaws\n[2] Up\nRows 3–4 of 5 (n next, p previous)"))
    // The last page is full: it starts a row earlier rather than leave a line empty.
    #expect(page("n") == (nil, "Movies\n[1] Up\n[2] Vertigo\nRows 4–5 of 5 (n next, p previous)"))
    #expect(page("n").0 == "This is the last page.")
    #expect(page("p") == (nil, "Movies\n[1] Heat\n[2] Jaws\nRows 2–3 of 5 (n next, p previous)"))
    _ = session.render(width: 40)
    #expect(
      page("n").0 == "The whole list is on the screen; n and p turn its pages when it is longer.")
  }

  @Test func pagingIsClampedAfterARemovalOnTheLastPageAndAfterAResize() {
    let store = Store(Person())
    let fixture = FavoriteMovies()
    fixture.movies = Dictionary(uniqueKeysWithValues: Self.titles.map { ($0, 1) })
    let session = Session(
      store: store,
      content: {
        List(fixture.movies.keys.sorted(), id: \.self) {
          Text($0).onTap(UpdateMovies.removeMovie($0))
        }
      }, onChange: {})
    _ = session.render(width: 40, height: 4)
    _ = session.handle(.bytes(Array("n".utf8)))
    expectText(
      session.render(width: 40, height: 4),
      """
      [1] Jaws
      [2] Up
      [3] Vertigo
      Rows 3–5 of 5 (n next, p previous)
      """)
    fixture.movies["Vertigo"] = nil
    fixture.movies["Up"] = nil
    // Heat comes back into sight rather than two lines staying empty.
    expectText(
      session.render(width: 40, height: 4),
      """
      [1] Alien
      [2] Heat
      [3] Jaws
      """)
    fixture.movies["Up"] = 1
    fixture.movies["Vertigo"] = 1
    _ = session.render(width: 40, height: 4)
    _ = session.handle(.bytes(Array("n".utf8)))
    _ = session.render(width: 40, height: 4)
    // Taller: the whole list fits, and no row stays hidden.
    expectText(
      session.render(width: 40, height: 6),
      """
      [1] Alien
      [2] Heat
      [3] Jaws
      [4] Up
      [5] Vertigo
      """)
  }
}
