import Observation
import SwiftReduce
import Synchronization

/// Observation: the broadcast with reads tracked through the store, each of a different value.
///
/// One `withObservationTracking` block reads 1,000 read-only bindings, each
/// to a different leaf's title, which the broadcast never changes: after every
/// dispatch the store compares each read with its last reading and tells no
/// one, so the reads stay tracked, as a view's do between renders. A second
/// block reads one leaf's count, which the first broadcast changes: it is told
/// once, and then no longer compared.
struct ObservationCase: BenchmarkCase {
  let name = "observation"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let tree = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    let count = run.sizes.subscribers
    run.report.addTree(tree.shape)
    run.progress("observation: \(tree.shape), \(count) tracked reads")
    let paths = SubscribersCase.leafPaths(levels: tree.levels)
    try check(paths.count >= count, "observation: \(paths.count) leaves for \(count) reads")
    let store = Store(tree.root)
    // Bindings, as views hold them; never written, so their actions are never made.
    let titles = paths.prefix(count).map {
      store[$0.appending(path: \.title), { RootAction.rename($0) }]
    }
    let firstCount = store[paths[0].appending(path: \.value), { _ in RootAction.rename("") }]
    let told = Mutex<[String]>([])
    withObservationTracking {
      for title in titles { _ = title.wrappedValue }
    } onChange: {
      told.withLock { $0.append("titles") }
    }
    withObservationTracking {
      _ = firstCount.wrappedValue
    } onChange: {
      told.withLock { $0.append("count") }
    }

    let action: any Action = LeafAction.bump
    let time = try measureBroadcast("SwiftReduce with tracked reads", tree, run) {
      store.dispatch(action)
    }
    let toldNow = told.withLock { $0 }
    try check(
      toldNow == ["count"],
      "observation: told \(toldNow), expected the count's read alone, once")

    run.report.addNanoseconds(
      "observation.swiftreduce_ns", time, benchmark: name,
      figure: "ns per dispatch, \(count) tracked reads")
    if let broadcast = run.report.value(of: "broadcast.swiftreduce_ns") {
      run.report.addNanoseconds(
        "observation.ns_per_tracked_read", (time - broadcast) / Double(count), benchmark: name,
        figure: "extra ns per tracked read", target: 150)
    }
  }
}
