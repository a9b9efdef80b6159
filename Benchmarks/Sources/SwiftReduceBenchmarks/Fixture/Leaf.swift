import SwiftReduce

/// The plain leaf: an `Int` and a `String`, like every model of the fixture.
final class Leaf: LeafModel {
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
