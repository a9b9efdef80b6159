import SwiftReduce
import SwiftReduceTesting
import Testing

/// TestStore: one `send` whose closure changes one value, over one snapshot of the same tree.
///
/// The tree is the dump case's. A send copies the tree for the closure,
/// dispatches, and compares the real tree with the expected copy side by
/// side (snapshots are made only when that cannot tell them alike); the
/// figure says how many snapshots' worth of work that is. Both
/// times are taken in this run, alternating, and each is the median of its
/// rounds.
///
/// `TestStore` records failures with Swift Testing's `Issue.record`, which
/// does nothing outside a test. So the case checks on its own that the
/// expectation is right: the real tree differs from the state before the
/// sends only in the value the closure changes, by the number of sends.
struct TestStoreCase: BenchmarkCase {
  let name = "teststore"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let tree = Tree(levels: run.sizes.broadcast) { Leaf(title: "leaf \($0)") }
    run.report.addTree(tree.shape)
    run.progress("teststore: \(tree.shape)")
    tree.root.value = 0
    let before = TreeSnapshot(tree.root)
    var sends = 0
    var snapshotTimes: [Double] = []
    var sendTimes: [Double] = []
    var snapshot = before
    // Alternating keeps a slow spell of this shared machine from landing on one side only.
    for _ in 0..<(run.quick ? 1 : 3) {
      snapshotTimes.append(
        run.measurement.run { count in
          for _ in 0..<count {
            snapshot = TreeSnapshot(tree.root)
          }
        }.nanosecondsPerIteration)
      sendTimes.append(
        run.measurement.run { count in
          // A test store keeps its copies until it is released: a new one each
          // round, released inside the timing, so their release is counted too.
          let store = TestStore(tree.root)
          for _ in 0..<count {
            store.send(RootAction.touch) { $0.value += 1 }
          }
          sends += count
        }.nanosecondsPerIteration)
    }
    try check(
      snapshot.difference(from: before).changes.allSatisfy { $0.path == "value" },
      "teststore: the last snapshot shows changes no send made")
    let changes = TreeSnapshot(tree.root).difference(from: before).changes
    try check(
      changes.map(\.path) == ["value"] && changes.first?.new == String(sends),
      "teststore: \(sends) sends left \(changes.map(\.path)) changed, not just the root's value")
    let ratio = Self.median(sendTimes) / Self.median(snapshotTimes)
    run.report.addNanoseconds(
      "teststore.send_ns", Self.median(sendTimes), benchmark: name,
      figure: "ns per send, \(Format.grouped(tree.modelCount)) models")
    run.report.addRatio(
      "teststore.send_over_dump", ratio, benchmark: name,
      figure: "one send / one TreeSnapshot", target: 2.5)
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }
}
