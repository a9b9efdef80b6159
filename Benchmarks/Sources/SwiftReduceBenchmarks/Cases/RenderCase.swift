import SwiftReduce
import SwiftReduceTextUI

/// Render: the first terminal screen of the MovieList sample's view with 100,000 movies.
///
/// The view is the sample's: a name, a text field and a button, then one
/// tappable row per movie, sorted by title, in a padded column. A terminal
/// of 80 by 24 shows a page of rows; the target is under 1 s in a
/// debug build (`swift run --package-path Benchmarks SwiftReduceBenchmarks`).
struct RenderCase: BenchmarkCase {
  let name = "render"

  /// The state of the screen: the movies and their view counts.
  final class Catalog: Reducer {
    var movies: [String: Int] = [:]
  }

  struct MovieScreen: View {
    @EnvironmentObject var store: Store<Catalog>

    var body: some View {
      VStack {
        Text("Ada")
        HStack {
          TextField("Movie Name", text: .constant(""))
          Button("watch") {}
        }
        List(store.movies.keys.sorted(), id: \.self) { title in
          HStack {
            Text(title)
            Spacer()
            Text("views: \(store.movies[title, default: 0])")
          }
          .onTap {}
        }
      }
      .padding()
    }
  }

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let count = 100_000
    let catalog = Catalog()
    for index in 0..<count {
      catalog.movies["Movie \(index)"] = index % 7 + 1
    }
    let store = Store(catalog)
    run.progress("render: first screen of \(count) movies at 80 by 24")
    var screen = ""
    let timing = run.measurement.run { repetitions in
      for _ in 0..<repetitions {
        screen = MovieScreen().environmentObject(store).render(width: 80, height: 24)
      }
    }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    try check(lines.count == 23, "render: the screen has \(lines.count) lines, not 23")
    try check(
      screen.contains("[3] Movie 0 ") && screen.contains("of \(count) (n next, p previous)"),
      "render: the screen does not show the first rows and the pager:\n\(screen)")
    let milliseconds = timing.nanosecondsPerIteration / 1_000_000
    run.report.addCount(
      "render.first_screen_ms_\(count)", Int(milliseconds.rounded()), unit: "ms",
      benchmark: name, figure: "ms for the first screen, \(Format.grouped(count)) movies")
  }
}
