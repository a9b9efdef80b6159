import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct DependencyTests {
  // MARK: - Declaring

  @Test func aKeyGivesItsLiveTestOrPreviewValueByContext() {
    #expect(DependencyValues()[SignatureKey.self] == "the foyer")
    #expect(DependencyValues(context: .live)[SignatureKey.self] == "the foyer")
    #expect(DependencyValues(context: .test)[SignatureKey.self] == "a test")
    #expect(
      DependencyValues(context: .preview).greeter.greet("Ada") == "Hello from the preview, Ada!")
  }

  @Test func aKeyWithoutAPreviewValuePreviewsItsLiveValue() {
    #expect(DependencyValues(context: .preview)[SignatureKey.self] == "the foyer")
  }

  @Test func aKeyWithoutATestValueGivesItsLiveValueOutsideATestStore() {
    #expect(DependencyValues(context: .test).greeter.greet("Ada") == "Hello, Ada!")
  }

  @Test func aTestValueDeclaredFailingGivesItsFallbackOutsideATestStore() {
    #expect(DependencyValues(context: .test)[PostmarkKey.self] == "not stamped")
    #expect(DependencyValues()[PostmarkKey.self] == "stamped by the post office")
  }

  @Test func aValueSetWinsOverTheKeysValueInEveryContext() {
    for context in [DependencyContext.live, .preview, .test] {
      var values = DependencyValues(context: context)
      values[SignatureKey.self] = "Ada"
      #expect(values[SignatureKey.self] == "Ada")
    }
  }

  // MARK: - Reading in a store

  @Test func storeUsesLiveValueUnlessOverriddenAtCreation() {
    let live = Store(Welcome())
    live.dispatch(WelcomeAction.greet("Ada"))
    #expect(live.text == "Hello, Ada!")

    let overridden = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
    overridden.dispatch(WelcomeAction.greet("Ada"))
    #expect(overridden.text == "Hey Ada")
  }

  @Test func aStoreInThePreviewContextUsesPreviewValues() {
    let store = Store(Welcome()) { $0.context = .preview }
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(store.text == "Hello from the preview, Ada!")
  }

  @Test func aReadOutsideAnyStoreGivesTheLiveValue() {
    #expect(Welcome().greeter.greet("Ada") == "Hello, Ada!")
    @Dependency(\.greeter) var greeter
    #expect(greeter.greet("Ada") == "Hello, Ada!")
  }

  @Test func aStoredDependencyReadsTheStoreThatIsDispatching() {
    let greeting = Welcome()
    let first = Store(greeting) { $0.greeter = Greeter { "First \($0)" } }
    let second = Store(greeting) { $0.greeter = Greeter { "Second \($0)" } }
    first.dispatch(WelcomeAction.greet("Ada"))
    #expect(greeting.text == "First Ada")
    second.dispatch(WelcomeAction.greet("Ada"))
    #expect(greeting.text == "Second Ada")
  }

  @Test func aDependencyNamedByItsKeyTypeReadsLikeOneNamedByAProperty() {
    let store = Store(Welcome()) { $0[SignatureKey.self] = "Ada" }
    store.dispatch(WelcomeAction.sign)
    #expect(store.text == " (Ada)")
  }

  @Test func valueModelsReadTheDependenciesOfTheirStore() {
    let store = Store(Annex()) { $0.greeter = Greeter { "Card for \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(store.cards.map(\.text) == ["Card for Ada", "Card for Ada"])
  }

  @Test func effectsReadTheDependenciesOfTheStoreThatStartedThem() async {
    let store = Store(Welcome()) { $0.greeter = Greeter { "Later, \($0)" } }
    store.dispatch(WelcomeAction.greetLater("Ada"))
    await store.waitForTasks()
    #expect(store.text == "Later, Ada")
  }

  @Test func tasksAnEffectCreatesReadItsDependenciesButDetachedOnesReadLiveValues() async {
    let store = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
    store.dispatch(WelcomeAction.greetFromATask("Ada"))
    await store.waitForTasks()
    #expect(store.text == "Hey Ada detached: Hello, Ada!")
  }

  @Test func aReadOffTheMainThreadDuringADispatchGivesTheLiveValue() async {
    let store = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
    // Read on another thread while the main thread dispatches: never the dispatch's.
    let reads = Task.detached {
      (0..<2_000).map { _ in Dependency(\.greeter).wrappedValue.greet("Ada") }
    }
    for _ in 0..<200 { store.dispatch(WelcomeAction.greet("Ada")) }
    #expect(Set(await reads.value) == ["Hello, Ada!"])
    #expect(store.text == "Hey Ada")
  }

  @Test func aStoreDispatchingInsideAnothersDispatchGivesItsOwnValuesThenTheOuterOnes() {
    let inner = Store(Welcome()) { $0.greeter = Greeter { "Inner \($0)" } }
    let afterInner = TextRecord()
    let relay = Middleware<Welcome> { action, _, next in
      inner.dispatch(WelcomeAction.greet("Ada"))
      @Dependency(\.greeter) var greeter
      afterInner.text = greeter.greet("Ada")
      next(action)
    }
    let outer = Store(Welcome(), middleware: [relay]) { $0.greeter = Greeter { "Outer \($0)" } }
    outer.dispatch(WelcomeAction.greet("Grace"))
    #expect(inner.text == "Inner Ada")
    #expect(afterInner.text == "Outer Ada")
    #expect(outer.text == "Outer Grace")
  }

  @Test func aSubscriberReadsTheValuesOfTheStoreNotifyingIt() {
    let store = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
    let seen = TextRecord()
    let subscription = store.subscribe { _ in
      @Dependency(\.greeter) var greeter
      seen.text = greeter.greet("Ada")
    }
    store.dispatch(WelcomeAction.sign)
    subscription.cancel()
    #expect(seen.text == "Hey Ada")
  }

  // MARK: - The clock

  @Test func theStoresClockIsItsClockDependency() {
    let clock = SuspendingClock()
    let passed = Store(Welcome(), clock: clock)
    let set = Store(Welcome()) { $0.clock = clock }
    #expect(passed.clock is SuspendingClock)
    #expect(set.clock is SuspendingClock)
    #expect(Store(Welcome()).clock is ContinuousClock)
    #expect(Store(Welcome()) { _ in }.clock is ContinuousClock)
  }

  @Test func effectClockIsTheClockOfTheStoreRunningTheEffectAndLiveElsewhere() async {
    let store = Store(Welcome(), clock: SuspendingClock())
    let inEffect = ClockRecord()
    await store.run { _ in inEffect.clock = Effect.clock }.value
    #expect(inEffect.clock is SuspendingClock)
    #expect(Effect.clock is ContinuousClock)
  }

  @Test func effectClockDuringADispatchIsTheDispatchingStoresClock() {
    let duringDispatch = ClockRecord()
    let recording = Middleware<Welcome> { action, _, next in
      duringDispatch.clock = Effect.clock
      next(action)
    }
    let store = Store(Welcome(), middleware: [recording], clock: SuspendingClock())
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(duringDispatch.clock is SuspendingClock)
  }

  // MARK: - Subtrees

  @Test func aSubtreeOverrideAppliesToItsModelAndEveryModelBelowIt() {
    let store = Store(Foyer()) { $0.greeter = Greeter { "Hello, \($0)!" } }
    store.overrideDependencies(below: \.annex) { $0.greeter = Greeter { "psst, \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(store.entrance.text == "Hello, Ada!")
    #expect(store.quietRoom.text == "Hello, Ada!")
    #expect(store.annex?.hall.text == "psst, Ada")
    #expect(store.annex?.booth.text == "psst, Ada")
    #expect(store.annex?.cards.map(\.text) == ["psst, Ada", "psst, Ada"])
  }

  @Test func theInnermostSubtreeOverrideWins() {
    let store = Store(Foyer())
    store.overrideDependencies(below: \.annex?.booth) { $0.greeter = Greeter { "booth: \($0)" } }
    store.overrideDependencies(below: \.annex) { $0.greeter = Greeter { "annex: \($0)" } }
    store.overrideDependencies(below: \.self) { $0.greeter = Greeter { "foyer: \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(store.entrance.text == "foyer: Ada")
    #expect(store.annex?.hall.text == "annex: Ada")
    #expect(store.annex?.booth.text == "booth: Ada")
  }

  @Test func aSubtreeOverrideSetsOnlyTheDependenciesItSets() {
    let store = Store(Foyer()) { $0[SignatureKey.self] = "the store" }
    store.overrideDependencies(below: \.quietRoom) { $0.greeter = Greeter { "psst, \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    store.dispatch(WelcomeAction.sign)
    #expect(store.quietRoom.text == "psst, Ada (the store)")
  }

  @Test func aSubtreeOverrideOfAnOptionalAppliesToTheModelItHoldsNow() {
    let store = Store(Foyer())
    store.overrideDependencies(below: \.annex) { $0.greeter = Greeter { "annex: \($0)" } }
    let first = store.annex
    store.root.annex = nil
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(first?.hall.text == "")
    store.root.annex = Annex()
    store.dispatch(WelcomeAction.greet("Ada"))
    #expect(store.annex?.hall.text == "annex: Ada")
  }

  @Test func anEffectKeepsTheSubtreeValuesOfTheModelThatStartedIt() async {
    let store = Store(Foyer())
    store.overrideDependencies(below: \.quietRoom) { $0.greeter = Greeter { "psst, \($0)" } }
    store.dispatch(WelcomeAction.greetLater("Ada"))
    await store.waitForTasks()
    #expect(store.entrance.text == "Hello, Ada!")
    #expect(store.quietRoom.text == "psst, Ada")
    #expect(store.annex?.hall.text == "Hello, Ada!")
  }

  // MARK: - Models holding a dependency

  @Test func aStoredDependencyIsNotPartOfTheState() {
    let greeting = Welcome()
    greeting.text = "Hi"
    #expect(
      TreeSnapshot(greeting).description == #"""
        Welcome
          room: ""
          text: "Hi"
          greeter: (untraversed)
        """#)
  }
}

/// The clock a piece of code read, for a test to check.
@MainActor
private final class ClockRecord {
  var clock: (any _Concurrency.Clock<Duration>)?
}

/// The text a piece of code made, for a test to check.
@MainActor
private final class TextRecord {
  var text = ""
}
