import SwiftReduce

/// The plain leaf as a value model: an `Int` and a `String`, reduced in its group's array.
struct ValueLeaf: ValueReducer {
  var value = 0
  var title: String

  mutating func reduce(action: LeafAction) {
    switch action {
    case .bump: value += 1
    }
  }
}
