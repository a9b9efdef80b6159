import SwiftReduce

// Models for the history's copies of whole words: a scoreboard whose plain
// words change alone or beside properties that are not decided by their bits,
// with strings of every kind between them; and two models whose properties are
// copied one by one, one too wide for a run of words, one aligned past a word.

/// The score of a game: plain data of two whole words.
struct MatchScore: Equatable {
  var home: Int
  var away: Int
}

/// Changes a ``MatchBoard``.
enum MatchAction: Action {
  /// A goal for the home side: only plain words change.
  case goal
  /// The next period: a byte that shares its word, and the clock, change too.
  case nextPeriod
  /// A new title, in storage of its own.
  case retitle(String)
}

/// A scoreboard: whole words, a byte, a `Double` and strings of every kind.
final class MatchBoard: Reducer {
  var goals = 0
  /// Made at run time and too long to be small: reference-counted storage.
  var title = String(repeating: "Winter league final, ", count: 3)
  var score = MatchScore(home: 0, away: 0)
  var period: UInt8 = 1
  var isOvertime = false
  var clock = 20.0
  /// Small: its UTF-8 is in the string itself.
  var venue = "Hall " + String(4)
  /// A literal too long to be small: immortal, in the binary.
  var sponsor = "Brought to you by the league"

  func reduce(action: MatchAction) {
    switch action {
    case .goal:
      goals += 1
      score.home += 1
    case .nextPeriod:
      goals += 1
      period += 1
      clock = 20.0 * Double(period)
    case .retitle(let title):
      self.title = title
    }
  }
}

/// Eight words of plain data.
struct EightWords {
  var values: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
}

/// Changes a ``YearBook`` or a ``Weathervane``.
enum InstrumentAction: Action {
  case post(Int)
  case turn
}

/// Seventy-two words of plain data: too wide for one run of words.
final class YearBook: Reducer {
  var january = EightWords()
  var february = EightWords()
  var march = EightWords()
  var april = EightWords()
  var may = EightWords()
  var june = EightWords()
  var july = EightWords()
  var august = EightWords()
  var september = EightWords()

  func reduce(action: InstrumentAction) {
    if case .post(let amount) = action { september.values.0 += amount }
  }
}

/// A vector aligned to sixteen bytes, past a word.
final class Weathervane: Reducer {
  var heading = SIMD4<Float>(0, 0, 1, 0)
  var turns = 0

  func reduce(action: InstrumentAction) {
    if case .turn = action {
      heading = SIMD4(heading.y, heading.z, heading.w, heading.x)
      turns += 1
    }
  }
}

/// A match day of many boards: more models than a recorder first has room for.
final class MatchDay: Reducer {
  var boards: [MatchBoard]

  init(count: Int) {
    boards = (0..<count).map { index in
      let board = MatchBoard()
      // Every other board's title small, so kept without retaining.
      if index.isMultiple(of: 2) { board.title = "Board \(index)" }
      return board
    }
  }

  func reduce(action: MatchAction) {}
}

/// A scoreboard's lamps: two flags, whose copies need no alignment but a word's.
final class ScoreLamp: Reducer {
  var home = false
  var away = false

  func reduce(action: MatchAction) {
    if case .goal = action { home.toggle() }
  }
}

/// A stadium: its stands' names, copied by their type, and a flag last, so that its copy
/// ends off a word and its lamps' copies, kept next, would start there.
final class Stadium: Reducer {
  var stands = ["North", "South"]
  var lamps = [ScoreLamp(), ScoreLamp()]
  var isOpen = true

  func reduce(action: MatchAction) {}
}
