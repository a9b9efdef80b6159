import SwiftReduce

/// What a ticker does.
///
/// Every ticker receives every action, so each names the ticker it is for.
enum TickerAction: Action, Equatable {
  /// Starts the ticker's `"timer"`: a tick a second later, replacing the one in flight.
  case start(Int)
  /// Cancels the ticker's `"timer"`.
  case stop(Int)
  case tick(Int)
  /// The ticker dismisses itself.
  case close(Int)
  /// The ticker starts an effect that dismisses it a second later.
  case closeLater(Int)
  /// The ticker starts an effect that only sends `.tick`.
  case tickNow(Int)
}

extension TickerAction {
  /// What the ticker `id` with `ticks` does with `action`: the same rules for
  /// a class model (``Ticker``) and a value model (``Lap``).
  static func reduce(_ action: TickerAction, id: Int, ticks: inout Int) {
    switch action {
    case .start(id):
      Effect.run(id: "timer", cancelInFlight: true) { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(TickerAction.tick(id))
      }
    case .stop(id):
      Effect.cancel(id: "timer")
    case .tick(id):
      ticks += 1
    case .close(id):
      Effect.dismiss()
    case .closeLater(id):
      Effect.run { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send.dismiss()
      }
    case .tickNow(id):
      Effect.send(TickerAction.tick(id))
    default:
      break
    }
  }
}

/// A class model that ticks a second after it is started.
final class Ticker: Reducer {
  let id: Int
  var ticks = 0

  init(id: Int) {
    self.id = id
  }

  func reduce(action: TickerAction) {
    TickerAction.reduce(action, id: id, ticks: &ticks)
  }
}

/// What a ticker board does with its tickers.
enum BoardAction: Action, Equatable {
  case removeRow(at: Int)
  case moveLastRowFirst
  case replaceDetail
  case removeByName(String)
  /// The board's own `"timer"`: a tick of the board a second later.
  case startTimer
  case stopTimer
  case boardTick
  /// Cancels the `"timer"` of the row at a path, from the board's `reduce`.
  case stopRowTimer(TreePath)
}

/// Tickers held every way a model can be: rows of an array, by name in a
/// dictionary, in an optional, in a property that is not optional.
final class TickerBoard: Reducer {
  var rows: [Ticker]
  var byName: [String: Ticker]
  var detail: Ticker?
  var pinned: Ticker
  var boardTicks = 0

  init(
    rows: [Ticker] = [Ticker(id: 1), Ticker(id: 2)], byName: [String: Ticker] = [:],
    detail: Ticker? = nil, pinned: Ticker = Ticker(id: 99)
  ) {
    self.rows = rows
    self.byName = byName
    self.detail = detail
    self.pinned = pinned
  }

  func reduce(action: BoardAction) {
    switch action {
    case .removeRow(let position):
      rows.remove(at: position)
    case .moveLastRowFirst:
      rows.insert(rows.removeLast(), at: 0)
    case .replaceDetail:
      detail = Ticker(id: 50)
    case .removeByName(let name):
      byName[name] = nil
    case .startTimer:
      Effect.run(id: "timer") { send in
        try await Effect.clock.sleep(for: .seconds(1))
        send(BoardAction.boardTick)
      }
    case .stopTimer:
      Effect.cancel(id: "timer")
    case .boardTick:
      boardTicks += 1
    case .stopRowTimer(let path):
      Effect.cancel(id: "timer", in: path)
    }
  }
}

/// A value model that ticks a second after it is started, and can dismiss itself.
struct Lap: ValueReducer, Identifiable {
  let id: Int
  var ticks = 0

  mutating func reduce(action: TickerAction) {
    TickerAction.reduce(action, id: id, ticks: &ticks)
  }
}

/// What a lap board does with its laps.
enum LapBoardAction: Action, Equatable {
  case removeLap(String)
  case clearCurrent
}

/// Laps held as values: by name in a dictionary, and in an optional.
final class LapBoard: Reducer {
  var laps: [String: Lap] = ["a": Lap(id: 1), "b": Lap(id: 2)]
  var current: Lap? = Lap(id: 3)

  func reduce(action: LapBoardAction) {
    switch action {
    case .removeLap(let name):
      laps[name] = nil
    case .clearCurrent:
      current = nil
    }
  }
}

/// What a race does with its lanes.
enum RaceAction: Action, Equatable {
  /// The lane with this id lets go of its lap.
  case finish(Int)
  case removeLane(at: Int)
}

/// A value row that holds a lap while it runs.
struct Lane: ValueReducer, Identifiable {
  let id: Int
  var lap: Lap?

  mutating func reduce(action: RaceAction) {
    if case .finish(id) = action { lap = nil }
  }
}

/// Lanes as value rows of an array.
final class Race: Reducer {
  var lanes = [Lane(id: 1, lap: Lap(id: 11)), Lane(id: 2, lap: Lap(id: 12))]

  func reduce(action: RaceAction) {
    if case .removeLane(let position) = action { lanes.remove(at: position) }
  }
}
