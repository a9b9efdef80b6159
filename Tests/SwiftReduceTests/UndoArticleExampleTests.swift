import Observation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples that show an undo told like a dispatch (in `HistoryAction`'s and
/// `UndoObservable`'s documentation, and in the *History* and *Observation* articles)
/// verbatim, but for a local `print` that records lines, and compares the whole output.
@MainActor
struct UndoArticleExampleTests {
  let log = SendableLog()

  /// Records its items as `print` would write them, on one line.
  var print: @Sendable (Any...) -> Void {
    { [log] items in log.append(items.map { "\($0)" }.joined(separator: " ")) }
  }

  @Test func historyActionsExamplePrintsItsOutput() throws {
    let print = print
    let printing = Middleware<Person> { action, _, next in
      print(action)
      next(action)
    }
    let store = Store(Person(), middleware: [printing])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    try history.undo()

    expectLines(
      log.entries,
      #"""
      setName("Ada")
      undo(step: "NameChange.setName(\"Ada\")")
      """#)
  }

  @Test func theHistoryArticlesMiddlewareExamplePrintsItsOutput() throws {
    let print = print
    let confirming = Middleware<Person> { action, store, next in
      // Undoing a name needs a confirmation this app does not have yet.
      if case .undo(let step)? = action as? HistoryAction, step.hasPrefix("NameChange") {
        return
      }
      next(action)
    }
    let store = Store(Person(), middleware: [confirming, .printingChanges { print($0) }])
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(UpdateMovies.setInput("Up"))
    try history.undo()
    do {
      try history.undo()
    } catch {
      print(error)
    }
    print(store.name, history.steps.count, history.undoneSteps.count)

    expectLines(
      log.entries,
      #"""
      NameChange.setName("Ada")
        name
          - ""
          + "Ada"
      UpdateMovies.setInput("Up")
        favoriteMovies.input
          - ""
          + "Up"
      HistoryAction.undo(step: "UpdateMovies.setInput(\"Up\")")
        favoriteMovies.input
          - "Up"
          + ""
      Cannot undo "NameChange.setName("Ada")": a middleware stopped it. Nothing was changed.
      Ada 1 1
      """#)
  }

  /// The model of `UndoObservable`'s example and the *Observation* article's.
  @Observable
  final class Clicker: Reducer, UndoObservable {
    static var observedKeyPaths: [PartialKeyPath<Clicker>] { [\.count] }
    var count = 0
    func reduce(action: ClickerAction) { count += 1 }
  }

  @Test func undoObservablesExampleAndTheObservationArticlesPrintTheirOutput() throws {
    let print = print
    let store = Store(Clicker())
    let history = History(store)
    store.dispatch(ClickerAction.count)
    withObservationTracking {
      _ = store.root.count
    } onChange: {
      print("count read is out of date")
    }
    try history.undo()
    print(store.root.count)

    expectLines(
      log.entries,
      """
      count read is out of date
      0
      """)
  }

  @Test func theObservationArticlesSharedModelExamplePrintsItsOutput() {
    let print = print
    let store = Store(SyncUpsApp())
    withObservationTracking {
      _ = store.detail.syncUp.meetings
    } onChange: {
      print("detail read is out of date")
    }
    store.dispatch(MeetingAction.tick)
    print("dispatched tick")
    store.dispatch(MeetingAction.end(transcript: "Went well"))
    print("dispatched end")

    expectLines(
      log.entries,
      """
      dispatched tick
      detail read is out of date
      dispatched end
      """)
  }
}
