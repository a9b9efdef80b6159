import SwiftReduce
import SwiftReduceTestSupport
import Testing

@testable import MovieList
@testable import SwiftReduceTextUI

@MainActor
struct MovieListAppTests {
  /// Runs the app's `ContentView` on `input` and returns its transcript.
  private func session(_ store: Store<Person>, _ input: String, saves: inout Int) -> String {
    var count = 0
    func save() { count += 1 }
    let runner = Runner(store: store, onChange: save) { ContentView() }
    var chunks = [Array(input.utf8)]
    var reader = LineReader { chunks.isEmpty ? nil : chunks.removeFirst() }
    var output = ""
    runner.run(reader: &reader, interactive: false, width: { 40 }, write: { output += $0 })
    saves = count
    return output
  }

  @Test func theWholeAppWorksThroughTheRunner() {
    let store = Store(Person())
    var saves = 0
    let output = session(store, "1 Ada\n2\n1 Grace\n3 Alien\n3 Heat\n3 Alien\n5\n", saves: &saves)
    expectText(
      output,
      """


       [1] Enter Name: [] [2] (Clear)
       [3] Movie Name: [] [4] (watch)

      > 1 Ada

       Ada
       [1] Enter Name: [Ada] [2] (Clear)
       [3] Movie Name: [] [4] (watch)

      > 2


       [1] Enter Name: [] [2] (Clear)
       [3] Movie Name: [] [4] (watch)

      > 1 Grace

       Grace
       [1] Enter Name: [Grace] [2] (Clear)
       [3] Movie Name: [] [4] (watch)

      > 3 Alien

       Grace
       [1] Enter Name: [Grace] [2] (Clear)
       [3] Movie Name: [] [4] (watch)
       [5] Alien                     views: 1

      > 3 Heat

       Grace
       [1] Enter Name: [Grace] [2] (Clear)
       [3] Movie Name: [] [4] (watch)
       [5] Alien                     views: 1
       [6] Heat                      views: 1

      > 3 Alien

       Grace
       [1] Enter Name: [Grace] [2] (Clear)
       [3] Movie Name: [] [4] (watch)
       [5] Alien                     views: 2
       [6] Heat                      views: 1

      > 5

       Grace
       [1] Enter Name: [Grace] [2] (Clear)
       [3] Movie Name: [] [4] (watch)
       [5] Heat                      views: 1

      >\u{20}

      """)
    #expect(store.name == "Grace")
    #expect(store.favoriteMovies.movies == ["Heat": 1])
    #expect(saves == 7)
  }

  @Test func theWatchButtonCountsTheMovieTypedAndABlankNameIsNotAMovie() {
    let store = Store(Person())
    store.dispatch(UpdateMovies.setInput("Alien"))
    var saves = 0
    _ = session(store, "4\n4\n3  \n", saves: &saves)
    #expect(store.favoriteMovies.movies == ["Alien": 1])
    #expect(store.favoriteMovies.input == "")
    #expect(saves == 3)
  }

  @Test func personRestoredFromASnapshotGivesTheSameSnapshot() {
    let snapshot = Snapshot(name: "Ada", movies: ["Alien": 2, "千と千尋の神隠し": 1])
    let person = Person(snapshot)
    #expect(person.name == "Ada")
    #expect(person.favoriteMovies.movies == ["Alien": 2, "千と千尋の神隠し": 1])
    #expect(person.favoriteMovies.input == "")
    #expect(person.snapshot == snapshot)
  }
}
