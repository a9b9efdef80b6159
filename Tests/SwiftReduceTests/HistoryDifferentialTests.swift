import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// The history on generated graphs: a session of dispatches recorded step by step, then
/// undone step by step, returns every graph's snapshot to the first one, and redoing every
/// step returns it to the last one.
///
/// The graphs are those of ``ValueModelDifferentialTests``: value models changed in place
/// at any depth among class models, existentials, shared references and cycles, and models
/// added by a reduce. (The moving graphs of ``MovingTreeDifferentialTests`` are not used:
/// their models change the containers of models beside them that reduce later in the same
/// dispatch, which a history cannot see, as the article *History* says.)
@MainActor
struct HistoryDifferentialTests {
  static let graphsPerBatch: UInt64 = 8
  /// Seeds past those of the other differential tests.
  static let firstSeed: UInt64 = 20_000

  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func undoingEveryStepOfARandomSessionReturnsTheFirstSnapshotOnGeneratedGraphs(
    batch: UInt64
  ) async throws {
    var steps = 0
    let first = Self.firstSeed + batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let (graph, store, history) = Self.recordedGraph(seed: seed)
      defer { graph.unlink() }
      let start = TreeSnapshot(graph.hub)
      var random = SplitMix64(seed: seed)
      for _ in 0..<6 {
        // Not `prepareForDispatch()`, which changes the graph outside the store.
        let actions = TraversalDifferentialTests.actions
        store.dispatch(actions[Int(random.next() % UInt64(actions.count))])
      }
      let end = TreeSnapshot(graph.hub)
      steps += history.steps.count
      try expectRoundTrip(history, graph.hub, start: start, end: end, seed: seed)
    }
    #expect(steps > 0)
  }

  /// A value model graph of `seed`, its store, and a history of up to 1,000 steps recording it.
  static func recordedGraph(seed: UInt64) -> (RandomModelGraph, Store<Hub>, History<Hub>) {
    let graph = RandomModelGraph(
      seed: seed, hidesModels: false, families: ValueModelDifferentialTests.families,
      valueModelDepth: 2)
    let store = Store(graph.hub, reportsUnhandledActions: false)
    return (graph, store, History(store, limit: 1_000))
  }

  /// Undoes every step, expecting `start`, then redoes every step, expecting `end`.
  private func expectRoundTrip(
    _ history: History<some Reducer>, _ root: AnyObject, start: TreeSnapshot, end: TreeSnapshot,
    seed: UInt64
  ) throws {
    let count = history.steps.count
    var undone = 0
    while try history.undo() != nil { undone += 1 }
    #expect(undone == count)
    let afterUndo = TreeSnapshot(root).difference(from: start)
    #expect(afterUndo.isEmpty, "seed \(seed), after undoing \(count) steps:\n\(afterUndo)")
    while try history.redo() != nil {}
    let afterRedo = TreeSnapshot(root).difference(from: end)
    #expect(afterRedo.isEmpty, "seed \(seed), after redoing \(count) steps:\n\(afterRedo)")
  }
}
