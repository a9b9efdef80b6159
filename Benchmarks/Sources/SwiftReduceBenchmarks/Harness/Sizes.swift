/// The tree sizes of a run, as numbers of levels of a fanout-10 ``Tree``.
struct Sizes {
  /// The broadcast, heavy leaves, subscribers and binding tree.
  let broadcast: Int
  /// The two targeted trees, smaller first.
  let targeted: (small: Int, large: Int)
  /// The scaling trees, smallest first.
  let scaling: [Int]
  /// The memory tree.
  let memory: Int
  /// The number of key-path subscriptions of the subscribers case.
  let subscribers: Int

  /// The sizes: 1,111 models, 111,111 targeted, up to 1,111,111.
  static let full = Sizes(
    broadcast: 4, targeted: (4, 6), scaling: [4, 5, 6, 7], memory: 7, subscribers: 1_000)

  /// Small sizes that finish in seconds even with a slow traversal.
  static let quick = Sizes(
    broadcast: 3, targeted: (3, 4), scaling: [3, 4], memory: 4, subscribers: 100)
}
