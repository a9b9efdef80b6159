import SwiftReduce

/// The plain leaf of a tree whose model types declare their subtrees.
///
/// A leaf declares nothing below it; the groups and the root above leaves
/// of this type declare only ``LeafAction`` below them.
final class DeclaredLeaf: LeafModel {
  static let declaresSubtrees = true

  var value = 0
  var title: String

  init(title: String) {
    self.title = title
  }

  func reduce(action: LeafAction) {
    switch action {
    case .bump: value += 1
    }
  }
}
