import SwiftReduce
import SwiftReduceTextUI
import TodosFeature

/// The Todos program: the list of the `TodosFeature` module, at the root of a store with the
/// live dependencies, on a terminal.
@MainActor
enum TodosApp {
  /// Runs until `quit` or the end of the input.
  ///
  /// The store's clock is `ContinuousClock()` and its UUIDs are random, the live values of
  /// its dependencies; the runner waits for input off the main actor, so a re-sort a second
  /// after a check box changed redraws the screen without a key press.
  static func run() async {
    // The two dependencies the feature reads, set to their live values here, where the app
    // decides; a test store sets a `TestClock` and `UUIDGenerator.incrementing` instead.
    let store = Store(Todos()) {
      $0.clock = ContinuousClock()
      $0.uuid = .random
    }
    let list = store.scope(\.self)
    let runner = Runner(store: store, welcome: "Type help for commands, quit to leave.") {
      TodosView(store: list)
    }
    await runner.run()
  }
}
