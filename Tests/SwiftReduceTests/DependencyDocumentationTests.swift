import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples of the *Dependencies* article and of the dependencies' doc comments,
/// verbatim but for a local `print` that records lines, and compares the whole output with
/// the output the documentation shows.
@MainActor
struct DependencyDocumentationTests {
  @Test func dependencyKeyExamplePrintsTheLiveAndPreviewValues() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    print(DependencyValues()[GreeterKey.self].greet("Ada"))
    print(DependencyValues(context: .preview).greeter.greet("Ada"))

    expectLines(
      output,
      """
      Hello, Ada!
      Hello from the preview, Ada!
      """)
  }

  @Test func dependencyValuesExamplePrintsTheValueSetThenTheLiveOne() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    var values = DependencyValues()
    values[GreeterKey.self] = Greeter { "Hey \($0)" }
    print(values.greeter.greet("Ada"))
    print(DependencyValues(context: .test).greeter.greet("Ada"))

    expectLines(
      output,
      """
      Hey Ada
      Hello, Ada!
      """)
  }

  @Test func dependencyAndStoreExamplesPrintTheStoresValueThenTheLiveOne() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    print(store.text)
    print(Welcome().greeter.greet("Ada"))

    expectLines(
      output,
      """
      Hey Ada
      Hello, Ada!
      """)
  }

  @Test func articleStoresPrintTheLiveTheSetAndThePreviewValue() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let live = Store(Welcome())
    live.dispatch(WelcomeAction.greet("Ada"))
    print(live.text)

    let store = Store(Welcome()) { $0.greeter = Greeter { "Hey \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    print(store.text)

    let preview = Store(Welcome()) { $0.context = .preview }
    preview.dispatch(WelcomeAction.greet("Ada"))
    print(preview.text)

    expectLines(
      output,
      """
      Hello, Ada!
      Hey Ada
      Hello from the preview, Ada!
      """)
  }

  @Test func overrideDependenciesExamplePrintsTheStoresThenTheSubtreesValue() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Foyer()) { $0.greeter = Greeter { "Hello, \($0)!" } }
    store.overrideDependencies(below: \.quietRoom) { $0.greeter = Greeter { "psst, \($0)" } }
    store.dispatch(WelcomeAction.greet("Ada"))
    print(store.entrance.text)
    print(store.quietRoom.text)

    expectLines(
      output,
      """
      Hello, Ada!
      psst, Ada
      """)
  }

  @Test func uuidGeneratorExamplePrintsTheConstantUUID() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let uuid = UUIDGenerator.constant((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 42))
    print(UUIDGenerator.text(of: uuid()))

    expectLines(output, "00000000-0000-0000-0000-00000000002A")
  }
}
