import SwiftReduceTextUI

/// The board: a title, then one line per counter.
struct BoardView: View {
  let board: Board

  var body: some View {
    VStack {
      Text("Counters")
      if board.counters.isEmpty {
        Text("No counters yet. Type add to make one.")
      }
      ForEach(board.counters, id: \.number) { counter in
        CounterView(counter: counter)
      }
    }
  }
}
