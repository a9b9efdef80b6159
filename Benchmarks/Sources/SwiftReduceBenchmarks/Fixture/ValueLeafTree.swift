/// The fixture tree of ``Tree`` with its leaves as value models: class root and groups,
/// ``ValueLeaf`` structs in the groups' arrays.
///
/// Same shape, same counts, same fields and the same action as the class-leaf
/// tree of the same number of levels, so the two broadcasts compare the cost
/// of reducing a struct in place with that of reducing a class instance.
struct ValueLeafTree: BroadcastTree {
  let root: ValueLeafRoot
  let levels: Int
  let modelCount: Int
  let leafCount: Int

  /// Builds a tree of `levels` levels (at least 3), leaves titled like the class tree's.
  init(levels: Int) {
    precondition(levels >= 3, "a fixture tree has a root, groups and leaves")
    var nextLeaf = 0
    var nextGroup = 0
    func makeGroup(depth: Int) -> ValueLeafGroup {
      nextGroup += 1
      let title = "group \(nextGroup)"
      if depth == levels - 2 {
        let leaves = (0..<10).map { _ in
          nextLeaf += 1
          return ValueLeaf(title: "leaf \(nextLeaf)")
        }
        return ValueLeafGroup(title: title, groups: [], leaves: leaves)
      }
      let groups = (0..<10).map { _ in makeGroup(depth: depth + 1) }
      return ValueLeafGroup(title: title, groups: groups, leaves: [])
    }
    self.root = ValueLeafRoot(groups: (0..<10).map { _ in makeGroup(depth: 1) })
    self.levels = levels
    self.modelCount = Tree<Leaf>.modelCount(levels: levels)
    self.leafCount = modelCount - Tree<Leaf>.modelCount(levels: levels - 1)
  }

  /// Describes the shape, for labels, as ``Tree/shape`` does, naming the leaves' kind.
  var shape: String {
    Tree<Leaf>.shape(levels: levels) + ", leaves as value models in arrays"
  }

  var rootCount: Int { root.value }

  // MARK: - Counting

  /// Sets every count in the tree back to zero.
  func resetCounts() {
    root.value = 0
    forEachGroup { group in
      group.value = 0
      for index in group.leaves.indices { group.leaves[index].value = 0 }
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
  private func forEachGroup(_ body: (ValueLeafGroup) -> Void) {
    func visit(_ group: ValueLeafGroup) {
      body(group)
      for child in group.groups { visit(child) }
    }
    for group in root.groups { visit(group) }
  }
}
