import SwiftReduce

// A moviegoer whose favorite movies fetch their ratings in effects that
// sleep on the store's clock: ids, cancellation, errors, value models and a
// store dispatching on another.

/// Asks for, cancels and delivers the ratings of a ``RatingsList``.
enum RatingAction: Action, Equatable {
  /// Starts an effect with the title as its id, which sleeps a second, then sends `.rated`.
  case fetch(String)
  /// Like `fetch`, with the id `"rating"` and `cancelInFlight`: the last title asked for wins.
  case fetchLatest(String)
  /// Cancels the effects with the title as their id.
  case stop(String)
  /// Starts an effect that sleeps a second, then throws `RatingError.offline`.
  case fetchOffline(String)
  /// Starts an effect with the title as its id that, cancelled, throws `RatingError.offline`.
  case fetchStubborn(String)
  case rated(String, Int)
}

/// Why a rating could not be fetched.
enum RatingError: Error {
  case offline
}

/// The stars a title is rated with, as the fake service returns them.
func stars(for title: String) -> Int {
  title.count % 5 + 1
}

/// The root: a name and the favorite movies, which start effects.
final class Moviegoer: Reducer {
  var name = "Ada"
  var favoriteMovies = RatingsList()
}

/// A model that starts an effect for each rating asked for.
final class RatingsList: Reducer {
  var ratings: [String: Int] = [:]

  func reduce(action: RatingAction) {
    switch action {
    case .fetch(let title):
      Effect.run(id: title) { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(RatingAction.rated(title, stars(for: title)))
      }
    case .fetchLatest(let title):
      Effect.run(id: "rating", cancelInFlight: true) { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(RatingAction.rated(title, stars(for: title)))
      }
    case .stop(let title):
      Effect.cancel(id: title)
    case .fetchOffline:
      Effect.run(id: "offline") { _ in
        try await Effect.clock.sleep(for: .seconds(1))
        throw RatingError.offline
      }
    case .fetchStubborn(let title):
      Effect.run(id: title) { _ in
        do {
          try await Effect.clock.sleep(for: .seconds(1))
        } catch {
          throw RatingError.offline
        }
      }
    case .rated(let title, let stars):
      ratings[title] = stars
    }
  }
}

/// Starts and counts laps in a value model.
enum LapAction: Action, Equatable {
  case start
  case lap
}

/// A value model that starts an effect sending a lap a second later.
struct Stopwatch: ValueReducer {
  var laps = 0

  mutating func reduce(action: LapAction) {
    switch action {
    case .start:
      Effect.run { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(LapAction.lap)
      }
    case .lap:
      laps += 1
    }
  }
}

/// Holds stopwatches where they are reduced in place.
final class Track: Reducer {
  var stopwatches = [Stopwatch()]
}

/// Pauses for no time on the store's clock, then says so.
enum PauseAction: Action, Equatable {
  case pause
  case resumed
}

/// A model whose effect sleeps for zero seconds before sending `.resumed`.
final class Pauser: Reducer {
  var resumed = 0

  func reduce(action: PauseAction) {
    switch action {
    case .pause:
      Effect.run { send in
        try await Effect.clock.sleep(for: .zero)
        send(PauseAction.resumed)
      }
    case .resumed:
      resumed += 1
    }
  }
}

/// Holds a stopwatch by the name of the runner in its lane.
final class Stadium: Reducer {
  var lanes = ["ada": Stopwatch()]
}

/// Holds three stopwatches, which reduce in one loop over their array.
final class Heat: Reducer {
  var stopwatches = [Stopwatch(), Stopwatch(), Stopwatch()]
}

/// A runner and the stopwatch timing her; not a model itself.
struct Runner {
  var name: String
  var stopwatch = Stopwatch()
}

/// Holds runners, whose stopwatches reduce one at a time.
final class Team: Reducer {
  var runners = [Runner(name: "Ada"), Runner(name: "Grace")]
}

/// Asks a second store, which it holds, for a rating while it reduces.
enum RelayAction: Action, Equatable {
  case relay(String)
}

/// A model whose reduce dispatches on another store: effects started there
/// belong to that store.
final class Relay: Reducer {
  /// Not a model: the walk never enters a store.
  let inner: Store<Moviegoer>

  init(inner: Store<Moviegoer>) {
    self.inner = inner
  }

  func reduce(action: RelayAction) {
    guard case .relay(let title) = action else { return }
    let inner = inner
    // Reduces run on the main actor, inside the outer store's dispatch.
    MainActor.assumeIsolated { inner.dispatch(RatingAction.fetch(title)) }
  }
}

/// Two models that take every rating action, of which only the second starts effects.
final class Screening: Reducer {
  var ledger = RatingsLedger()
  var favoriteMovies = RatingsList()
}

/// Counts the rating actions it sees, starting nothing.
final class RatingsLedger: Reducer {
  var seen = 0
  func reduce(action: RatingAction) { seen += 1 }
}

/// Starts a ``Starter``'s work.
enum StarterAction: Action, Equatable {
  /// Relays the title to the other store, then starts an effect with the id
  /// `"own"` that sleeps two seconds on this store's clock and sends `.started`.
  case start(String)
  case started(String)
}

/// The root of a store whose model dispatches on another store.
final class Lobby: Reducer {
  var starter: Starter

  init(inner: Store<Moviegoer>) {
    starter = Starter(inner: inner)
  }
}

/// A model whose reduce dispatches on another store and then starts an
/// effect of its own: that effect is this store's, and this model's.
final class Starter: Reducer {
  /// Not a model: the walk never enters a store.
  let inner: Store<Moviegoer>
  var started: [String] = []

  init(inner: Store<Moviegoer>) {
    self.inner = inner
  }

  func reduce(action: StarterAction) {
    switch action {
    case .start(let title):
      let inner = inner
      // Reduces run on the main actor, inside the outer store's dispatch.
      MainActor.assumeIsolated { inner.dispatch(RatingAction.fetch(title)) }
      Effect.run(id: "own") { send in
        try await Effect.clock.sleep(for: .seconds(2))
        send(StarterAction.started(title))
      }
    case .started(let title):
      started.append(title)
    }
  }
}

/// Sets a ``Pacer`` going.
enum PaceAction: Action, Equatable {
  /// Starts the stopwatches of the pacer's other store, then an effect of
  /// its own that sleeps two seconds on this store's clock and sends `.went`.
  case go
  case went
}

/// A value model whose reduce dispatches on another store, whose value
/// models start effects there, and then starts an effect of its own.
struct Pacer: ValueReducer {
  /// Not a model: the walk never enters a store.
  let inner: Store<Track>
  var went = 0

  mutating func reduce(action: PaceAction) {
    switch action {
    case .go:
      let inner = inner
      // Reduces run on the main actor, inside the outer store's dispatch.
      MainActor.assumeIsolated { inner.dispatch(LapAction.start) }
      Effect.run { send in
        try await Effect.clock.sleep(for: .seconds(2))
        send(PaceAction.went)
      }
    case .went:
      went += 1
    }
  }
}

/// Holds pacers by name.
final class Pacing: Reducer {
  var pacers: [String: Pacer]

  init(inner: Store<Track>) {
    pacers = ["ada": Pacer(inner: inner)]
  }
}
