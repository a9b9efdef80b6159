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
}
