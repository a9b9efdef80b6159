import MovieListApp
import SwiftReduce

/// History: what recording costs a dispatch, and what an undo costs at 100,000 movies.
///
/// The broadcast tree is dispatched to twice in the same run, through a store
/// without a history and through one a ``History`` records, each on its own
/// tree of the same shape: every leaf changes, so every dispatch is a step of
/// 1,111 patches. So is the large targeted tree, with an action only its root
/// takes: one patch per dispatch, and every model compared all the same. The undo is MovieList's own: its store and history as the
/// app makes them, 100,000 movies, one removed as a tapped row removes it,
/// then undone; only the undo is timed, and the figure is the median.
struct HistoryCase: BenchmarkCase {
  let name = "history"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    // MARK: Recording

    let plain = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    let recorded = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    run.progress("history: broadcast on \(plain.shape), with and without recording")
    let plainStore = Store(plain.root)
    let recordedStore = Store(recorded.root)
    let history = History(recordedStore)
    let action: any Action = LeafAction.bump
    // Side by side, rounds alternating: the ratio is the median of each pair's.
    plain.resetCounts()
    recorded.resetCounts()
    let broadcasts = run.measurement.pair(
      { for _ in 0..<$0 { plainStore.dispatch(action) } },
      { for _ in 0..<$0 { recordedStore.dispatch(action) } })
    for (tree, timing) in [(plain, broadcasts.first), (recorded, broadcasts.second)] {
      try check(
        tree.leafReductions() == tree.leafCount * timing.iterations,
        "history: \(tree.leafReductions()) leaf reductions after \(timing.iterations) broadcasts")
    }
    let without = broadcasts.first.nanosecondsPerIteration
    let recording = broadcasts.second.nanosecondsPerIteration
    run.progress(
      "  broadcast: \(Format.nanoseconds(without)) without, \(Format.nanoseconds(recording)) "
        + "recorded, \(Format.fixed(broadcasts.secondOverFirst, digits: 2))x")
    let patches = history.steps.last?.patches.count ?? 0
    try check(
      patches == plain.leafCount,
      "history: the last step has \(patches) patches, expected one per leaf (\(plain.leafCount))")

    // MARK: Recording a targeted action

    // The price of completeness when one model changes in a large tree: every
    // model is compared, since any could have been written.
    let levels = run.sizes.targeted.large
    let plainTargeted = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
    let recordedTargeted = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
    run.progress("history: root action on \(plainTargeted.shape), with and without recording")
    let plainTargetedStore = Store(plainTargeted.root)
    let recordedTargetedStore = Store(recordedTargeted.root)
    let targetedHistory = History(recordedTargetedStore)
    let touch: any Action = RootAction.touch
    let targeted = run.measurement.pair(
      { for _ in 0..<$0 { plainTargetedStore.dispatch(touch) } },
      { for _ in 0..<$0 { recordedTargetedStore.dispatch(touch) } })
    let targetedWithout = targeted.first.nanosecondsPerIteration
    let targetedRecording = targeted.second.nanosecondsPerIteration
    let targetedPatches = targetedHistory.steps.last?.patches.map(\.description) ?? []
    try check(
      targetedPatches.count == 1 && recordedTargeted.leafReductions() == 0,
      "history: a root action's step has \(targetedPatches), expected the root's value alone")
    run.progress(
      "  targeted: \(Format.nanoseconds(targetedWithout)) without, "
        + "\(Format.nanoseconds(targetedRecording)) recorded")

    // MARK: Undo

    let count = run.measurement.quick ? 1_000 : 100_000
    let rounds = run.measurement.quick ? 3 : 15
    run.progress("history: \(rounds) undos of a removal, \(count) movies")
    let movies = Dictionary(uniqueKeysWithValues: (1...count).map { ("Movie \($0)", 1) })
    let state = MovieListState(movies: movies)
    let clock = ContinuousClock()
    var milliseconds: [Double] = []
    for round in 0..<rounds {
      let title = "Movie \(round * 997 % count + 1)"
      state.remove(title)
      try check(state.count(of: title) == nil, "history: \(title) was not removed")
      let started = clock.now
      let label: String?
      do {
        label = try state.undo()
      } catch {
        throw CheckFailure(description: "history: the undo was refused: \(error)")
      }
      let elapsed = clock.now - started
      milliseconds.append(
        Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
      try check(label == "tapping \"\(title)\"", "history: undid \(label ?? "nothing")")
      try check(state.count(of: title) == 1, "history: the undo did not bring \(title) back")
    }
    let median = milliseconds.sorted()[milliseconds.count / 2]
    run.progress("  undo: \(Format.fixed(median, digits: 2)) ms (median of \(rounds))")

    // MARK: Figures

    run.report.addNanoseconds(
      "history.recorded_dispatch_ns", recording, benchmark: name,
      figure:
        "broadcast with recording, ns per dispatch, \(Format.grouped(plain.modelCount)) models")
    run.report.addRatio(
      "history.record_over_dispatch", broadcasts.secondOverFirst, benchmark: name,
      figure: "broadcast with recording / without", target: 2.0)
    run.report.addNanoseconds(
      "history.recorded_targeted_ns", targetedRecording, benchmark: name,
      figure:
        "root action with recording, ns per dispatch, "
        + "\(Format.grouped(plainTargeted.modelCount)) models")
    run.report.addRatio(
      "history.record_targeted_over_dispatch", targeted.secondOverFirst,
      benchmark: name, figure: "root action with recording / without", target: 3.0)
    run.report.addMilliseconds(
      "history.undo_ms_\(count)", median, benchmark: name,
      figure: "undo of one removal, \(Format.grouped(count)) movies", target: 5)
  }
}
