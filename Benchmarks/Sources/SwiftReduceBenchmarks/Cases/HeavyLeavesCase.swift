import SwiftReduce

/// Heavy leaves: the broadcast tree whose leaves also hold 1,000 strings and a 1,000-entry dictionary.
///
/// The plain data holds no models, so a traversal that knows it cannot
/// should cost about what the plain broadcast costs.
struct HeavyLeavesCase: BenchmarkCase {
  let name = "heavy leaves"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let tree = Tree(levels: run.sizes.broadcast) { HeavyLeaf(title: "leaf \($0)", number: $0) }
    run.report.addTree(
      tree.shape + ", heavy: each leaf also holds 1,000 strings and a 1,000-entry dictionary")
    run.progress("heavy leaves: \(tree.shape), each leaf with [String] and [String: Int] of 1,000")
    let store = Store(tree.root)
    let action: any Action = LeafAction.bump
    let heavy = try measureBroadcast("SwiftReduce", tree, run) { store.dispatch(action) }

    run.report.addNanoseconds(
      "heavy.swiftreduce_ns", heavy, benchmark: name, figure: "SwiftReduce, ns per dispatch")
    if let broadcast = run.report.value(of: "broadcast.swiftreduce_ns") {
      run.report.addRatio(
        "heavy.over_broadcast", heavy / broadcast, benchmark: name, figure: "heavy / broadcast",
        target: 1.1)
    }
  }
}
