import Foundation
import SwiftReduce
import SwiftReducePersistence
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
    session(Store(Board()), interactive: interactive)
  }

  /// Runs as ``run(interactive:)`` does, keeping the board in `file`.
  ///
  /// The board is loaded when it starts and saved after every change.
  ///
  /// - Parameters:
  ///   - interactive: Whether a person types at a terminal.
  ///   - file: The path of the file that keeps the board.
  /// - Returns: The exit status: 1 when the file cannot be loaded, which
  ///   is then left as it is; 0 otherwise.
  static func run(interactive: Bool, file: String) -> Int32 {
    let store = Store(Board())
    let persistence: Persistence<Board>
    do {
      persistence = try Persistence.attach(store, file: URL(fileURLWithPath: file))
    } catch {
      writeError("Counters: \(error)\n")
      return 1
    }
    for note in persistence.notes { write(note + "\n") }
    session(store, interactive: interactive) {
      if let error = persistence.saveError { write("\(error)\n\n") }
    }
    persistence.detach()
    return 0
  }

  /// Reads commands until `quit` or the end of the input, calling `changed`
  /// after each board it shows for a change.
  private static func session(
    _ store: Store<Board>, interactive: Bool, changed: () -> Void = {}
  ) {
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
        changed()
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

  /// Writes `text` to the standard error at once.
  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Writes to the standard output at once, so that the prompt shows before input.
  private static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
