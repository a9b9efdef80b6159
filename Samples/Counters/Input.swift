import SwiftReduce

/// What a typed line asks for: actions to dispatch, words to show, or the end.
enum Input {
  /// Dispatch this action, then show the board.
  case dispatch(any Action)
  /// Show this text; nothing changes.
  case say(String)
  /// Show the board as it is.
  case show
  /// Leave the program.
  case quit

  static let help = """
    Commands:
      add           add a counter at 0
      inc N         add counter N's step to it
      dec N         take counter N's step from it
      set N V       set counter N to V
      step N S      make inc and dec change counter N by S (1 or more)
      goal N V      give counter N the goal V
      goal N off    take counter N's goal away
      remove N      remove counter N
      show          show the counters
      help          show these commands
      quit          leave
    """

  /// Reads `line`, checking what it names against the counters on `board`.
  init(_ line: String, board: Board) {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let command = words.first?.lowercased() else {
      self = .say("Type help for commands, quit to leave.")
      return
    }
    let arguments = Array(words.dropFirst())
    switch (command, arguments.count) {
    case ("add", 0): self = .dispatch(BoardAction.add)
    case ("show", 0): self = .show
    case ("help", 0): self = .say(Self.help)
    case ("quit", 0): self = .quit
    case ("inc", 1), ("dec", 1), ("remove", 1), ("set", 2), ("step", 2), ("goal", 2):
      self = Self.counterCommand(command, arguments, board: board)
    case ("add", _), ("show", _), ("help", _), ("quit", _):
      self = .say("\(command) takes nothing after it.")
    case ("inc", _), ("dec", _), ("remove", _):
      self = .say("Type \(command) and a counter's number, such as \(command) 1.")
    case ("set", _), ("step", _), ("goal", _):
      self = .say("Type \(command) N V, such as \(command) 1 5.")
    default:
      self = .say("There is no command \(words[0]). Type help for commands.")
    }
  }

  /// Reads a command that names a counter: `inc N`, `set N V`, and so on.
  private static func counterCommand(
    _ command: String, _ arguments: [String], board: Board
  ) -> Input {
    guard let number = Int(arguments[0]) else {
      return .say("\(arguments[0]) is not a counter's number: type a whole number, such as 1.")
    }
    guard board.counter(numbered: number) != nil else {
      return .say("There is no counter #\(number). Type add to make one.")
    }
    if command == "goal" && arguments[1].lowercased() == "off" {
      return .dispatch(CounterAction.clearGoal(counter: number))
    }
    var value = 0
    if arguments.count == 2 {
      guard let parsed = Int(arguments[1]) else {
        return .say(
          "\(arguments[1]) is not a whole number from \(Int.min) to \(Int.max).")
      }
      value = parsed
    }
    switch command {
    case "inc": return .dispatch(CounterAction.increment(counter: number))
    case "dec": return .dispatch(CounterAction.decrement(counter: number))
    case "remove": return .dispatch(BoardAction.remove(number))
    case "set": return .dispatch(CounterAction.set(counter: number, to: value))
    case "goal": return .dispatch(CounterAction.goal(counter: number, target: value))
    default:
      guard value >= 1 else { return .say("A step is 1 or more.") }
      return .dispatch(CounterAction.step(counter: number, size: value))
    }
  }
}
