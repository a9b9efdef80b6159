import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct SubscriptionTests {
  // MARK: - Root listeners

  @Test func rootListenerIsCalledOnceAfterEveryDispatchIncludingUnhandledOnes() {
    let store = Store(Person())
    var names: [String] = []
    let subscription = store.subscribe { names.append($0.name) }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(Tick.tick)
    store.dispatch(UpdateMovies.setInput("Alien"))

    #expect(names == ["Ada", "Ada", "Ada"])
    withExtendedLifetime(subscription) {}
  }

  @Test func rootListenerIsNotCalledAtSubscription() {
    let store = Store(Person())
    var calls = 0
    let subscription = store.subscribe { _ in calls += 1 }

    #expect(calls == 0)
    withExtendedLifetime(subscription) {}
  }

  @Test func rootListenerRunsAfterTheWholeTraversal() {
    let store = Store(Clock())
    var seen: [String] = []
    let subscription = store.subscribe { clock in
      seen.append("ticks \(clock.ticks), swings \(clock.pendulum.swings)")
    }

    store.dispatch(Tick.tick)
    store.dispatch(Tick.tick)

    #expect(seen == ["ticks 1, swings 1", "ticks 2, swings 2"])
    withExtendedLifetime(subscription) {}
  }

  // MARK: - Key-path listeners

  @Test func keyPathListenerIsCalledAtOnceWithTheCurrentValue() {
    let person = Person()
    person.name = "Initial"
    let store = Store(person)
    var names: [String] = []
    let subscription = store.subscribe(\.name) { names.append($0) }

    #expect(names == ["Initial"])
    withExtendedLifetime(subscription) {}
  }

  @Test func keyPathListenerIsNotCalledForAnUnrelatedAction() {
    let store = Store(Person())
    var names: [String] = []
    let subscription = store.subscribe(\.name) { names.append($0) }

    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(Tick.tick)

    #expect(names == [""])
    withExtendedLifetime(subscription) {}
  }

  @Test func keyPathListenerIsCalledOnlyWhenTheValueDiffersFromTheLastDelivered() {
    let store = Store(Person())
    var names: [String] = []
    let subscription = store.subscribe(\.name) { names.append($0) }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))
    store.dispatch(NameChange.clear)

    #expect(names == ["", "Ada", "Grace", ""])
    withExtendedLifetime(subscription) {}
  }

  @Test func computedPropertySubscriptionIsCalledWhenTheComputedValueChanges() {
    let store = Store(Session())
    var signedIn: [Bool] = []
    let subscription = store.subscribe(\.isSignedIn) { signedIn.append($0) }

    store.dispatch(SessionAction.signIn(name: "Ada", email: "ada@example.com"))
    store.dispatch(SessionAction.rename("Ada L."))
    store.dispatch(SessionAction.signOut)

    #expect(signedIn == [false, true, false])
    withExtendedLifetime(subscription) {}
  }

  @Test func modelKeyPathIsComparedByIdentityNotByEquality() {
    let store = Store(Session())
    let first = store.user
    first.name = "Ada"
    first.email = "ada@example.com"
    var delivered: [ObjectIdentifier] = []
    let subscription = store.subscribe(identityOf: \.user) {
      delivered.append(ObjectIdentifier($0))
    }

    // Changed in place: no longer equal to what was delivered, but the same instance.
    store.dispatch(SessionAction.rename("Ada L."))
    // Replaced by an equal instance: equal, but a different instance.
    store.dispatch(SessionAction.signIn(name: "Ada L.", email: "ada@example.com"))
    let second = store.user

    #expect(second == first)
    #expect(second !== first)
    #expect(delivered == [ObjectIdentifier(first), ObjectIdentifier(second)])
    withExtendedLifetime(subscription) {}
  }

  @Test func optionalModelKeyPathIsComparedByIdentityNotByEquality() throws {
    let store = Store(Shelter())
    var delivered: [ObjectIdentifier?] = []
    let subscription = store.subscribe(identityOf: \.selected) {
      delivered.append($0.map(ObjectIdentifier.init))
    }

    store.dispatch(PetAction.select(name: "Rex"))
    let first = try #require(store.selected)
    // Changed in place: the same instance, not reported.
    store.dispatch(PetAction.rename("Rex II"))
    // Replaced by an equal but different instance: reported.
    store.dispatch(PetAction.select(name: "Rex II"))
    let second = try #require(store.selected)
    store.dispatch(PetAction.deselect)
    store.dispatch(PetAction.deselect)

    #expect(first == second)
    #expect(first !== second)
    #expect(delivered == [nil, ObjectIdentifier(first), ObjectIdentifier(second), nil])
    withExtendedLifetime(subscription) {}
  }

  @Test func aKeyPathEndingInWhatDecidesAChangeIsToldOnlyOfThatChange() {
    let store = Store(Person())
    var counts: [Int] = []
    let subscription = store.subscribe(\.favoriteMovies.movies.count) { counts.append($0) }

    store.watch("Alien", "Alien", "Heat")

    #expect(counts == [0, 1, 2])
    withExtendedLifetime(subscription) {}
  }

  // MARK: - Ending a subscription

  @Test func releasedSubscriptionIsNeverCalledAgainAndReleasesItsClosure() {
    let store = Store(Person())
    var names: [String] = []
    weak var weakWitness: Witness?
    var subscription: StoreSubscription?
    do {
      let witness = Witness()
      weakWitness = witness
      subscription = store.subscribe { person in
        withExtendedLifetime(witness) { names.append(person.name) }
      }
    }
    store.dispatch(NameChange.setName("Ada"))

    subscription = nil
    store.dispatch(NameChange.setName("Grace"))

    #expect(subscription == nil)
    #expect(names == ["Ada"])
    #expect(weakWitness == nil)
  }

  @Test func cancelledSubscriptionIsNeverCalledAgainAndReleasesItsClosure() {
    let store = Store(Person())
    var names: [String] = []
    weak var weakWitness: Witness?
    let subscription: StoreSubscription
    do {
      let witness = Witness()
      weakWitness = witness
      subscription = store.subscribe(\.name) { name in
        withExtendedLifetime(witness) { names.append(name) }
      }
    }

    subscription.cancel()
    store.dispatch(NameChange.setName("Ada"))

    #expect(names == [""])
    #expect(weakWitness == nil)
  }

  @Test func cancellingTwiceIsHarmless() {
    let store = Store(Person())
    var calls = 0
    let subscription = store.subscribe { _ in calls += 1 }
    store.dispatch(NameChange.setName("Ada"))

    subscription.cancel()
    subscription.cancel()
    store.dispatch(NameChange.setName("Grace"))

    #expect(calls == 1)
  }

  // MARK: - Order and changes during a notification

  @Test func listenersAreCalledInTheOrderTheySubscribed() {
    let store = Store(Person())
    var log: [String] = []
    let subscriptions = [
      store.subscribe { log.append("first \($0.name)") },
      store.subscribe(\.name) { log.append("second \($0)") },
      store.subscribe { log.append("third \($0.name)") },
    ]
    log.removeAll()

    store.dispatch(NameChange.setName("Ada"))

    #expect(log == ["first Ada", "second Ada", "third Ada"])
    withExtendedLifetime(subscriptions) {}
  }

  @Test func listenerCancelledDuringANotificationIsNotCalledAfterItsCancellation() {
    let store = Store(Person())
    var log: [String] = []
    var second: StoreSubscription?
    let first = store.subscribe { _ in
      log.append("first")
      second?.cancel()
    }
    second = store.subscribe { _ in log.append("second") }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    #expect(log == ["first", "first"])
    withExtendedLifetime(first) {}
  }

  @Test func listenerReleasedDuringANotificationIsNotCalledAfterItsRelease() {
    let store = Store(Person())
    var log: [String] = []
    var second: StoreSubscription?
    let first = store.subscribe { _ in
      log.append("first")
      second = nil
    }
    second = store.subscribe { _ in log.append("second") }

    store.dispatch(NameChange.setName("Ada"))

    #expect(second == nil)
    #expect(log == ["first"])
    withExtendedLifetime(first) {}
  }

  @Test func listenerAddedDuringANotificationIsFirstCalledOnTheNextDispatch() {
    let store = Store(Person())
    var log: [String] = []
    var added: [StoreSubscription] = []
    let first = store.subscribe { person in
      log.append("first \(person.name)")
      guard added.isEmpty else { return }
      added.append(store.subscribe { log.append("added \($0.name)") })
      added.append(store.subscribe(\.name) { log.append("added key path \($0)") })
    }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))

    #expect(
      log == [
        "first Ada", "added key path Ada",
        "first Grace", "added Grace", "added key path Grace",
      ]
    )
    withExtendedLifetime(first) {}
  }
}
