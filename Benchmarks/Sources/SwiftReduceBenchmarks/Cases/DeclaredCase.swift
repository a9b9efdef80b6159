import SwiftReduce

/// Declared: the targeted case on trees whose model types declare ``Reducer/handledBelow``.
///
/// The root, the groups and the leaves declare that only ``LeafAction`` is
/// handled below them, or nothing, so the root-only action skips the tree
/// below the root, whatever its size. A broadcast on the same large tree
/// checks that the declarations still let every leaf action through.
struct DeclaredCase: BenchmarkCase {
  let name = "declared"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let (small, large) = try measureRootAction(run, name) { DeclaredLeaf(title: "leaf \($0)") }
    let tree = Tree(levels: run.sizes.targeted.large) { DeclaredLeaf(title: "leaf \($0)") }
    let store = Store(tree.root)
    _ = try measureBroadcast("declared broadcast", tree, run) { store.dispatch(LeafAction.bump) }

    run.report.addRatio(
      "declared.large_over_small", large.time / small.time, benchmark: name,
      figure: "\(Format.grouped(large.models)) / \(Format.grouped(small.models)) models",
      target: 2)
  }
}
