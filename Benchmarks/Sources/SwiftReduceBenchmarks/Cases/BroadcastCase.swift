import SwiftReduce

/// Broadcast: one action that every leaf handles, through SwiftReduce and four baselines.
///
/// SwiftReduce also broadcasts on the same tree with its leaves as value
/// models in the groups' arrays, measured right after the class leaves so
/// that the two medians come from the same conditions. Each is timed side by
/// side with its typed floor on the same tree, rounds alternating, and the
/// floor ratio is the median of each pair's: a change of the machine's speed
/// falls on both.
struct BroadcastCase: BenchmarkCase {
  let name = "broadcast"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let tree = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    run.report.addTree(tree.shape)
    run.progress("broadcast: \(tree.shape)")
    let store = Store(tree.root)
    let action: any Action = LeafAction.bump

    let overTyped = try measureBroadcastPair(
      ("SwiftReduce", { store.dispatch(action) }), over: ("typed direct", tree.typedBroadcast),
      tree, run)
    let (swiftReduce, typed) = (overTyped.second, overTyped.first)
    let valueTree = ValueLeafTree(levels: run.sizes.broadcast)
    run.report.addTree(valueTree.shape)
    let valueStore = Store(valueTree.root)
    let overValueFloor = try measureBroadcastPair(
      ("SwiftReduce, value-model leaves", { valueStore.dispatch(action) }),
      over: ("typed direct, value-model leaves", valueTree.typedBroadcast), valueTree, run)
    let (valueLeaves, valueFloor) = (overValueFloor.second, overValueFloor.first)
    let erased = try measureBroadcast("erased direct", tree, run) { tree.erasedBroadcast(action) }
    let naive = try measureBroadcast("naive Mirror", tree, run) {
      NaiveMirrorRouter.route(action, from: tree.root)
    }

    // MARK: Figures

    let label = "\(Format.grouped(tree.modelCount)) models"
    run.report.addNanoseconds(
      "broadcast.swiftreduce_ns", swiftReduce, benchmark: name,
      figure: "SwiftReduce, ns per dispatch, \(label)")
    run.report.addNanoseconds(
      "broadcast.value_leaves_ns", valueLeaves, benchmark: name,
      figure: "SwiftReduce, ns per dispatch, leaves as value models")
    run.report.addNanoseconds(
      "broadcast.erased_direct_ns", erased, benchmark: name,
      figure: "erased direct, ns per dispatch")
    run.report.addNanoseconds(
      "broadcast.typed_direct_ns", typed, benchmark: name, figure: "typed direct, ns per dispatch")
    run.report.addNanoseconds(
      "broadcast.value_floor_ns", valueFloor, benchmark: name,
      figure: "typed direct over the value leaves' arrays, ns per dispatch")
    run.report.addNanoseconds(
      "broadcast.naive_mirror_ns", naive, benchmark: name, figure: "naive Mirror, ns per dispatch")
    run.report.addRatio(
      "broadcast.swiftreduce_over_erased", swiftReduce / erased, benchmark: name,
      figure: "SwiftReduce / erased direct", target: 1.2)
    run.report.addRatio(
      "broadcast.value_over_class", valueLeaves / swiftReduce, benchmark: name,
      figure: "value-model leaves / class leaves", target: 1.5)
    run.report.addRatio(
      "broadcast.over_typed_floor", overTyped.secondOverFirst, benchmark: name,
      figure: "SwiftReduce / typed direct", target: 1.6)
    run.report.addRatio(
      "broadcast.value_over_value_floor", overValueFloor.secondOverFirst, benchmark: name,
      figure: "value-model leaves / typed direct over their arrays", target: 2.0)
    run.report.addRatio(
      "broadcast.naive_over_swiftreduce", naive / swiftReduce, benchmark: name,
      figure: "naive Mirror / SwiftReduce")
    run.report.addRatio(
      "broadcast.naive_over_erased", naive / erased, benchmark: name,
      figure: "naive Mirror / erased direct", note: "~270× before the rewrite")
  }
}

/// Times one broadcast engine on a fresh count and checks that every leaf reduced every time.
@MainActor
func measureBroadcast(
  _ engine: String, _ tree: some BroadcastTree, _ run: BenchmarkRun, _ broadcast: () -> Void
) throws(CheckFailure) -> Double {
  tree.resetCounts()
  let timing = run.measurement.run { count in
    for _ in 0..<count { broadcast() }
  }
  let expected = tree.leafCount * timing.iterations
  try check(
    tree.leafReductions() == expected,
    "\(engine) on \(tree.shape): \(tree.leafReductions()) leaf reductions after "
      + "\(timing.iterations) broadcasts, expected \(expected)")
  try check(tree.rootCount == 0, "\(engine): the root reduced a leaf action")
  run.progress(
    "  \(engine): \(Format.nanoseconds(timing.nanosecondsPerIteration)) per dispatch "
      + "(\(timing.rounds) rounds, \(timing.iterations) dispatches)")
  return timing.nanosecondsPerIteration
}

/// Times a broadcast engine side by side with its floor on the same tree,
/// rounds alternating, and checks that every leaf reduced every time.
///
/// - Returns: The floor's timing first, the engine's second, and the median
///   of the engine's time over the floor's in each pair of rounds.
@MainActor
func measureBroadcastPair(
  _ engine: (name: String, broadcast: () -> Void),
  over floor: (name: String, broadcast: () -> Void),
  _ tree: some BroadcastTree, _ run: BenchmarkRun
) throws(CheckFailure) -> (first: Double, second: Double, secondOverFirst: Double) {
  tree.resetCounts()
  let timing = run.measurement.pair(
    { for _ in 0..<$0 { floor.broadcast() } }, { for _ in 0..<$0 { engine.broadcast() } })
  let expected = tree.leafCount * (timing.first.iterations + timing.second.iterations)
  try check(
    tree.leafReductions() == expected,
    "\(engine.name) beside \(floor.name) on \(tree.shape): \(tree.leafReductions()) leaf "
      + "reductions, expected \(expected)")
  try check(tree.rootCount == 0, "\(engine.name) or \(floor.name): the root reduced a leaf action")
  for (name, one) in [(floor.name, timing.first), (engine.name, timing.second)] {
    run.progress(
      "  \(name): \(Format.nanoseconds(one.nanosecondsPerIteration)) per dispatch "
        + "(\(one.rounds) rounds, \(one.iterations) dispatches)")
  }
  return (
    timing.first.nanosecondsPerIteration, timing.second.nanosecondsPerIteration,
    timing.secondOverFirst
  )
}
