/// A fixture tree a broadcast can be measured on: its shape and the counts that check the work.
protocol BroadcastTree {
  /// The shape, for labels: "1,111 models (root, 10 + 100 groups, 1,000 leaves)".
  var shape: String { get }
  /// The number of leaves: each broadcast must reduce each of them once.
  var leafCount: Int { get }
  /// The root's count, which no leaf action may change.
  var rootCount: Int { get }

  /// Sets every count in the tree back to zero.
  func resetCounts()

  /// The number of leaf reductions since the last reset.
  func leafReductions() -> Int
}
