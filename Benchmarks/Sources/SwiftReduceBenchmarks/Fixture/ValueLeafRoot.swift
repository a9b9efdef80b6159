import SwiftReduce

/// The root of the value-leaf tree: ten groups, and the only model handling ``RootAction``.
final class ValueLeafRoot: Reducer {
  var value = 0
  var title = "root"
  var groups: [ValueLeafGroup]

  init(groups: [ValueLeafGroup]) {
    self.groups = groups
  }

  func reduce(action: RootAction) {
    switch action {
    case .touch: value += 1
    case .rename(let title): self.title = title
    }
  }
}
