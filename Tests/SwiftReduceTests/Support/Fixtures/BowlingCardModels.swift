import SwiftReduce

// A bowling card for the history's comparison of properties by their
// bytes: plain data of every width (a word, a byte, two bytes, a word aligned
// to four), a `Double` whose `==` is not its bits, and a string, with padding
// between some of them, and nothing else: a layout kept and compared in runs.

/// Where the pins stand: plain data of a word, aligned to four bytes.
struct Pins: Equatable {
  var standing: Int32
  var knocked: Int32
}

/// Changes a ``BowlingCard``.
enum BowlingAction: Action {
  /// A ball that knocks `knocked` pins down, in lane `lane`.
  case bowl(knocked: Int32, lane: Int16)
  /// The bowler's name and the average written again as the same values:
  /// the name in new storage, the average as `-0.0` where it was `0.0`.
  case rewrite
  case rename(String)
}

/// A frame of a bowling game.
final class BowlingCard: Reducer {
  var frame = 1
  var isStrike = false
  var lane: Int16 = 1
  var pins = Pins(standing: 10, knocked: 0)
  var average = 0.0
  var bowler = "Ada Lovelace, who bowls on Tuesdays"

  func reduce(action: BowlingAction) {
    switch action {
    case .bowl(let knocked, let lane):
      frame += 1
      isStrike = knocked == 10
      self.lane = lane
      pins = Pins(standing: 10 - knocked, knocked: knocked)
    case .rewrite:
      bowler = String(bowler.prefix(12)) + String(bowler.dropFirst(12))
      average = -average
    case .rename(let name):
      bowler = name
    }
  }
}
