import SwiftReduce

/// The plain leaf: an `Int` and a `String`, like every model of the fixture.
///
/// `Declaration` says whether the tree's model types declare their subtrees;
/// ``Leaf`` and ``DeclaredLeaf`` name the two trees' leaves.
final class PlainLeaf<Declaration: SubtreeDeclaration>: LeafModel {
  static var declaresSubtrees: Bool { Declaration.declaresSubtrees }

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

/// The leaf of the trees whose model types declare nothing.
typealias Leaf = PlainLeaf<Undeclared>

/// The leaf of the trees whose model types declare ``Reducer/handledBelow``: a leaf
/// declares nothing below it; the groups and the root above it, only ``LeafAction``.
typealias DeclaredLeaf = PlainLeaf<Declared>

/// Whether a fixture tree's model types declare their subtrees.
protocol SubtreeDeclaration {
  static var declaresSubtrees: Bool { get }
}

/// The model types declare nothing: the walk visits every model.
enum Undeclared: SubtreeDeclaration {
  static let declaresSubtrees = false
}

/// The model types declare what is handled below them.
enum Declared: SubtreeDeclaration {
  static let declaresSubtrees = true
}
