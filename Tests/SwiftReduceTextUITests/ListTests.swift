import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct ListTests {
  @Test func listMatchesItsDocumentation() {
    let movies = ["Heat": 1, "Alien": 2]
    let list = List(movies.keys.sorted(), id: \.self) { title in
      HStack {
        Text(title)
        Spacer()
        Text("views: \(movies[title, default: 0])")
      }
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
    let view = VStack {
      Text("Movies")
      List([String](), id: \.self) { Text($0) }
      Text("end")
    }
    expectText(
      view.render(width: 20),
      """
      Movies
      end
      """)
  }
}
