import SwiftReduce

/// A leaf that also holds 1,000 strings and a 1,000-entry dictionary of plain data.
///
/// Every heavy leaf owns its own buffers, so a traversal cannot skip the data
/// by recognising a buffer it has already seen.
final class HeavyLeaf: LeafModel {
  var value = 0
  var title: String
  var words: [String]
  var index: [String: Int]

  init(title: String, number: Int) {
    self.title = title
    self.words = (0..<1_000).map { "w\(number).\($0)" }
    self.index = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ("k\(number).\($0)", $0) })
  }

  func reduce(action: LeafAction) {
    switch action {
    case .bump: value += 1
    }
  }
}
