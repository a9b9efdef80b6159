import SwiftReduce

/// An inner node of the value-leaf tree: a class holding ten groups or ten ``ValueLeaf`` values.
///
/// The same node as ``Group``, but its leaves are structs stored in its
/// array, so the walk reduces them in place rather than through a reference.
final class ValueLeafGroup: Reducer {
  var value = 0
  var title: String
  var groups: [ValueLeafGroup]
  var leaves: [ValueLeaf]

  init(title: String, groups: [ValueLeafGroup], leaves: [ValueLeaf]) {
    self.title = title
    self.groups = groups
    self.leaves = leaves
  }
}
