import SwiftReduce

/// Subscribers: the broadcast with key-path subscriptions, half of whose values change per dispatch.
///
/// Each subscription watches one leaf: half watch its count, which every
/// broadcast changes, half its title, which never changes. A subscriber is
/// called once when it subscribes and then only on change.
struct SubscribersCase: BenchmarkCase {
  let name = "subscribers"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let tree = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    let count = run.sizes.subscribers
    run.report.addTree(tree.shape)
    run.progress("subscribers: \(tree.shape), \(count) subscriptions")
    let paths = Self.leafPaths(levels: tree.levels)
    try check(paths.count >= count, "subscribers: \(paths.count) leaves for \(count) subscriptions")
    let store = Store(tree.root)
    let calls = CallCounter()
    var subscriptions: [StoreSubscription] = []
    for (index, path) in paths.prefix(count).enumerated() {
      if index.isMultiple(of: 2) {
        subscriptions.append(
          store.subscribe(path.appending(path: \.value)) { _ in calls.count += 1 })
      } else {
        subscriptions.append(
          store.subscribe(path.appending(path: \.title)) { _ in calls.count += 1 })
      }
    }
    try check(calls.count == count, "subscribers: \(calls.count) initial calls for \(count)")

    let action: any Action = LeafAction.bump
    let time = try measureBroadcast("SwiftReduce with subscribers", tree, run) {
      store.dispatch(action)
    }
    let dispatches = (calls.count - count) / (count - count / 2)
    try check(
      calls.count == count + (count - count / 2) * dispatches && dispatches > 0,
      "subscribers: \(calls.count) calls; expected \(count) at once, then "
        + "\(count - count / 2) per dispatch")
    withExtendedLifetime(subscriptions) {}

    run.report.addNanoseconds(
      "subscribers.swiftreduce_ns", time, benchmark: name,
      figure: "ns per dispatch, \(count) subscriptions")
    if let broadcast = run.report.value(of: "broadcast.swiftreduce_ns") {
      run.report.addRatio(
        "subscribers.over_broadcast", time / broadcast, benchmark: name,
        figure: "with subscribers / broadcast")
      run.report.addNanoseconds(
        "subscribers.ns_per_subscriber", (time - broadcast) / Double(count), benchmark: name,
        figure: "extra ns per subscriber", target: 150)
    }
  }

  /// Key paths from the root to every leaf, in pre-order.
  static func leafPaths(levels: Int) -> [KeyPath<Root<Leaf>, Leaf>] {
    var groups: [KeyPath<Root<Leaf>, Group<Leaf>>] = (0..<10).map { \Root<Leaf>.groups[$0] }
    for _ in 0..<(levels - 3) {
      groups = groups.flatMap { path in
        (0..<10).map { path.appending(path: \Group<Leaf>.groups[$0]) }
      }
    }
    return groups.flatMap { path in (0..<10).map { path.appending(path: \Group<Leaf>.leaves[$0]) } }
  }
}

/// Counts subscriber calls; a class so that the subscription closures share it.
@MainActor
final class CallCounter {
  var count = 0
}
