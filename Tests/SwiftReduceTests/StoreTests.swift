import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct StoreTests {
  @Test func dynamicMemberLookupReadsNestedValues() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(UpdateMovies.submit)
    #expect(store.name == "Ada")
    #expect(store.favoriteMovies.movies == ["Alien": 1])
    #expect(store.root.favoriteMovies === store.favoriteMovies)
  }

  @Test func reducerThatDispatchesStopsTheProgramNamingBothActions() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let store = Store(Reentrant())
        store.root.onPing = {
          MainActor.assumeIsolated { store.dispatch(NameChange.setName("inner")) }
        }
        store.dispatch(Knock())
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        """
        SwiftReduce: SwiftReduceTestSupport.NameChange.setName("inner") was dispatched from inside reduce(action:) \
        while reducing SwiftReduceTests.Knock(). Reducers must not dispatch
        """))
  }
}
