import SwiftReduce

/// An inner node of the fixture tree: a container holding ten groups or ten leaves.
///
/// A group declares no `reduce(action:)`, so it handles nothing itself. One
/// of its two arrays is always empty: groups on the level above the leaves
/// hold leaves, all others hold groups.
final class Group<Leaf: LeafModel>: Reducer, ErasedReceiver {
  static var handledBelow: HandledBelow { Leaf.handledBelowInnerNodes }

  var value = 0
  var title: String
  var groups: [Group<Leaf>]
  var leaves: [Leaf]

  init(title: String, groups: [Group<Leaf>], leaves: [Leaf]) {
    self.title = title
    self.groups = groups
    self.leaves = leaves
  }
}
