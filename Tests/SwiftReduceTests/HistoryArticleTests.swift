import Foundation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples of the *History* article verbatim, but for a local `print` that
/// records lines, and compares the whole output with the output the article shows.
@MainActor
struct HistoryArticleTests {
  @Test func patchesExamplePrintsItsOutput() {
    var lines: [String] = []
    func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let history = History(store)
    store.dispatch(UpdateMovies.setInput("Heat"))
    store.dispatch(UpdateMovies.submit)
    for patch in history.steps[1].patches { print(patch) }
    print(history.steps.map(\.label))

    history.record("watching Alien") {
      store.dispatch(UpdateMovies.setInput("Alien"))
      store.dispatch(UpdateMovies.submit)
    }
    print(history.steps[2])

    expectLines(
      lines,
      """
      favoriteMovies.input: "Heat" → ""
      favoriteMovies.movies["Heat"]: inserted 1
      ["UpdateMovies.setInput(\\"Heat\\")", "UpdateMovies.submit"]
      watching Alien
        UpdateMovies.setInput("Alien")
        UpdateMovies.submit
        favoriteMovies.movies["Alien"]: inserted 1
      """)
  }

  @Test func savingAndApplyingPatchesExamplePrintsItsOutput() throws {
    var lines: [String] = []
    func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    var saved: [Patch] = []
    let listening = store.onPatches { saved += $0 }
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Heat"))
    store.dispatch(UpdateMovies.submit)
    listening.cancel()

    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(saved)
    print(String(decoding: data, as: UTF8.self))

    let replica = Store(Person())
    try replica.apply(try JSONDecoder().decode([Patch].self, from: data))
    print(replica.name, replica.favoriteMovies.movies)

    expectLines(
      lines,
      #"""
      [{"after":"Ada","before":"","kind":"changed","path":"name"},{"after":"Heat","before":"","kind":"changed","path":"favoriteMovies.input"},{"after":"","before":"Heat","kind":"changed","path":"favoriteMovies.input"},{"after":1,"kind":"inserted","path":"favoriteMovies.movies[\"Heat\"]"}]
      Ada ["Heat": 1]
      """#)
  }

  @Test func changesMadeOutsideADispatchExamplePrintsItsOutput() {
    var lines: [String] = []
    func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }

    let person = Person()
    let store = Store(person)
    let history = History(store)
    person.name = "Ada"
    store.dispatch(UpdateMovies.setInput("Up"))
    print(history.steps.map { "\($0.label): \($0.patches)" })

    expectLines(
      lines,
      """
      ["changed outside a dispatch: [name: \\"\\" → \\"Ada\\"]", "UpdateMovies.setInput(\\"Up\\"): [favoriteMovies.input: \\"\\" → \\"Up\\"]"]
      """)
  }

  @Test func undoWithAnotherWriterExamplePrintsItsOutput() throws {
    var lines: [String] = []
    func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let history = History(store)
    history.record("watching Heat") {
      store.dispatch(UpdateMovies.setInput("Heat"))
      store.dispatch(UpdateMovies.submit)
    }
    store.dispatch(UpdateMovies.removeMovie("Heat"))
    history.record("their save", kind: .merge) {
      store.dispatch(UpdateMovies.setInput("Alien"))
      store.dispatch(UpdateMovies.submit)
    }
    try history.undo()
    print(store.favoriteMovies.movies.sorted { $0.key < $1.key })
    history.record("their next save", kind: .merge) {
      store.dispatch(UpdateMovies.setInput("Heat"))
      store.dispatch(UpdateMovies.submit)
    }
    do {
      try history.undo()
    } catch {
      print(error)
    }
    print(store.favoriteMovies.movies.sorted { $0.key < $1.key }, history.canRedo)

    expectLines(
      lines,
      """
      [(key: "Alien", value: 1), (key: "Heat", value: 1)]
      Cannot undo "watching Heat": favoriteMovies.movies["Heat"] is 2 now, not 1. Nothing was changed.
      [(key: "Alien", value: 1), (key: "Heat", value: 2)] true
      """)
  }

  @Test func timeTravelExamplePrintsItsOutput() throws {
    var lines: [String] = []
    func print(_ items: Any...) { lines.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Up"))
    store.dispatch(NameChange.setName("Grace"))
    try history.travel(to: 1)
    print(store.name, store.favoriteMovies.input, history.position)
    for step in history.timeline { print(step.patches) }
    try history.travel(to: 3)
    print(store.name, store.favoriteMovies.input, history.position)

    expectLines(
      lines,
      """
      Ada  1
      [name: "" → "Ada"]
      [favoriteMovies.input: "" → "Up"]
      [name: "Ada" → "Grace"]
      Grace Up 3
      """)
  }
}
