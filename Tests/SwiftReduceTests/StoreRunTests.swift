import SwiftReduce
import Testing

@MainActor
struct StoreRunTests {
  @Test func runDispatchesWhatItsWorkProducesWhenItFinishes() async {
    let store = Store(Greeting())
    var texts: [String] = []
    let subscription = store.subscribe(\.text) { texts.append($0) }

    let task = store.run { send in
      let text = await fetchGreeting()
      send(GreetingAction.loaded(text))
    }
    #expect(store.text == "…")
    await task.value

    #expect(texts == ["…", "Hello, Ada"])
    withExtendedLifetime(subscription) {}
  }

  @Test func waitForTasksAwaitsWorkStartedByMiddleware() async {
    let store = Store(Greeting(), middleware: [.loadGreeting])
    var log: [String] = []
    let subscription = store.subscribe { log.append("\($0.text) loading: \($0.isLoading)") }

    store.dispatch(GreetingAction.load)
    await store.waitForTasks()

    #expect(log == ["… loading: true", "Hello, Ada loading: false"])
    withExtendedLifetime(subscription) {}
  }

  @Test func waitForTasksAlsoAwaitsTasksStartedWhileWaiting() async {
    let store = Store(Clock())
    store.run { send in
      await Task.yield()
      send(Tick.tick)
      store.run { send in
        await Task.yield()
        send(Tick.tick)
      }
    }

    await store.waitForTasks()

    #expect(store.ticks == 2)
  }

  @Test(.timeLimit(.minutes(10)))
  func releasingTheStoreCancelsItsRunningWork() async {
    var store: Store<Clock>? = Store(Clock())
    let (started, reportStart) = AsyncStream.makeStream(of: Void.self)
    let task = store?.run { send in
      reportStart.yield()
      while !Task.isCancelled { await Task.yield() }
      send(Tick.tick)
    }
    var starts = started.makeAsyncIterator()
    await starts.next(isolation: #isolation)

    store = nil
    await task?.value

    #expect(store == nil)
    #expect(task?.isCancelled == true)
  }

  // MARK: - Errors thrown after the store is gone

  /// Starts an effect that throws once its store is released, releases the store, and
  /// returns the effect's task; `handler` hears effect errors, as a test store's does.
  private static func effectThrowingAfterRelease(
    handler: (@MainActor (String) -> Void)? = nil
  ) -> Task<Void, Never> {
    let store = Store(Greeting())
    store.effectErrorHandler = handler
    return store.run { _ in
      try? await Task.sleep(for: .seconds(600))
      throw LateFailure()
    }
  }

  @Test func anErrorThrownAfterTheStoreIsReleasedGoesToTheTestThatOwnedIt() async {
    var heard: [String] = []
    let task = Self.effectThrowingAfterRelease { heard.append($0) }
    await task.value
    #expect(
      heard == [
        "no id, started by store.run outside any dispatch, threw SwiftReduceTests.LateFailure() "
          + "after its store was released"
      ])
  }

  #if DEBUG
    @Test func anErrorThrownAfterTheStoreIsReleasedIsSaidToBeDropped() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        let task = await MainActor.run { StoreRunTests.effectThrowingAfterRelease() }
        await task.value
      }
      #expect(
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
          == "SwiftReduce: the effect no id, started by store.run outside any dispatch, threw "
          + "SwiftReduceTests.LateFailure() after its store was released; no store is left to "
          + "report it to, so it is dropped. (reported in debug builds)\n")
    }
  #endif
}

/// An error an effect throws once it is cancelled.
struct LateFailure: Error {}
