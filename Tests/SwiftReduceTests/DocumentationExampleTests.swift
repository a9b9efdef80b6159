import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples of the DocC articles and of the doc comments, verbatim
/// but for a local `print` that records lines, and compares the whole output
/// with the output the documentation shows.
@MainActor
struct DocumentationExampleTests {
  // MARK: - Subscriptions article

  @Test func subscriptionsArticleEveryDispatchOrOneValuePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())

    let everyDispatch = store.subscribe { person in
      print("dispatched; name is \"\(person.name)\"")
    }
    let names = store.subscribe(\.name) { name in
      print("name changed to \"\(name)\"")
    }

    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Alien"))  // the name is unchanged
    store.dispatch(NameChange.setName("Ada"))  // the same name again
    names.cancel()
    store.dispatch(NameChange.setName("Grace"))
    everyDispatch.cancel()

    expectLines(
      output,
      """
      name changed to ""
      dispatched; name is "Ada"
      name changed to "Ada"
      dispatched; name is "Ada"
      dispatched; name is "Ada"
      dispatched; name is "Grace"
      """
    )
  }

  @Test func subscriptionsArticleDispatchFromAListenerPrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let shout = store.subscribe(\.name) { name in
      if name == "ada" { store.dispatch(NameChange.setName("ADA")) }
    }
    let log = store.subscribe { person in print("saw", person.name) }

    store.dispatch(NameChange.setName("ada"))
    print("after dispatch:", store.name)
    shout.cancel()
    log.cancel()

    expectLines(
      output,
      """
      saw ada
      saw ADA
      after dispatch: ADA
      """
    )
  }

  @Test func subscriptionsArticleValuesPrintsItsOutput() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let names = store.values(\.name)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))
    for await name in names.prefix(3) { print("value: \"\(name)\"") }

    expectLines(
      output,
      """
      value: ""
      value: "Ada"
      value: "Grace"
      """
    )
  }

  @Test(.enabled(if: KeyPathReading.isActive))
  func subscriptionsArticleAPathThatStopsApplyingPrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Checklist())  // rows a, b and c
    let subscription = store.subscribe(\.rows[2].title) { print("row 2 is", $0) }
    store.dispatch(ChecklistAction.remove(2))
    store.dispatch(ChecklistAction.append("d"))

    expectLines(output, "row 2 is c")
    withExtendedLifetime(subscription) {}
  }

  // MARK: - Bindings article

  @Test func bindingsArticleStoreBindingPrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let name = store[\.name, NameChange.setName]
    let log = store.subscribe { print("dispatched; name is \"\($0.name)\"") }

    name.wrappedValue = "Ada"
    name.wrappedValue = "Ada"  // an equal value dispatches too
    print("binding reads", name.wrappedValue)
    log.cancel()

    expectLines(
      output,
      """
      dispatched; name is "Ada"
      dispatched; name is "Ada"
      binding reads Ada
      """
    )
  }

  @Test func bindingsArticleDerivedBindingPrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    var stored = Ticket(title: "Alien", seats: 1)
    let ticket = StoreBinding(get: { stored }, set: { stored = $0 })
    let seats = ticket.seats
    seats.wrappedValue = 3
    print(stored.seats, ticket.wrappedValue.title)

    expectLines(output, "3 Alien")
  }

  // MARK: - Middleware article

  @Test func middlewareArticleOrderPrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    func logging(_ name: String) -> Middleware<Person> {
      Middleware { action, store, next in
        print("\(name) in")
        next(action)
        print("\(name) out")
      }
    }

    let store = Store(Person(), middleware: [logging("m1"), logging("m2"), logging("m3")])
    let reduced = store.subscribe { print("reduce: name is \($0.name)") }
    store.dispatch(NameChange.setName("Ada"))
    reduced.cancel()

    expectLines(
      output,
      """
      m1 in
      m2 in
      m3 in
      reduce: name is Ada
      m3 out
      m2 out
      m1 out
      """
    )
  }

  @Test func middlewareArticleReplacingAndDroppingPrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let gatekeeper = Middleware<Person> { action, store, next in
      if case NameChange.setName(let name) = action {
        next(NameChange.setName(name.uppercased()))  // replaced
      } else if action is UpdateMovies, store.name.isEmpty {
        print("dropped \(action): no name yet")  // dropped
      } else {
        next(action)
      }
    }

    let store = Store(Person(), middleware: [gatekeeper])
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Alien"))
    print(store.name, store.favoriteMovies.input)

    expectLines(
      output,
      """
      dropped setInput("Alien"): no name yet
      ADA Alien
      """
    )
  }

  @Test func middlewareArticleAsynchronousWorkPrintsItsOutput() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let loadGreeting = Middleware<Greeting> { action, store, next in
      next(action)
      guard case GreetingAction.load = action else { return }
      store.run { send in
        let text = await fetchGreeting()
        send(GreetingAction.loaded(text))
      }
    }

    let store = Store(Greeting(), middleware: [loadGreeting])
    let log = store.subscribe { print("\($0.text) (loading: \($0.isLoading))") }
    store.dispatch(GreetingAction.load)
    await store.waitForTasks()
    log.cancel()

    expectLines(
      output,
      """
      … (loading: true)
      Hello, Ada (loading: false)
      """
    )
  }

  @Test func middlewareArticleTestingExamplePasses() async {
    let store = Store(Greeting(), middleware: [.loadGreeting])
    store.dispatch(GreetingAction.load)
    await store.waitForTasks()
    #expect(store.text == "Hello, Ada")
    #expect(store.isLoading == false)
  }

  // MARK: - Doc comments

  @Test func storeDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let subscription = store.subscribe(\.name) { print("name: \"\($0)\"") }
    store.dispatch(NameChange.setName("Ada"))
    print(store.name)
    subscription.cancel()

    expectLines(
      output,
      """
      name: ""
      name: "Ada"
      Ada
      """
    )
  }

  @Test func subscriptionDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    var subscription: StoreSubscription? = store.subscribe { print("now", $0.name) }
    store.dispatch(NameChange.setName("Ada"))
    subscription = nil
    store.dispatch(NameChange.setName("Grace"))

    #expect(subscription == nil)
    expectLines(output, "now Ada")
  }

  @Test func rootSubscribeDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let subscription = store.subscribe { person in print("name is", person.name) }
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Alien"))

    subscription.cancel()
    expectLines(
      output,
      """
      name is Ada
      name is Ada
      """
    )
  }

  @Test func keyPathSubscribeDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let subscription = store.subscribe(\.name) { print("name: \"\($0)\"") }
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(NameChange.setName("Grace"))

    subscription.cancel()
    expectLines(
      output,
      """
      name: ""
      name: "Ada"
      name: "Grace"
      """
    )
  }

  @Test func valuesDocCommentExamplePrintsItsOutput() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let names = store.values(\.name)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))
    for await name in names.prefix(3) { print("name: \"\(name)\"") }

    expectLines(
      output,
      """
      name: ""
      name: "Ada"
      name: "Grace"
      """
    )
  }

  @Test func runDocCommentExamplePrintsItsOutput() async {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Greeting())
    let task = store.run { send in
      let text = await fetchGreeting()  // "Hello, Ada"
      send(GreetingAction.loaded(text))
    }
    await task.value
    print(store.text)

    expectLines(output, "Hello, Ada")
  }

  @Test func middlewareDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    var log: [String] = []
    func logging(_ name: String) -> Middleware<Person> {
      Middleware { action, store, next in
        log.append("\(name) in")
        next(action)
        log.append("\(name) out: \(store.name)")
      }
    }
    let store = Store(Person(), middleware: [logging("m1"), logging("m2")])
    store.dispatch(NameChange.setName("Ada"))
    print(log)

    expectLines(output, #"["m1 in", "m2 in", "m2 out: Ada", "m1 out: Ada"]"#)
  }

  @Test func bindingDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let name = store[\.name, NameChange.setName]
    name.wrappedValue = "Grace"
    print(store.name, name.wrappedValue)

    expectLines(output, "Grace Grace")
  }

  @Test func storeBindingDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let name = store[\.name, NameChange.setName]
    name.wrappedValue = "Ada"
    print(store.name, name.wrappedValue)

    expectLines(output, "Ada Ada")
  }

  // MARK: - README

  /// The quick start of README.md, whose output block the test reads from the page.
  @Test func readmeQuickStartPrintsItsOutput() throws {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let subscription = store.subscribe(\.name) { print("name: \"\($0)\"") }

    let name = store[\.name, NameChange.setName]
    name.wrappedValue = "Ada"
    store.dispatch(NameChange.setName("Grace"))
    print(store.name, name.wrappedValue)

    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(UpdateMovies.submit)
    print(store.favoriteMovies.movies)
    subscription.cancel()

    let shown = """
      name: ""
      name: "Ada"
      name: "Grace"
      Grace Grace
      ["Alien": 1]
      """
    expectLines(output, shown)
    #expect(try MarkdownPage("README.md").outputs(containing: "Grace Grace") == [shown + "\n"])
  }

  // MARK: - Routing rules article

  @Test func routingRulesArticleExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    struct Announce: Action {}

    final class Room: Reducer {
      let name: String
      var rooms: [Room]
      weak var building: Room?
      let announce: (String) -> Void

      init(_ name: String, rooms: [Room] = [], announce: @escaping (String) -> Void) {
        self.name = name
        self.rooms = rooms
        self.announce = announce
        for room in rooms where room.building == nil { room.building = self }
      }

      func reduce(action: Announce) {
        announce(name)
      }
    }

    let lobby = Room("lobby") { print($0) }
    let store = Store(
      Room(
        "building",
        rooms: [
          Room("floor 1", rooms: [lobby, Room("cafe") { print($0) }]) { print($0) },
          Room("floor 2", rooms: [Room("office") { print($0) }, lobby]) { print($0) },
        ]
      ) { print($0) })
    store.dispatch(Announce())

    expectLines(
      output,
      """
      building
      floor 1
      lobby
      cafe
      floor 2
      office
      """
    )
  }
}

/// The declared-subtree example of the Routing Rules article, its types namespaced.
enum RoutingRulesArticle {
  struct Borrow: Action {}
  struct Rename: Action {}

  /// Written only by the test below, on the main actor.
  nonisolated(unsafe) static var output: [String] = []

  final class Book: Reducer {
    static let handledBelow = HandledBelow.nothing
    let title: String
    init(_ title: String) { self.title = title }
    func reduce(action: Borrow) { RoutingRulesArticle.print("borrowed", title) }
  }

  final class Shelf: Reducer {
    static let handledBelow = HandledBelow.only(Borrow.self)
    var books: [Book]
    init(_ books: [Book]) { self.books = books }
    func reduce(action: Rename) { RoutingRulesArticle.print("shelf renamed") }
  }

  static func print(_ items: Any...) {
    output.append(items.map { "\($0)" }.joined(separator: " "))
  }
}

extension DocumentationExampleTests {
  @Test func routingRulesArticleDeclaredSubtreesPrintsItsOutput() {
    typealias Article = RoutingRulesArticle
    Article.output = []
    func print(_ items: Any...) { Article.print(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Article.Shelf([Article.Book("Dune"), Article.Book("Emma")]))
    store.dispatch(Article.Rename())
    store.dispatch(Article.Borrow())
    print(store.recipients(of: Article.Rename()))

    expectLines(
      Article.output,
      #"""
      shelf renamed
      borrowed Dune
      borrowed Emma
      [root: Shelf]
      """#)
  }
}
