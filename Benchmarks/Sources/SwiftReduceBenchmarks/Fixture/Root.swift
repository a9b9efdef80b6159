import SwiftReduce

/// The root of the fixture tree: ten groups, and the only model handling ``RootAction``.
final class Root<Leaf: LeafModel>: Reducer, ErasedReceiver {
  static var handledBelow: HandledBelow { Leaf.handledBelowInnerNodes }

  var value = 0
  var title = "root"
  var groups: [Group<Leaf>]

  init(groups: [Group<Leaf>]) {
    self.groups = groups
  }

  func reduce(action: RootAction) {
    switch action {
    case .touch: value += 1
    case .rename(let title): self.title = title
    }
  }
}
