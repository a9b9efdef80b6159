import SwiftReduce
import Synchronization
import Testing

// A cinema: a nested model, a dictionary, an array of models with
// back-pointers, and actions that middleware, subscribers and effects follow up.

/// Changes to a ``Cinema``.
enum CinemaAction: Action, Equatable {
  case rename(String)
  case sell(String)
  case addScreen(String)
  case openBoxOffice
  case requestPoster
  case posterLoaded(String)
  case audit
  case wait
}

/// The root of the cinema fixture.
final class Cinema: Reducer {
  var name = "Rex"
  var boxOffice = BoxOffice()
  var sales: [String: Int] = [:]
  var screens: [Screen] = []
  var poster: String?
  var audits = 0
  let visitors = VisitorCounter()

  func reduce(action: CinemaAction) {
    switch action {
    case .rename(let name): self.name = name
    case .sell(let film): sales[film, default: 0] += 1
    case .addScreen(let film): screens.append(Screen(film: film, cinema: self))
    case .posterLoaded(let poster): self.poster = poster
    case .audit: audits += 1
    case .openBoxOffice, .requestPoster, .wait: break
    }
  }
}

/// A nested model.
final class BoxOffice: Reducer {
  var isOpen = false
  var tills = 1

  func reduce(action: CinemaAction) {
    if action == .openBoxOffice { isOpen = true }
  }
}

/// A model in an array, pointing back at its cinema.
final class Screen: Reducer {
  var film: String
  var seats = 100
  weak var cinema: Cinema?

  init(film: String, cinema: Cinema?) {
    self.film = film
    self.cinema = cinema
  }
}

/// A reel of film in a chain of reels: a deep chain of models.
final class Reel: Reducer {
  var frame = 0
  var next: Reel?

  func reduce(action: CinemaAction) {
    if next == nil, action == .audit { frame += 1 }
  }
}

/// A projection booth, whose projector follows the film it shows.
final class Booth: Reducer {
  var film = ""
  var projector = Projector()

  func reduce(action: CinemaAction) {
    if case .rename(let film) = action { self.film = film }
  }
}

/// A model that cancels, when it goes, the subscription it holds: a copy of
/// it shares the subscription, so a copy's `deinit` stops the real one.
final class Projector: Reducer {
  var subscription: StoreSubscription?

  deinit {
    let subscription = subscription
    // Models are released on the main actor in these tests.
    MainActor.assumeIsolated { subscription?.cancel() }
  }
}

/// An object that is not a model: shared between a tree and its copies.
final class VisitorCounter {
  var count = 0
}

/// Loads a poster in an effect when asked to, and audits every sale at once.
let posterLoader = Middleware<Cinema> { action, store, next in
  next(action)
  switch action as? CinemaAction {
  case .requestPoster:
    store.run { send in
      await Task.yield()
      send(CinemaAction.posterLoaded("Alien"))
    }
  case .sell:
    store.dispatch(CinemaAction.audit)
  case .wait:
    store.run { _ in
      try? await Task.sleep(for: .seconds(3_600))
    }
  default:
    break
  }
}

/// Runs `body`, expecting it to record exactly these issues, in this order.
///
/// Each issue must have one of the texts, or it is recorded as a failure of
/// its own; the texts recorded are then compared with `texts` as a whole.
@MainActor
func expectIssues(
  _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) {
  let recorded = RecordedIssues()
  withKnownIssue(sourceLocation: sourceLocation) {
    body()
  } matching: { issue in
    recorded.match(issue, against: texts)
  }
  #expect(recorded.texts == texts, sourceLocation: sourceLocation)
}

/// Runs `body`, expecting it to record exactly these issues, in this order.
@MainActor
func expectIssues(
  _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let recorded = RecordedIssues()
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    recorded.match(issue, against: texts)
  }
  #expect(recorded.texts == texts, sourceLocation: sourceLocation)
}

/// Runs `body`, expecting it to record exactly one issue, whose text `accepts` accepts:
/// for issues showing values that differ from run to run, such as a task's handle.
@MainActor
func expectOneIssue(
  sourceLocation: SourceLocation = #_sourceLocation,
  accepting accepts: @escaping @Sendable (String) -> Bool, _ body: () -> Void
) {
  let recorded = RecordedIssues()
  withKnownIssue(sourceLocation: sourceLocation) {
    body()
  } matching: { issue in
    recorded.match(issue, accepting: accepts)
  }
  #expect(recorded.texts.count == 1, "\(recorded.texts)", sourceLocation: sourceLocation)
}

/// The texts of the issues a known-issue matcher has seen, for `@Sendable` matchers.
final class RecordedIssues: Sendable {
  private let storage = Mutex<[String]>([])

  /// The texts recorded so far, oldest first.
  var texts: [String] { storage.withLock { $0 } }

  /// Records the issue's text and answers whether `accepts` accepts it.
  func match(_ issue: Issue, accepting accepts: (String) -> Bool) -> Bool {
    guard issue.comments.count == 1 else { return false }
    let text = issue.comments[0].rawValue
    storage.withLock { $0.append(text) }
    return accepts(text)
  }

  /// Records the issue's text and answers whether it is one of `texts`.
  func match(_ issue: Issue, against texts: [String]) -> Bool {
    guard issue.comments.count == 1 else { return false }
    let text = issue.comments[0].rawValue
    storage.withLock { $0.append(text) }
    return texts.contains(text)
  }
}
