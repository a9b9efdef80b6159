import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

/// The examples of the DocC articles, rendered exactly as the articles show them.
@MainActor
struct DocumentationTests {
  private struct MovieView: View {
    let title: String
    let count: Int

    var body: some View {
      HStack {
        Text(title)
        Spacer()
        Text("views: \(count)")
      }
      .onTap(UpdateMovies.removeMovie(title))
    }
  }

  private struct ContentView: View {
    @EnvironmentObject var store: Store<Person>

    var body: some View {
      VStack {
        Text(store.name)
        HStack {
          TextField("Enter Name", text: store[\.name, { NameChange.setName($0) }])
          Button("Clear", action: NameChange.clear)
        }
        List(store.favoriteMovies.movies.keys.sorted(), id: \.self) { title in
          HStack {
            Text(title)
            Spacer()
            Text("views: \(store.favoriteMovies.movies[title, default: 0])")
          }
          .onTap(UpdateMovies.removeMovie(title))
        }
      }
    }
  }

  @Test func landingPageExampleRendersAsShown() {
    expectText(
      MovieView(title: "千と千尋の神隠し", count: 2).render(width: 30),
      "[1] 千と千尋の神隠し  views: 2")
  }

  @Test func textLayoutScreenRendersAsShown() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    for title in ["Alien", "Amélie 🎬", "Alien"] {
      store.dispatch(UpdateMovies.setInput(title))
      store.dispatch(UpdateMovies.submit)
    }
    expectText(
      ContentView().environmentObject(store).render(width: 34),
      """
      Ada
      [1] Enter Name: [Ada] [2] (Clear)
      [3] Alien                 views: 2
      [4] Amélie 🎬             views: 1
      """)
  }

  @Test func textLayoutWidthExampleRendersAsShown() {
    let titles = ["Alien", "Amélie 🎬", "千と千尋の神隠し", "👩‍👩‍👧 Family"]
    let list = List(titles, id: \.self) { MovieView(title: $0, count: 2) }
    expectText(
      list.render(width: 30),
      """
      [1] Alien             views: 2
      [2] Amélie 🎬         views: 2
      [3] 千と千尋の神隠し  views: 2
      [4] 👩‍👩‍👧 Family         views: 2
      """)
  }
}
