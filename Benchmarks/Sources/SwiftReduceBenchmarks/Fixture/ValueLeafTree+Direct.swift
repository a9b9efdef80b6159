// The hand-written baseline of the value-leaf tree: a loop over the known arrays, no discovery.

extension ValueLeafTree {
  /// Typed direct, the floor of value leaves: reduces each leaf where its
  /// group's array stores it, with the concrete action.
  @inline(never)
  func typedBroadcast() {
    for group in root.groups { Self.typedVisit(group) }
  }

  private static func typedVisit(_ group: ValueLeafGroup) {
    for child in group.groups { typedVisit(child) }
    for index in group.leaves.indices { group.leaves[index].reduce(action: .bump) }
  }
}
