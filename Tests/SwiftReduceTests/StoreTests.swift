import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct StoreTests {
  @Test func dynamicMemberLookupReadsNestedValues() {
    let store = Store(Person())
    store.dispatch(NameChange.setName("Ada"))
    store.watch("Alien")
    #expect(store.name == "Ada")
    #expect(store.favoriteMovies.movies == ["Alien": 1])
    #expect(store.root.favoriteMovies === store.favoriteMovies)
  }
}
