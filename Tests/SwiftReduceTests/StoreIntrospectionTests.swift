import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Routing introspection: which models an action would reach, and actions that reach none.
@MainActor
struct StoreIntrospectionTests {
  @Test func recipientsAreListedInDeliveryOrderWithTheirPaths() {
    let log = ReductionLog()
    let shapes = Shapes()
    shapes.optional = Tracked("optional", log)
    shapes.array = [Tracked("one", log), Tracked("two", log, children: [Tracked("inner", log)])]
    shapes.dictionary = ["only": Tracked("keyed", log)]
    shapes.pair = Pair(left: Tracked("left", log), right: nil)
    shapes.route = .leg(Tracked("leg", log), next: .stop(Tracked("stop", log)))
    shapes.tuple = (1, Tracked("tuple", log))
    let recipients = Store(shapes).recipients(of: Knock())
    #expect(
      recipients.map(\.description) == [
        #"optional: Tracked"#,
        #"array[0]: Tracked"#,
        #"array[1]: Tracked"#,
        #"array[1].children[0]: Tracked"#,
        #"dictionary["only"]: Tracked"#,
        #"tuple.1: Tracked"#,
        #"pair.left: Tracked"#,
        #"route.0.0: Tracked"#,
        #"route.0.next.0: Tracked"#,
      ])
    #expect(
      recipients.map { ($0.value as? Tracked)?.name } == [
        "optional", "one", "two", "inner", "keyed", "tuple", "left", "leg", "stop",
      ])
  }

  @Test func recipientsReducesNothing() {
    let log = ReductionLog()
    let store = Store(Tracked("root", log, children: [Tracked("child", log)]))
    #expect(
      store.recipients(of: Knock()).map(\.description) == [
        #"root: Tracked"#, #"children[0]: Tracked"#,
      ])
    #expect(store.recipients(of: Ignored()).isEmpty)
    #expect(log.names == [])
  }

  @Test func recipientsDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    for recipient in store.recipients(of: UpdateMovies.submit) {
      print(recipient)
    }
    print(store.recipients(of: NameChange.clear))

    expectLines(
      output,
      #"""
      favoriteMovies: FavoriteMovies
      [root: Person]
      """#)
  }

  #if DEBUG
    @Test func actionThatReachedNoModelIsReportedOncePerActionTypeInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let log = ReductionLog()
          let store = Store(Tracked("root", log))
          store.dispatch(Ignored())
          store.dispatch(Knock())
          store.dispatch(Ignored())
          store.dispatch(NameChange.setName("nobody"))
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let note =
        "(reported once per action type in debug builds; "
        + "pass reportsUnhandledActions: false to the Store to silence)"
      #expect(
        message == """
          SwiftReduce: no model handled SwiftReduceTests.Ignored() \(note)
          SwiftReduce: no model handled SwiftReduceTestSupport.NameChange.setName("nobody") \(note)

          """)
    }

    @Test func reportsUnhandledActionsFalseSilencesTheReport() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(Tracked("root", ReductionLog()), reportsUnhandledActions: false)
          store.dispatch(Ignored())
        }
      }
      #expect(result?.standardErrorContent == [])
    }
  #endif
}
