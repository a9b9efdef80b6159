import SwiftReduce

// A regatta for the history's runs of models that change the same words: every
// boat counts a stroke on each action, and a late boat also takes a penalty,
// so its change is of other words and the run of boats before it ends there.

/// Changes every ``Scull`` of a ``Regatta``.
enum RegattaAction: Action {
  /// A stroke for every boat; a penalty too for each late one.
  case stroke
}

/// A boat: its strokes, its penalties, whether it is late, and its name.
final class Scull: Reducer {
  var strokes = 0
  var penalties = 0
  let isLate: Bool
  var name: String

  init(name: String, isLate: Bool = false) {
    self.name = name
    self.isLate = isLate
  }

  func reduce(action: RegattaAction) {
    strokes += 1
    if isLate { penalties += 1 }
  }
}

/// The boats of a race, in their lanes.
final class Regatta: Reducer {
  var boats: [Scull]

  init(boats: [Scull]) {
    self.boats = boats
  }
}
