import SwiftReduce

/// Targeted: an action only the root handles, on a small and on a 100 times larger tree.
///
/// Nothing below the root can handle the action, but no type declares so:
/// the walk must visit every model to be sure, so the figure that counts is
/// the cost of each model passed by.
struct TargetedCase: BenchmarkCase {
  let name = "targeted"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let (small, large) = try measureRootAction(run, name) { Leaf(title: "leaf \($0)") }
    run.report.addNanoseconds(
      "targeted.ns_per_model", large.time / Double(large.models), benchmark: name,
      figure: "ns per model passed, \(Format.grouped(large.models)) models", target: 20)
    run.report.addRatio(
      "targeted.large_over_small", large.time / small.time, benchmark: name,
      figure: "\(Format.grouped(large.models)) / \(Format.grouped(small.models)) models")
  }
}

/// Times ``RootAction/touch`` on the small and the large targeted tree, and reports both times.
@MainActor
func measureRootAction<L: LeafModel>(
  _ run: BenchmarkRun, _ name: String, makeLeaf: (Int) -> L
) throws(CheckFailure) -> (small: (time: Double, models: Int), large: (time: Double, models: Int)) {
  let small = try measureRootAction(levels: run.sizes.targeted.small, run, name, makeLeaf)
  let large = try measureRootAction(levels: run.sizes.targeted.large, run, name, makeLeaf)
  for (size, result) in [("small", small), ("large", large)] {
    run.report.addNanoseconds(
      "\(name).\(size)_ns", result.time, benchmark: name,
      figure: "ns per dispatch, \(Format.grouped(result.models)) models")
  }
  return (small, large)
}

/// Times dispatches of ``RootAction/touch`` on a tree of `levels` levels and checks the counts.
@MainActor
private func measureRootAction<L: LeafModel>(
  levels: Int, _ run: BenchmarkRun, _ name: String, _ makeLeaf: (Int) -> L
) throws(CheckFailure) -> (time: Double, models: Int) {
  let tree = Tree(levels: levels, makeLeaf: makeLeaf)
  run.report.addTree(tree.shape)
  run.progress("\(name): \(tree.shape)")
  let store = Store(tree.root)
  let action: any Action = RootAction.touch
  let timing = run.measurement.run { count in
    for _ in 0..<count { store.dispatch(action) }
  }
  try check(
    tree.root.value == timing.iterations,
    "\(name) on \(tree.shape): the root reduced \(tree.root.value) of "
      + "\(timing.iterations) dispatches")
  try check(tree.leafReductions() == 0, "\(name): a leaf reduced a root action")
  return (timing.nanosecondsPerIteration, tree.modelCount)
}
