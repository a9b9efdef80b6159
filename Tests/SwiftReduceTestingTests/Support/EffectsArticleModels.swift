import SwiftReduce

// The search field of the *Effects* article, verbatim: a query that starts a
// debounced search in an effect, and a stand-in for the movie service.

enum SearchAction: Action, Equatable {
  case queryChanged(String)
  case cleared
  case resultsLoaded([String])
}

/// Stands in for a request to a movie service.
func searchMovies(_ query: String) async -> [String] {
  ["Alien", "Aliens", "Amélie", "Heat"].filter { $0.hasPrefix(query) }
}

final class Search: Reducer {
  var query = ""
  var results: [String] = []

  func reduce(action: SearchAction) {
    switch action {
    case .queryChanged(let query):
      self.query = query
      Effect.run(id: "search", cancelInFlight: true) { send in
        try await Effect.clock.sleep(for: .milliseconds(300))
        send(SearchAction.resultsLoaded(await searchMovies(query)))
      }
    case .cleared:
      query = ""
      results = []
      Effect.cancel(id: "search")
    case .resultsLoaded(let results):
      self.results = results
    }
  }
}
