import SwiftReduce

/// A flat list of `Identifiable` rows, the tree a targeted dispatch sends to one row of.
final class RowList: Reducer {
  var rows: [Row]

  init(count: Int) {
    rows = (0..<count).map { Row(id: $0) }
  }
}

/// One row: it counts the ``LeafAction``s it reduced.
final class Row: Reducer, Identifiable {
  let id: Int
  var value = 0

  init(id: Int) {
    self.id = id
  }

  func reduce(action: LeafAction) {
    value += 1
  }
}
