import SwiftReduce
import SwiftReduceTestSupport
import Testing

@MainActor
struct PrintingChangesTests {
  @Test func printsEachActionWithWhatItChanged() {
    // The first two actions of the Debugging article's example.
    var output: [String] = []
    func print(_ line: String) { output.append(line) }

    let store = Store(Person(), middleware: [.printingChanges { print($0) }])
    store.dispatch(UpdateMovies.setInput("Alien"))
    store.dispatch(UpdateMovies.submit)

    expectLines(
      output,
      """
      UpdateMovies.setInput("Alien")
        favoriteMovies.input
          - ""
          + "Alien"
      UpdateMovies.submit
        favoriteMovies.input
          - "Alien"
          + ""
        favoriteMovies.movies["Alien"]
          + 1
      """)
  }

  @Test func saysWhenAnActionChangedNothing() {
    var lines: [String] = []
    let store = Store(Person(), middleware: [.printingChanges { lines.append($0) }])
    store.dispatch(NameChange.clear)
    expectLines(
      lines,
      """
      NameChange.clear
        (no changes)
      """)
  }

  @Test func printsActionsOtherMiddlewareDispatchInTheirOrder() {
    var lines: [String] = []
    let followUp = Middleware<Person> { action, store, next in
      next(action)
      if case .setName = action as? NameChange { store.dispatch(UpdateMovies.setInput("Heat")) }
    }
    let store = Store(Person(), middleware: [.printingChanges { lines.append($0) }, followUp])
    store.dispatch(NameChange.setName("Ada"))
    expectLines(
      lines,
      """
      NameChange.setName("Ada")
        name
          - ""
          + "Ada"
      UpdateMovies.setInput("Heat")
        favoriteMovies.input
          - ""
          + "Heat"
      """)
  }
}
