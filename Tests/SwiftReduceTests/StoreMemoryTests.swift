import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct StoreMemoryTests {
  @Test func storeAndModelsAreDeallocatedWhenTheLastReferenceGoes() {
    weak var weakStore: Store<Person>?
    weak var weakRoot: Person?
    weak var weakMovies: FavoriteMovies?
    do {
      let store = Store(Person())
      weakStore = store
      weakRoot = store.root
      weakMovies = store.favoriteMovies
      store.dispatch(NameChange.setName("Ada"))
    }

    #expect(weakStore == nil)
    #expect(weakRoot == nil)
    #expect(weakMovies == nil)
  }

  @Test func storeWithLiveSubscriptionsAndMiddlewareIsDeallocated() {
    weak var weakStore: Store<Person>?
    weak var weakRoot: Person?
    var subscriptions: [StoreSubscription] = []
    var names: [String] = []
    do {
      let store = Store(
        Person(),
        middleware: [
          Middleware { action, store, next in
            next(action)
            names.append("middleware saw \(store.name)")
          }
        ]
      )
      weakStore = store
      weakRoot = store.root
      subscriptions.append(store.subscribe { names.append("root saw \($0.name)") })
      subscriptions.append(store.subscribe(\.name) { names.append("name \($0)") })
      subscriptions.append(
        store.subscribe(identityOf: \.favoriteMovies) { _ in names.append("movies") })
      store.dispatch(NameChange.setName("Ada"))
    }

    #expect(weakStore == nil)
    #expect(weakRoot == nil)
    #expect(subscriptions.count == 3)
    #expect(
      names == ["name ", "movies", "root saw Ada", "name Ada", "middleware saw Ada"]
    )
  }

  @Test func subscriptionsAreDeallocatedWithTheirTokens() {
    let store = Store(Person())
    weak var weakSubscription: StoreSubscription?
    do {
      let subscription = store.subscribe { _ in }
      weakSubscription = subscription
      store.dispatch(NameChange.setName("Ada"))
    }

    #expect(weakSubscription == nil)
  }

  @Test func listenerThatCapturesTheStoreWeaklyLetsItGo() {
    weak var weakStore: Store<Person>?
    var subscription: StoreSubscription?
    do {
      let store = Store(Person())
      weakStore = store
      subscription = store.subscribe { [weak store] _ in _ = store?.name }
    }

    #expect(weakStore == nil)
    #expect(subscription != nil)
  }

  @Test func storeWithABindingAndAStreamIsDeallocated() {
    weak var weakStore: Store<Person>?
    var binding: StoreBinding<String>?
    var stream: AsyncStream<String>?
    do {
      let store = Store(Person())
      weakStore = store
      binding = store[\.name, NameChange.setName]
      stream = store.values(\.name)
    }

    #expect(weakStore == nil)
    #expect(binding?.wrappedValue == "")
    #expect(stream != nil)
  }
}
