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

/// What a countdown does; every countdown receives every action, so each names its countdown.
enum CountdownAction: Action, Equatable {
  case start(Int)
  case stop(Int)
  case tick(Int)
  case close(Int)
}

/// A row that ticks a second after it is started, and can close itself.
final class Countdown: Reducer {
  let id: Int
  var ticks = 0

  init(id: Int) {
    self.id = id
  }

  func reduce(action: CountdownAction) {
    switch action {
    case .start(id):
      Effect.run(id: "timer", cancelInFlight: true) { [id] send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(CountdownAction.tick(id))
      }
    case .stop(id):
      Effect.cancel(id: "timer")
    case .tick(id):
      ticks += 1
    case .close(id):
      Effect.dismiss()
    default:
      break
    }
  }
}

/// Three countdowns, as rows.
final class Countdowns: Reducer {
  var rows = [Countdown(id: 1), Countdown(id: 2), Countdown(id: 3)]
}
