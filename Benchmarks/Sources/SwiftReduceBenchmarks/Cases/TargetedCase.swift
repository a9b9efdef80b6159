import SwiftReduce

/// Targeted: an action only the root handles, on a small and on a 100 times
/// larger tree; and an action sent to one row of 100,000 by its id.
///
/// Nothing below the root can handle the root's action, but no type declares
/// so: the walk must visit every model to be sure, so the figure that counts
/// is the cost of each model passed by. An action sent to one row reaches
/// that row alone, whatever the number of rows beside it.
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
    let row = try measureRowAction(run, name, rows: 100_000, spelling: .arrayAndID)
    let literal = try measureRowAction(run, name, rows: 100_000, spelling: .idKeyPath)
    run.report.addNanoseconds(
      "targeted.row_ns_100000", row, benchmark: name,
      figure: "ns per dispatch to one row of 100,000, to: \\.rows, id:", target: 2_000)
    run.report.addNanoseconds(
      "targeted.row_id_key_path_ns_100000", literal, benchmark: name,
      figure: "ns per dispatch to one row of 100,000, to: \\.rows[id:]")
    run.report.addRatio(
      "targeted.row_over_root_only_1111", row / small.time, benchmark: name,
      figure: "one row of 100,000 / root only, \(Format.grouped(small.models)) models")
  }
}

/// How a benchmark names the row it sends to.
private enum RowSpelling {
  /// `to: \.rows, id: 42`: a key path made once, and the id.
  case arrayAndID
  /// `to: \.rows[id: 42]`: a key path made for each dispatch.
  case idKeyPath
}

/// Times dispatches of ``LeafAction/bump`` to one row of a list of `rows`
/// rows, a different row each time, by its id, and checks that each reached its row alone.
@MainActor
private func measureRowAction(
  _ run: BenchmarkRun, _ name: String, rows: Int, spelling: RowSpelling
) throws(CheckFailure) -> Double {
  let list = RowList(count: rows)
  run.progress("\(name): one row of \(Format.grouped(rows)), \(spelling)")
  let store = Store(list)
  let action: any Action = LeafAction.bump
  var next = 0
  let timing = run.measurement.run { count in
    for _ in 0..<count {
      switch spelling {
      case .arrayAndID: store.dispatch(action, to: \.rows, id: next)
      case .idKeyPath: store.dispatch(action, to: \.rows[id: next])
      }
      // A stride prime to the count visits rows all over the list.
      next = (next + 7_919) % rows
    }
  }
  let reductions = list.rows.reduce(0) { $0 + $1.value }
  try check(
    reductions == timing.iterations,
    "\(name): \(reductions) row reductions for \(timing.iterations) targeted dispatches")
  return timing.nanosecondsPerIteration
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
