import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

@MainActor
struct TestStoreDependencyTests {
  /// The failure for an unprovided read of `name` by `reader`.
  static func unprovided(_ name: String, read reader: String) -> String {
    "The dependency \(name) was read \(reader), but the test did not set it and its key "
      + "declares no testValue; set it where the test store is created."
  }

  // MARK: - Unprovided dependencies

  @Test func anUnprovidedDependencyFailsTheTestWhenFirstReadInReduceNamingTheActionAndPath() {
    let store = TestStore(Foyer()) { _ in }
    expectIssues([
      Self.unprovided(
        "SwiftReduceTestSupport.GreeterKey",
        read: #"while reducing WelcomeAction.greet("Ada") in entrance"#)
    ]) {
      store.send(WelcomeAction.greet("Ada")) {
        $0.entrance.text = "Hello, Ada!"
        $0.quietRoom.text = "Hello, Ada!"
        $0.annex?.hall.text = "Hello, Ada!"
        $0.annex?.booth.text = "Hello, Ada!"
        $0.annex?.cards[0].text = "Hello, Ada!"
        $0.annex?.cards[1].text = "Hello, Ada!"
      }
    }
  }

  @Test func eachUnprovidedDependencyFailsOnlyOnce() {
    let store = TestStore(Welcome()) { _ in }
    expectIssues([
      Self.unprovided(
        "SwiftReduceTestSupport.GreeterKey",
        read: #"while reducing WelcomeAction.greet("Ada") in root"#)
    ]) {
      store.send(WelcomeAction.greet("Ada")) { $0.text = "Hello, Ada!" }
      store.send(WelcomeAction.greet("Grace")) { $0.text = "Hello, Grace!" }
    }
  }

  @Test func anUnprovidedDependencyReadByAValueModelNamesItsPath() {
    let store = TestStore(CardRack(cards: 1)) { _ in }
    expectIssues([
      Self.unprovided(
        "SwiftReduceTestSupport.GreeterKey",
        read: #"while reducing WelcomeAction.greet("Ada") in cards[0]"#)
    ]) {
      store.send(WelcomeAction.greet("Ada")) { $0.cards[0].text = "Hello, Ada!" }
    }
  }

  @Test func anUnprovidedDependencyReadByAMiddlewareNamesTheAction() {
    let greeting = Middleware<Welcome> { action, _, next in
      @Dependency(\.greeter) var greeter
      _ = greeter.greet("Ada")
      next(action)
    }
    let store = TestStore(Welcome(), middleware: [greeting]) { _ in }
    expectIssues([
      Self.unprovided(
        "SwiftReduceTestSupport.GreeterKey",
        read: #"during WelcomeAction.sign outside any model"#)
    ]) {
      store.send(WelcomeAction.sign) { $0.text = " (a test)" }
    }
  }

  @Test func anUnprovidedDependencyReadByAnEffectNamesTheEffect() async {
    let store = TestStore(Welcome()) { _ in }
    await expectIssues([
      Self.unprovided(
        "SwiftReduceTestSupport.GreeterKey",
        read: #"by the effect no id, started by WelcomeAction.greetLater("Ada") in root"#)
    ]) {
      store.send(WelcomeAction.greetLater("Ada"))
      await store.receive(WelcomeAction.greeted(room: "", text: "Hello, Ada!")) {
        $0.text = "Hello, Ada!"
      }
    }
    await store.finish()
  }

  @Test func anUnprovidedClockFailsWhenAnEffectReadsEffectClock() async {
    let store = TestStore(Welcome()) { _ in }
    await expectIssues([
      Self.unprovided(
        "DependencyValues.clock",
        read: "by the effect no id, started by WelcomeAction.checkTheClock in root")
    ]) {
      store.send(WelcomeAction.checkTheClock)
      await store.receive(WelcomeAction.greeted(room: "", text: "tick")) { $0.text = "tick" }
    }
    await store.finish()
  }

  @Test func anUnprovidedReadIsReportedByFinishWhenNothingElseFollows() async {
    let store = TestStore(Welcome()) { _ in }
    store.exhaustivity = .off
    await expectIssues([
      Self.unprovided(
        "DependencyValues.clock",
        read: "by the effect no id, started by WelcomeAction.checkTheClock in root")
    ]) {
      store.send(WelcomeAction.checkTheClock)
      await store.finish()
    }
  }

  @Test func aTestValueDeclaredFailingFailsTheTestAndGivesItsFallback() {
    let store = TestStore(Welcome()) { _ in }
    expectIssues([
      Self.unprovided(
        "SwiftReduceTestSupport.PostmarkKey", read: "while reducing WelcomeAction.stamp in root")
    ]) {
      store.send(WelcomeAction.stamp) { $0.text = " [not stamped]" }
    }
  }

  // MARK: - Provided dependencies

  @Test func aDependencyTheTestSetsIsReadWithoutFailing() {
    let store = TestStore(Welcome()) { $0.greeter = Greeter { "Hi \($0)" } }
    store.send(WelcomeAction.greet("Ada")) { $0.text = "Hi Ada" }
  }

  @Test func aKeysTestValueNeedsNoProvision() {
    let store = TestStore(Welcome()) { _ in }
    store.send(WelcomeAction.sign) { $0.text = " (a test)" }
  }

  @Test func aSubtreeOverrideProvidesTheDependencyBelowIt() {
    let store = TestStore(Welcome()) { _ in }
    store.store.overrideDependencies(below: \.self) { $0.greeter = Greeter { "Hi \($0)" } }
    store.send(WelcomeAction.greet("Ada")) { $0.text = "Hi Ada" }
  }

  @Test func aTestStoreGivenAClockProvidesTheClockDependency() async {
    let clock = TestClock()
    let store = TestStore(Welcome(), clock: clock)
    store.store.overrideDependencies(below: \.self) { $0.greeter = Greeter { "Hi \($0)" } }
    #expect(store.store.clock as? TestClock === clock)
    store.send(WelcomeAction.greetAfterASecond("Ada"))
    await clock.advance(by: .seconds(1))
    await store.receive(WelcomeAction.greeted(room: "", text: "Hi Ada")) { $0.text = "Hi Ada" }
    await store.finish()
  }

  @Test func aClockSetAmongTheDependenciesIsTheStoresClock() async {
    let clock = TestClock()
    let store = TestStore(Welcome()) {
      $0.clock = clock
      $0.greeter = Greeter { "Hi \($0)" }
    }
    #expect(store.store.clock as? TestClock === clock)
    store.send(WelcomeAction.greetAfterASecond("Ada"))
    await clock.advance(by: .seconds(1))
    await store.receive(WelcomeAction.greeted(room: "", text: "Hi Ada")) { $0.text = "Hi Ada" }
    await store.finish()
  }

  // MARK: - UUIDs

  @Test func incrementingUUIDsCountFromZeroForEachGenerator() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    #expect(UUIDGenerator.text(of: first()) == "00000000-0000-0000-0000-000000000000")
    #expect(UUIDGenerator.text(of: first()) == "00000000-0000-0000-0000-000000000001")
    #expect(UUIDGenerator.text(of: second()) == "00000000-0000-0000-0000-000000000000")
  }

  @Test func anUnprovidedUUIDGeneratorFailsNamingItsProperty() {
    let reading = Middleware<Welcome> { action, _, next in
      @Dependency(\.uuid) var uuid
      _ = uuid()
      next(action)
    }
    let store = TestStore(Welcome(), middleware: [reading]) { _ in }
    expectIssues([
      Self.unprovided("DependencyValues.uuid", read: "during WelcomeAction.sign outside any model")
    ]) {
      store.send(WelcomeAction.sign) { $0.text = " (a test)" }
    }
  }
}

@MainActor
struct IncrementingUUIDDocumentationTests {
  @Test func incrementingExamplePrintsTheFirstTwoUUIDs() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let uuid = UUIDGenerator.incrementing
    print(UUIDGenerator.text(of: uuid()))
    print(UUIDGenerator.text(of: uuid()))

    expectLines(
      output,
      """
      00000000-0000-0000-0000-000000000000
      00000000-0000-0000-0000-000000000001
      """)
  }
}
