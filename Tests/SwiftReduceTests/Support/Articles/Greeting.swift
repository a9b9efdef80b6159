import SwiftReduce

// A model loaded asynchronously: `.load` starts the work in middleware and
// `.loaded` delivers its result, as in the Middleware article.

enum GreetingAction: Action {
  case load
  case loaded(String)
}

final class Greeting: Reducer {
  var text = "…"
  var isLoading = false

  func reduce(action: GreetingAction) {
    switch action {
    case .load:
      isLoading = true
    case .loaded(let text):
      self.text = text
      isLoading = false
    }
  }
}

/// Stands in for a network request: suspends once, then returns a greeting.
func fetchGreeting() async -> String {
  await Task.yield()
  return "Hello, Ada"
}

extension Middleware<Greeting> {
  /// Starts loading the greeting whenever `.load` has been reduced.
  static var loadGreeting: Middleware<Greeting> {
    Middleware { action, store, next in
      next(action)
      guard case GreetingAction.load = action else { return }
      store.run { send in
        let text = await fetchGreeting()
        send(GreetingAction.loaded(text))
      }
    }
  }
}
