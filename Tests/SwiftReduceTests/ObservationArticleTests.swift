import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples of the *Observation* article verbatim, but for a local
/// `print` that records lines, and compares the whole output with the output
/// the article shows.
@MainActor
struct ObservationArticleTests {
  @Test func plainModelsExamplePrintsItsOutput() {
    let output = PrintedLines()
    let print = output.print

    let store = Store(Person())
    withObservationTracking {
      _ = store.name
    } onChange: {
      print("name read is out of date")
    }
    withObservationTracking {
      _ = store.favoriteMovies.movies
    } onChange: {
      print("favoriteMovies read is out of date")
    }
    store.dispatch(UpdateMovies.setInput("Alien"))
    print("dispatched setInput")
    store.dispatch(NameChange.setName("Ada"))
    print("dispatched setName")
    store.dispatch(NameChange.setName("Ada"))
    print("dispatched setName again")

    expectLines(
      output.lines,
      """
      favoriteMovies read is out of date
      dispatched setInput
      name read is out of date
      dispatched setName
      dispatched setName again
      """)
  }

  @Test func observableModelsExamplePrintsItsOutput() {
    let output = PrintedLines()
    let print = output.print

    let store = Store(Viewer())
    withObservationTracking {
      _ = store.watchlist.input
    } onChange: {
      print("input read is out of date")
    }
    store.dispatch(UpdateMovies.removeMovie("Alien"))
    print("dispatched removeMovie")
    store.dispatch(UpdateMovies.setInput("Heat"))
    print("dispatched setInput")

    expectLines(
      output.lines,
      """
      dispatched removeMovie
      input read is out of date
      dispatched setInput
      """)
  }

  #if DEBUG
    @Test func mixedTreeReportHasTheArticlesWording() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run { _ = Store(Reader()).videotheque }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: SwiftReduceTests.Videotheque is @Observable, but its rack is a \
          SwiftReduceTests.Rack, a model that is not; a read of SwiftReduceTests.Rack's \
          properties reached through SwiftReduceTests.Videotheque is not observed, so a view that \
          makes it is not updated. Mark SwiftReduceTests.Rack @Observable too. (reported once \
          per type in debug builds)

          """)
    }
  #endif
}

/// Lines printed from `onChange` closures, which Observation requires to be `@Sendable`.
private final class PrintedLines: Sendable {
  private let log = SendableLog()

  var lines: [String] { log.entries }

  var print: @Sendable (String) -> Void { { [log] in log.append($0) } }
}
