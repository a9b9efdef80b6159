import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct MiddlewareTests {
  @Test func firstMiddlewareIsOutermost() {
    var log: [String] = []
    func logging(_ name: String) -> Middleware<Person> {
      Middleware { action, _, next in
        log.append("\(name) in")
        next(action)
        log.append("\(name) out")
      }
    }
    let store = Store(Person(), middleware: [logging("m1"), logging("m2"), logging("m3")])
    let subscription = store.subscribe { _ in log.append("reduce") }

    store.dispatch(NameChange.setName("Ada"))

    #expect(log == ["m1 in", "m2 in", "m3 in", "reduce", "m3 out", "m2 out", "m1 out"])
    withExtendedLifetime(subscription) {}
  }

  @Test func middlewareSeesTheStateBeforeNextAndTheNewStateAfterIt() {
    var log: [String] = []
    let store = Store(
      Person(),
      middleware: [
        Middleware { action, store, next in
          log.append("before: '\(store.name)'")
          next(action)
          log.append("after: '\(store.name)'")
        }
      ]
    )

    store.dispatch(NameChange.setName("Ada"))

    #expect(log == ["before: ''", "after: 'Ada'"])
  }

  @Test func middlewareCanReplaceAnAction() {
    let store = Store(
      Person(),
      middleware: [
        Middleware { action, _, next in
          if case NameChange.setName(let name) = action {
            next(NameChange.setName(name.uppercased()))
          } else {
            next(action)
          }
        }
      ]
    )

    store.dispatch(NameChange.setName("Ada"))

    #expect(store.name == "ADA")
  }

  @Test func middlewareCanDropAnActionSoNothingIsReducedOrNotified() {
    let store = Store(
      Person(),
      middleware: [
        Middleware { action, _, next in
          guard !(action is UpdateMovies) else { return }
          next(action)
        }
      ]
    )
    var notified: [String] = []
    let subscription = store.subscribe { notified.append($0.favoriteMovies.input) }

    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(NameChange.setName("Ada"))

    #expect(store.favoriteMovies.input == "")
    #expect(store.name == "Ada")
    #expect(notified == [""])
    withExtendedLifetime(subscription) {}
  }

  @Test func middlewareSeesEveryDispatchedActionIncludingUnhandledOnes() {
    var seen: [String] = []
    let store = Store(
      Person(),
      middleware: [
        Middleware { action, _, next in
          seen.append(String(describing: action))
          next(action)
        }
      ]
    )

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(Tick.tick)
    store.dispatch(UpdateMovies.submit)

    #expect(seen == ["setName(\"Ada\")", "tick", "submit"])
  }

  @Test func actionsDispatchedByMiddlewareReEnterTheWholeChainAfterTheCurrentOne() {
    var log: [String] = []
    let store = Store(
      Person(),
      middleware: [
        Middleware { action, store, next in
          log.append("outer \(action)")
          if case NameChange.setName = action {
            store.dispatch(UpdateMovies.setInput("Alien"))
          }
          next(action)
        },
        Middleware { action, store, next in
          next(action)
          log.append(
            "inner after \(action): name '\(store.name)', input '\(store.favoriteMovies.input)'")
        },
      ]
    )

    store.dispatch(NameChange.setName("Ada"))

    #expect(
      log == [
        "outer setName(\"Ada\")",
        "inner after setName(\"Ada\"): name 'Ada', input ''",
        "outer setInput(\"Alien\")",
        "inner after setInput(\"Alien\"): name 'Ada', input 'Alien'",
      ]
    )
  }

  @Test func middlewareThatCallsNextTwiceReducesTwiceAndNotifiesTwice() {
    let store = Store(
      Clock(),
      middleware: [
        Middleware { action, _, next in
          next(action)
          next(action)
        }
      ]
    )
    var ticks: [Int] = []
    let subscription = store.subscribe { ticks.append($0.ticks) }

    store.dispatch(Tick.tick)

    #expect(ticks == [1, 2])
    withExtendedLifetime(subscription) {}
  }
}
