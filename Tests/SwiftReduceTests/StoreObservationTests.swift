import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct StoreObservationTests {
  @Test func dynamicMemberReadInsideTrackingFiresOnChangeAtTheNextDispatch() {
    let store = Store(Person())
    let changes = SendableLog()
    let name = withObservationTracking {
      store.name
    } onChange: {
      changes.append("changed")
    }
    #expect(changes.entries == [])

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    #expect(name == "")
    #expect(changes.entries == ["changed"])
  }

  @Test func storeBindingReadInsideTrackingFiresOnChange() {
    let store = Store(Person())
    let name = store[\.name, NameChange.setName]
    let changes = SendableLog()
    _ = withObservationTracking {
      name.wrappedValue
    } onChange: {
      changes.append("changed")
    }

    name.wrappedValue = "Ada"

    #expect(changes.entries == ["changed"])
  }

  @Test func trackingThatReadsNothingFromTheStoreDoesNotFire() {
    let store = Store(Person())
    let changes = SendableLog()
    withObservationTracking {
      _ = store.root
    } onChange: {
      changes.append("changed")
    }

    store.dispatch(NameChange.setName("Ada"))

    #expect(changes.entries == [])
  }

  @Test func actionDroppedByMiddlewareDoesNotFireOnChange() {
    let store = Store(Person(), middleware: [Middleware { _, _, _ in }])
    let changes = SendableLog()
    _ = withObservationTracking {
      store.name
    } onChange: {
      changes.append("changed")
    }

    store.dispatch(NameChange.setName("Ada"))

    #expect(changes.entries == [])
  }

  @Test func dispatchFromOnChangeIsQueuedAfterTheCurrentDispatch() {
    let store = Store(Person())
    var log: [String] = []
    let subscription = store.subscribe(\.name) { log.append("name \($0)") }
    _ = withObservationTracking {
      store.name
    } onChange: {
      MainActor.assumeIsolated {
        log.append("onChange")
        store.dispatch(NameChange.setName("Grace"))
      }
    }

    store.dispatch(NameChange.setName("Ada"))

    #expect(log == ["name ", "onChange", "name Ada", "name Grace"])
    withExtendedLifetime(subscription) {}
  }
}
