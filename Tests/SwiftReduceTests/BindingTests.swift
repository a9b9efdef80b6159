import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct BindingTests {
  // MARK: - StoreBinding

  @Test func bindingReadsThroughItsGetterAndWritesThroughItsSetter() {
    var stored = 1
    let binding = StoreBinding(get: { stored }, set: { stored = $0 * 10 })

    binding.wrappedValue = 2

    #expect(stored == 20)
    #expect(binding.wrappedValue == 20)
  }

  @Test func constantBindingAlwaysReadsItsValueAndIgnoresWrites() {
    let binding = StoreBinding.constant("Ada")

    binding.wrappedValue = "Grace"

    #expect(binding.wrappedValue == "Ada")
  }

  @Test func derivedBindingWritesBackThroughTheParentSetter() {
    var stored = Ticket(title: "Alien", seats: 1)
    var parentWrites: [Ticket] = []
    let ticket = StoreBinding(
      get: { stored },
      set: {
        parentWrites.append($0)
        stored = $0
      }
    )
    let seats = ticket.seats

    seats.wrappedValue = 3

    #expect(seats.wrappedValue == 3)
    #expect(stored == Ticket(title: "Alien", seats: 3))
    #expect(parentWrites == [Ticket(title: "Alien", seats: 3)])
  }

  // MARK: - Store bindings

  @Test func storeBindingGetterReadsTheCurrentValueAtCallTime() {
    let store = Store(Person())
    let name = store[\.name, { NameChange.setName($0) }]

    store.dispatch(NameChange.setName("Ada"))

    #expect(name.wrappedValue == "Ada")
  }

  @Test func storeBindingGetterIsFreshAfterAParentReplacedTheModelOnItsPath() {
    let store = Store(Session())
    let name = store[\.user.name, { SessionAction.rename($0) }]
    let firstUser = store.user

    store.dispatch(SessionAction.signIn(name: "Grace", email: "grace@example.com"))

    #expect(store.user !== firstUser)
    #expect(name.wrappedValue == "Grace")
  }

  @Test func storeBindingSetterDispatchesTheActionMadeFromTheNewValue() {
    let store = Store(Person())
    let name = store[\.name, NameChange.setName]

    name.wrappedValue = "Ada"

    #expect(store.name == "Ada")
    #expect(name.wrappedValue == "Ada")
  }

  @Test func storeBindingSetterPassesThroughMiddlewareAndNeverWritesTheModel() {
    var seen: [String] = []
    let store = Store(
      Person(),
      middleware: [
        Middleware { action, _, _ in
          // Sees the action and drops it: only a dispatch could change the model.
          seen.append(String(describing: action))
        }
      ]
    )
    let name = store[\.name, NameChange.setName]

    name.wrappedValue = "Ada"

    #expect(seen == ["setName(\"Ada\")"])
    #expect(store.name == "")
  }

  @Test func settingAnEqualValueStillDispatches() {
    let store = Store(Person())
    var dispatches = 0
    let subscription = store.subscribe { _ in dispatches += 1 }
    let name = store[\.name, NameChange.setName]

    name.wrappedValue = "Ada"
    name.wrappedValue = "Ada"

    #expect(dispatches == 2)
    withExtendedLifetime(subscription) {}
  }

  @Test func storeBindingWriteAfterTheStoreIsReleasedDoesNothing() throws {
    let person = Person()
    var store: Store<Person>? = Store(person)
    let name = try #require(store)[\.name, NameChange.setName]
    store = nil

    name.wrappedValue = "Ada"

    #expect(store == nil)
    #expect(person.name == "")
    #expect(name.wrappedValue == "")
  }
}
