import SwiftReduce

/// Targeted: an action only the root handles, on a small and on a 100 times larger tree.
///
/// Nothing below the root can handle the action, so the time should not
/// grow with the tree.
struct TargetedCase: BenchmarkCase {
  let name = "targeted"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let small = try measure(levels: run.sizes.targeted.small, run)
    let large = try measure(levels: run.sizes.targeted.large, run)
    run.report.addNanoseconds(
      "targeted.small_ns", small.time, benchmark: name,
      figure: "ns per dispatch, \(Format.grouped(small.models)) models")
    run.report.addNanoseconds(
      "targeted.large_ns", large.time, benchmark: name,
      figure: "ns per dispatch, \(Format.grouped(large.models)) models")
    run.report.addRatio(
      "targeted.large_over_small", large.time / small.time, benchmark: name,
      figure: "\(Format.grouped(large.models)) / \(Format.grouped(small.models)) models",
      target: 2)
  }

  private func measure(levels: Int, _ run: BenchmarkRun) throws(CheckFailure) -> (
    time: Double, models: Int
  ) {
    let tree = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
    run.report.addTree(tree.shape)
    run.progress("targeted: \(tree.shape)")
    let store = Store(tree.root)
    let action: any Action = RootAction.touch
    let timing = run.measurement.run { count in
      for _ in 0..<count { store.dispatch(action) }
    }
    try check(
      tree.root.value == timing.iterations,
      "targeted on \(tree.shape): the root reduced \(tree.root.value) of "
        + "\(timing.iterations) dispatches")
    try check(tree.leafReductions() == 0, "targeted: a leaf reduced a root action")
    return (timing.nanosecondsPerIteration, tree.modelCount)
  }
}
