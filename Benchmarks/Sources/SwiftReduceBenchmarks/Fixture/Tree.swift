/// A complete fixture tree of fanout 10: a root, levels of groups, leaves at the bottom.
///
/// A tree of `levels` levels has (10^levels − 1) / 9 models: 3 levels are
/// 111 models (root, 10 groups, 100 leaves), 4 levels 1,111, 7 levels
/// 1,111,111. Every model holds an `Int` and a `String`.
struct Tree<Leaf: LeafModel>: BroadcastTree {
  let root: Root<Leaf>
  let levels: Int
  let modelCount: Int
  let leafCount: Int

  /// Builds a tree of `levels` levels (at least 3), making leaves with `makeLeaf(number)`.
  init(levels: Int, makeLeaf: (Int) -> Leaf) {
    precondition(levels >= 3, "a fixture tree has a root, groups and leaves")
    var nextLeaf = 0
    var nextGroup = 0
    func makeGroup(depth: Int) -> Group<Leaf> {
      nextGroup += 1
      let title = "group \(nextGroup)"
      if depth == levels - 2 {
        let leaves = (0..<10).map { _ in
          nextLeaf += 1
          return makeLeaf(nextLeaf)
        }
        return Group(title: title, groups: [], leaves: leaves)
      }
      let groups = (0..<10).map { _ in makeGroup(depth: depth + 1) }
      return Group(title: title, groups: groups, leaves: [])
    }
    self.root = Root(groups: (0..<10).map { _ in makeGroup(depth: 1) })
    self.levels = levels
    self.modelCount = Self.modelCount(levels: levels)
    self.leafCount = (modelCount - Self.modelCount(levels: levels - 1))
  }

  /// The number of models in a tree of `levels` levels: 1 + 10 + … + 10^(levels − 1).
  static func modelCount(levels: Int) -> Int {
    var count = 0
    var width = 1
    for _ in 0..<levels {
      count += width
      width *= 10
    }
    return count
  }

  /// Describes the shape, for labels: "1,111 models (root, 10 + 100 groups, 1,000 leaves)".
  var shape: String {
    Self.shape(levels: levels)
  }

  /// The shape of a tree of `levels` levels, whatever its leaves.
  static func shape(levels: Int) -> String {
    var groupLevels: [String] = []
    var width = 10
    for _ in 1..<(levels - 1) {
      groupLevels.append(Format.grouped(width))
      width *= 10
    }
    let modelCount = modelCount(levels: levels)
    let leafCount = modelCount - self.modelCount(levels: levels - 1)
    return
      "\(Format.grouped(modelCount)) models (root, \(groupLevels.joined(separator: " + ")) "
      + "groups, \(Format.grouped(leafCount)) leaves)"
  }

  var rootCount: Int { root.value }

  // MARK: - Counting

  /// Sets every count in the tree back to zero.
  func resetCounts() {
    root.value = 0
    forEachGroup { group in
      group.value = 0
      for leaf in group.leaves { leaf.value = 0 }
    }
  }

  /// The sum of the leaves' counts: the number of leaf reductions since the last reset.
  func leafReductions() -> Int {
    var sum = 0
    forEachGroup { group in
      for leaf in group.leaves { sum += leaf.value }
    }
    return sum
  }

  /// Calls `body` on every group, parents before children.
  func forEachGroup(_ body: (Group<Leaf>) -> Void) {
    func visit(_ group: Group<Leaf>) {
      body(group)
      for child in group.groups { visit(child) }
    }
    for group in root.groups { visit(group) }
  }

  /// The leaves in pre-order.
  func allLeaves() -> [Leaf] {
    var leaves: [Leaf] = []
    leaves.reserveCapacity(leafCount)
    forEachGroup { leaves += $0.leaves }
    return leaves
  }
}
