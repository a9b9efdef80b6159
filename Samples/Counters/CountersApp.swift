import Foundation
import SwiftReduce
import SwiftReduceTextUI

/// The Counters program: reads commands line by line and shows the board after each change.
@MainActor
enum CountersApp {
  /// The width the board is drawn at.
  static let width = 80

  /// Runs until `quit` or the end of the input.
  ///
  /// - Parameter interactive: Whether a person types at a terminal: the
  ///   prompt then waits on the line; otherwise each line read is shown after it.
  static func run(interactive: Bool) {
    let store = Store(Board())
    show(store.root)
    write("Type help for commands, quit to leave.\n")
    while true {
      write("> ")
      guard let line = readLine() else {
        write("\n")
        return
      }
      if !interactive { write(visible(line) + "\n") }
      switch Input(line, board: store.root) {
      case .dispatch(let action):
        store.dispatch(action)
        show(store.root)
      case .show:
        show(store.root)
      case .say(let text):
        write(visible(text) + "\n\n")
      case .quit:
        return
      }
    }
  }

  private static func show(_ board: Board) {
    write(BoardView(board: board).render(width: width) + "\n\n")
  }

  /// The text with control characters but line feeds shown as `�`, so that
  /// typed input repeated back can never change the terminal.
  private static func visible(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map {
          $0 != "\n" && $0.properties.generalCategory == .control ? "\u{FFFD}" : $0
        }))
  }

  /// Writes to the standard output at once, so that the prompt shows before input.
  private static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
