import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

/// Runs the `TestStore` example of README.md verbatim and checks that it fails with exactly
/// the text the README shows, read from the page.
@MainActor
struct ReadmeExampleTests {
  @Test func submittingAMovieCountsItFailsWithTheReadmesText() throws {
    let shown = """
      State after UpdateMovies.submit is not as expected (- expected, + actual):
      favoriteMovies.movies["Alien"]
        - 2
        + 1
      """
    #expect(try MarkdownPage("README.md").outputs(containing: "not as expected") == [shown + "\n"])
    expectIssues([shown]) {
      let store = TestStore(Person())
      store.send(UpdateMovies.setInput("Alien")) {
        $0.favoriteMovies.input = "Alien"
      }
      store.send(UpdateMovies.submit) {
        $0.favoriteMovies.input = ""
        $0.favoriteMovies.movies["Alien"] = 2
      }
    }
  }
}
