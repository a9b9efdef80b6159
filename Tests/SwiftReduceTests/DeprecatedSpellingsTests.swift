import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// The spellings of the API before 1.0 keep building, deprecated, and keep their meaning.
///
/// Each check uses the old spellings inside a deprecated witness of
/// ``SpellingCheck``, called through the protocol: a deprecated declaration
/// may use deprecated API without a warning, and a call through a protocol
/// requirement is not one to the deprecated witness, so this file builds
/// with warnings as errors, as CI builds it.
@MainActor
struct DeprecatedSpellingsTests {
  @Test func oldTypeNamesStillNameTheRenamedTypes() {
    #expect(check(OldTypeNames()) == ["StoreBinding<String>", "StoreSubscription"])
  }

  @Test func recipientModelAndValueModelStillGiveTheModel() {
    #expect(check(RecipientProperties()) == ["favoriteMovies: FavoriteMovies", "nil"])
  }

  @Test func pathsStillCompareWithStrings() {
    #expect(check(PathsAsStrings()) == ["true", "true", "true"])
  }

  @Test func oldModelSubscriptionsStillCompareByIdentity() {
    #expect(check(ModelSubscriptions()) == ["user", "selected nil", "0 movies", "1 movies"])
  }

  @Test func settingConfigurationAfterCreationStillWorks() {
    #expect(check(ConfigurationSetters()) == ["false", "merged first"])
  }

  @Test func theReadOnlyBindingStillReads() {
    #expect(check(ReadOnlyBinding()) == ["Ada"])
  }

  @Test func aWriteToABindingWithoutAnActionStopsADebugBuildNamingThePath() async {
    #if DEBUG
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run { _ = (WriteToReadOnlyBinding() as any SpellingCheck).run() }
      }
      let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        output.contains(
          "SwiftReduce: a value was written to the binding store[\\Person.name], which has no "
            + "action to dispatch, so the write would be lost. Bind with an action instead: "
            + "store[\\Person.name, { YourAction.set($0) }]. (stopped in debug builds)"))
    #endif
  }

  private func check(_ spelling: some SpellingCheck) -> [String] {
    (spelling as any SpellingCheck).run()
  }
}

/// One use of the old spellings, which returns what it saw.
@MainActor
private protocol SpellingCheck {
  func run() -> [String]
}

private struct OldTypeNames: SpellingCheck {
  @available(*, deprecated, message: "uses the spellings before 1.0 on purpose")
  func run() -> [String] {
    let store = Store(Person())
    let name: Binding<String> = store[\.name, NameChange.setName]
    let subscription: Subscription = store.subscribe { _ in }
    subscription.cancel()
    return [String(describing: type(of: name)), String(describing: type(of: subscription))]
  }
}

private struct RecipientProperties: SpellingCheck {
  @available(*, deprecated, message: "uses the spellings before 1.0 on purpose")
  func run() -> [String] {
    let store = Store(Person())
    let recipient = store.recipients(of: UpdateMovies.submit)[0]
    let model = recipient.model.map { "\(recipient.path): \(type(of: $0))" } ?? "none"
    return [model, recipient.valueModel.map { "\($0)" } ?? "nil"]
  }
}

private struct PathsAsStrings: SpellingCheck {
  @available(*, deprecated, message: "uses the spellings before 1.0 on purpose")
  func run() -> [String] {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(UpdateMovies.setInput("Heat"))
    let change = TreeDifference.Change(path: String("favoriteMovies.input"), old: nil, new: "1")
    return [
      "\(history.steps[0].patches[0].path == "favoriteMovies.input")",
      "\(store.recipients(of: UpdateMovies.submit).map(\.path) == ["favoriteMovies"])",
      "\(change.path == "favoriteMovies.input")",
    ]
  }
}

private struct ModelSubscriptions: SpellingCheck {
  @available(*, deprecated, message: "uses the spellings before 1.0 on purpose")
  func run() -> [String] {
    var seen: [String] = []
    let session = Store(Session())
    let user = session.subscribe(\.user) { _ in seen.append("user") }
    session.dispatch(SessionAction.rename("Ada L."))
    let shelter = Store(Shelter())
    let selected = shelter.subscribe(\.selected) { seen.append("selected \($0?.name ?? "nil")") }
    let store = Store(Person())
    let movies = store.subscribe(
      \.favoriteMovies.movies, isDuplicate: { $0.count == $1.count },
      { seen.append("\($0.count) movies") })
    store.watch("Alien", "Alien")
    withExtendedLifetime((user, selected, movies)) {}
    return seen
  }
}

private struct ConfigurationSetters: SpellingCheck {
  @available(*, deprecated, message: "uses the spellings before 1.0 on purpose")
  func run() -> [String] {
    var seen: [String] = []
    let store = Store(Person())
    store.reportsUnhandledActions = false
    seen.append("\(store.reportsUnhandledActions)")
    let history = History(store)
    history.beforeUndoOrRedo = { seen.append("merged first") }
    store.dispatch(NameChange.setName("Ada"))
    _ = try? history.undo()
    return seen
  }
}

private struct ReadOnlyBinding: SpellingCheck {
  @available(*, deprecated, message: "uses the spellings before 1.0 on purpose")
  func run() -> [String] {
    let store = Store(Person())
    let name = store[\.name]
    store.dispatch(NameChange.setName("Ada"))
    return [name.wrappedValue]
  }
}

private struct WriteToReadOnlyBinding: SpellingCheck {
  @available(*, deprecated, message: "uses the spellings before 1.0 on purpose")
  func run() -> [String] {
    let store = Store(Person())
    store[\.name].wrappedValue = "Ada"
    return []
  }
}
