import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct QueuedDispatchTests {
  @Test func dispatchFromASubscriberRunsAfterTheCurrentDispatchCompletes() {
    let store = Store(Person())
    var log: [String] = []
    let first = store.subscribe { person in
      log.append("first sees \(person.name)")
      if person.name == "Ada" {
        store.dispatch(NameChange.setName("Grace"))
        log.append("first's dispatch returned, name is \(store.name)")
      }
    }
    let second = store.subscribe { log.append("second sees \($0.name)") }

    store.dispatch(NameChange.setName("Ada"))

    #expect(
      log == [
        "first sees Ada",
        "first's dispatch returned, name is Ada",
        "second sees Ada",
        "first sees Grace",
        "second sees Grace",
      ]
    )
    withExtendedLifetime([first, second]) {}
  }

  @Test func nestedDispatchesRunInFIFOOrderAndEverySubscriberSeesEveryState() {
    let store = Store(Person())
    var firstSaw: [String] = []
    var secondSaw: [String] = []
    let first = store.subscribe(\.name) { name in
      firstSaw.append(name)
      if name == "A" {
        store.dispatch(NameChange.setName("B"))
        store.dispatch(NameChange.setName("C"))
      }
    }
    let second = store.subscribe(\.name) { name in
      secondSaw.append(name)
      if name == "A" { store.dispatch(NameChange.setName("D")) }
    }

    store.dispatch(NameChange.setName("A"))

    #expect(firstSaw == ["", "A", "B", "C", "D"])
    #expect(secondSaw == ["", "A", "B", "C", "D"])
    #expect(store.name == "D")
    withExtendedLifetime([first, second]) {}
  }

  @Test func outermostDispatchReturnsAfterEveryQueuedActionHasRun() {
    let store = Store(Clock())
    let subscription = store.subscribe { clock in
      if clock.ticks < 3 { store.dispatch(Tick.tick) }
    }

    store.dispatch(Tick.tick)

    #expect(store.ticks == 3)
    #expect(store.pendulum.swings == 3)
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromInsideAReducerIsQueuedAfterTheCurrentDispatch() {
    let relay = Relay()
    let store = Store(relay)
    relay.store = store
    var log: [String] = []
    let subscription = store.subscribe { log.append("saw \($0.received.joined(separator: ", "))") }

    store.dispatch(RelayAction.forward)

    #expect(log == ["saw forward", "saw forward, forwarded"])
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromOnChangeOfAStoreReadIsQueuedInOrder() {
    let store = Store(Person())
    var log: [String] = []
    let subscription = store.subscribe {
      log.append("name \($0.name), input \($0.favoriteMovies.input)")
    }
    withObservationTracking {
      _ = store.name
    } onChange: {
      MainActor.assumeIsolated {
        log.append("onChange")
        store.dispatch(UpdateMovies.setInput("Alien"))
        store.dispatch(NameChange.setName("Grace"))
      }
    }

    store.dispatch(NameChange.setName("Ada"))

    #expect(
      log == [
        "onChange", "name Ada, input ", "name Ada, input Alien", "name Grace, input Alien",
      ])
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromOnChangeOfAnObservableModelPropertyIsQueued() {
    // The model's registrar calls `onChange` from inside `reduce(action:)`.
    let store = Store(ObservedPerson())
    var log: [String] = []
    let subscription = store.subscribe {
      log.append("name \($0.name), input \($0.favoriteMovies.input)")
    }
    withObservationTracking {
      _ = store.root.name
    } onChange: {
      MainActor.assumeIsolated {
        log.append("onChange")
        store.dispatch(UpdateMovies.setInput("Alien"))
      }
    }

    store.dispatch(NameChange.setName("Ada"))

    #expect(log == ["onChange", "name Ada, input ", "name Ada, input Alien"])
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromOnChangeOfAPlainModelReadInAMixedTreeIsQueued() {
    let store = Store(Moviegoer())
    var log: [String] = []
    let subscription = store.subscribe {
      log.append("name \($0.name), input \($0.favoriteMovies.input)")
    }
    withObservationTracking {
      _ = store.favoriteMovies
    } onChange: {
      MainActor.assumeIsolated {
        log.append("onChange")
        store.dispatch(NameChange.setName("Ada"))
      }
    }

    store.dispatch(UpdateMovies.setInput("Alien"))

    #expect(log == ["onChange", "name , input Alien", "name Ada, input Alien"])
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromTheDeinitOfAModelReleasedInsideReduceIsQueued() {
    let programme = Programme()
    let store = Store(programme)
    var log: [String] = []
    programme.screenings = ["Alien", "Heat"].map { title in
      Screening(title) { released in
        log.append("released \(released)")
        if released == "Alien" { store.dispatch(ProgrammeAction.cancel("Heat")) }
      }
    }
    let subscription = store.subscribe { log.append("showing \($0.screenings.map(\.title))") }

    store.dispatch(ProgrammeAction.cancel("Alien"))

    #expect(
      log == [
        "released Alien", "showing [\"Heat\"]", "released Heat", "showing []",
      ])
    withExtendedLifetime(subscription) {}
  }

  @Test func dispatchFromTheDeinitOfAModelTheWalkReleasesIsQueued() {
    let programme = Programme()
    let store = Store(programme)
    var log: [String] = []
    programme.screenings = [Screening("Alien") { _ in }]
    programme.notice = Notice(on: programme) {
      log.append("notice released")
      store.dispatch(ProgrammeAction.cancel("Alien"))
    }
    let subscription = store.subscribe {
      log.append("notice \($0.notice == nil ? "down" : "up"), \($0.screenings.count) screenings")
    }

    store.dispatch(NoticeAction.takeDown)

    #expect(
      log == [
        "notice released", "notice down, 1 screenings", "notice down, 0 screenings",
      ])
    withExtendedLifetime(subscription) {}
  }
}

// MARK: - Fixture

private enum RelayAction: Action {
  case forward
  case forwarded
}

/// A model that dispatches from its reducer, which it should not, but which is queued.
private final class Relay: Reducer {
  weak var store: Store<Relay>?
  var received: [String] = []

  func reduce(action: RelayAction) {
    received.append(String(describing: action))
    guard case .forward = action else { return }
    let store = store
    MainActor.assumeIsolated { store?.dispatch(RelayAction.forwarded) }
  }
}
