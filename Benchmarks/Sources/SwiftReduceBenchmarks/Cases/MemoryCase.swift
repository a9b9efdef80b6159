import SwiftReduce

/// Memory: peak resident memory building the largest tree, without and with a store that has dispatched.
///
/// Each figure comes from its own child process (this executable started
/// again with `--memory-child`), so that one peak cannot hide the other.
struct MemoryCase: BenchmarkCase {
  let name = "memory"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let levels = run.sizes.memory
    run.progress("memory: tree of \(levels) levels, in two child processes")
    guard let tree = try peak(.tree, levels: levels),
      let withStore = try peak(.treeAndStore, levels: levels)
    else {
      run.progress("  memory: /proc/self/status is unavailable; no figures")
      return
    }
    let treeCost = tree.peak - tree.baseline
    let storeCost = withStore.peak - tree.peak
    let models = Format.grouped(Tree<Leaf>.modelCount(levels: levels))
    run.report.addCount(
      "memory.tree_kb", tree.peak, unit: "kB", benchmark: name,
      figure: "peak, \(models)-model tree only")
    run.report.addCount(
      "memory.store_kb", withStore.peak, unit: "kB", benchmark: name,
      figure: "peak, tree + store dispatched once")
    run.report.addRatio(
      "memory.ratio", Double(withStore.peak) / Double(tree.peak), benchmark: name,
      figure: "tree + store / tree only")
    run.report.addRatio(
      "memory.store_over_tree", Double(storeCost) / Double(max(treeCost, 1)), benchmark: name,
      figure: "store's extra peak / tree's own memory", target: 0.1)
  }

  private func peak(_ role: MemoryChild.Role, levels: Int) throws(CheckFailure) -> (
    baseline: Int, peak: Int
  )? {
    let output = try ChildProcess.runSelf(["--memory-child", role.rawValue, String(levels)])
    if output.contains("unavailable") { return nil }
    let fields = output.split(whereSeparator: \.isWhitespace).compactMap { field in
      field.split(separator: "=").last.flatMap { Int($0) }
    }
    try check(fields.count == 2, "memory child printed \(output)")
    return (fields[0], fields[1])
  }
}

/// The child side of the memory case: builds the tree, maybe a store, and prints its peak.
enum MemoryChild {
  /// What the child builds.
  enum Role: String {
    /// The tree only.
    case tree
    /// The tree and a store that has dispatched one broadcast.
    case treeAndStore = "store"
  }

  /// Builds and prints `baseline_kb=… peak_kb=…`.
  ///
  /// - Throws: ``CheckFailure`` when the dispatch did not reach every leaf.
  @MainActor
  static func run(_ role: Role, levels: Int) throws(CheckFailure) {
    guard let baseline = PeakMemory.kilobytes() else {
      print("unavailable")
      return
    }
    let tree = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
    var store: Store<Root<Leaf>>?
    if role == .treeAndStore {
      let made = Store(tree.root)
      made.dispatch(LeafAction.bump)
      try check(
        tree.leafReductions() == tree.leafCount,
        "memory: one dispatch made \(tree.leafReductions()) of \(tree.leafCount) leaf reductions")
      store = made
    }
    let peak = PeakMemory.kilobytes() ?? 0
    withExtendedLifetime((tree, store)) {
      print("baseline_kb=\(baseline) peak_kb=\(peak)")
    }
  }
}
