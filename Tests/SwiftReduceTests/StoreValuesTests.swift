import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct StoreValuesTests {
  @Test func valuesStartsWithTheCurrentValueThenYieldsEachDistinctValue() async {
    let store = Store(Person())
    let names = store.values(\.name)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(NameChange.setName("Grace"))

    var received: [String] = []
    for await name in names {
      received.append(name)
      if received.count == 3 { break }
    }

    #expect(received == ["", "Ada", "Grace"])
  }

  @Test(.timeLimit(.minutes(10)))
  func valuesEndsWhenTheConsumingTaskIsCancelled() async {
    let store = Store(Person())
    let names = store.values(\.name)
    let (progress, reportProgress) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task {
      var received: [String] = []
      for await name in names {
        received.append(name)
        reportProgress.yield(received.count)
      }
      return received
    }
    var reports = progress.makeAsyncIterator()
    #expect(await reports.next(isolation: #isolation) == 1)
    store.dispatch(NameChange.setName("Ada"))
    #expect(await reports.next(isolation: #isolation) == 2)

    consumer.cancel()
    let received = await consumer.value
    store.dispatch(NameChange.setName("Grace"))

    #expect(received == ["", "Ada"])
  }

  @Test(.timeLimit(.minutes(10)))
  func valuesEndsWhenTheStoreIsReleased() async throws {
    var store: Store<Person>? = Store(Person())
    let names = try #require(store).values(\.name)
    store?.dispatch(NameChange.setName("Ada"))

    store = nil
    var received: [String] = []
    for await name in names {
      received.append(name)
    }

    #expect(store == nil)
    #expect(received == ["", "Ada"])
  }
}
