import SwiftReduce

/// Dump: print the broadcast tree as text with `TreeSnapshot`, snapshot and text both.
///
/// swift-custom-dump takes 130–180 µs per model on this machine, and shows
/// class instances only by identity; the target is 1 µs per model.
struct DumpCase: BenchmarkCase {
  let name = "dump"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let tree = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    run.report.addTree(tree.shape)
    run.progress("dump: \(tree.shape)")
    var characters = 0
    let timing = run.measurement.run { count in
      for _ in 0..<count {
        characters = TreeSnapshot(tree.root).description.utf8.count
      }
    }
    let text = TreeSnapshot(tree.root).description
    let titles = text.split(separator: "\n").filter { $0.contains("title: \"") }.count
    try check(
      titles == tree.modelCount,
      "dump on \(tree.shape): \(titles) titles printed for \(tree.modelCount) models")
    try check(characters == text.utf8.count, "dump: the printout changed between runs")
    run.report.addNanoseconds(
      "dump.ns_per_model", timing.nanosecondsPerIteration / Double(tree.modelCount),
      benchmark: name, figure: "ns per model, snapshot and text", target: 1_000)
  }
}
