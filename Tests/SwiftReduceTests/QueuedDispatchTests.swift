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

  @Test func dispatchFromInsideAReducerStillStopsTheProgram() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let relay = Relay()
          let store = Store(relay, middleware: [Middleware { action, _, next in next(action) }])
          relay.store = store
          store.dispatch(RelayAction.forward)
        }
      }
    )
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("was dispatched from inside reduce(action:) while reducing"))
  }
}

// MARK: - Fixture

private enum RelayAction: Action {
  case forward
  case forwarded
}

/// A model that wrongly dispatches from its reducer.
private final class Relay: Reducer {
  weak var store: Store<Relay>?

  func reduce(action: RelayAction) {
    guard case .forward = action else { return }
    let store = store
    MainActor.assumeIsolated { store?.dispatch(RelayAction.forwarded) }
  }
}
