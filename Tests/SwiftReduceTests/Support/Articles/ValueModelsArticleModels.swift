import SwiftReduce

// The players, squads and pitches of the *Value Models* article: value models at every place
// they are reduced, and a locker of places where they are not.

/// What the article's examples print, recorded by ``print(_:)``.
enum ValueModelsArticle {
  /// Written only by the article's tests, on the main actor.
  nonisolated(unsafe) static var output: [String] = []

  static func print(_ items: Any...) {
    output.append(items.map { "\($0)" }.joined(separator: " "))
  }
}

struct Whistle: Action {}

/// A value model that prints its name when it reduces, holding substitutes of its kind.
struct Player: ValueReducer, Hashable {
  let name: String
  var whistles = 0
  var substitutes: [Player] = []

  mutating func reduce(action: Whistle) {
    whistles += 1
    ValueModelsArticle.print(name)
  }
}

/// A class model that prints its name when it reduces.
final class Coach: Reducer {
  let name: String

  init(_ name: String) {
    self.name = name
  }

  func reduce(action: Whistle) {
    ValueModelsArticle.print(name)
  }
}

/// A value model that only holds: a class model and a value model.
struct Squad: ValueReducer {
  var coach = Coach("squad.coach")
  var captain = Player(name: "squad.captain")
}

/// Value models at every place they are reduced.
final class Pitch: Reducer {
  var striker = Player(name: "striker", substitutes: [Player(name: "striker.substitutes[0]")])
  var defenders = ContiguousArray([Player(name: "defenders[0]")])
  var byNumber = [9: Player(name: "byNumber[9]")]
  var keeper: Player? = Player(name: "keeper")
  var wings = (Player(name: "wings.0"), Player(name: "wings.1"))
  var squad = Squad()
}

/// An enum other than `Optional`, whose payload cannot be changed in place.
enum Shift {
  case on(Player)
  case off
}

/// Value models where they are not reduced.
final class Locker: Reducer {
  let reserve = Player(name: "reserve")
  let bench = Squad(coach: Coach("bench.coach"), captain: Player(name: "bench.captain"))
  var retired: Set = [Player(name: "retired")]
  var shift = Shift.on(Player(name: "shift"))
  var boxed: Any = Player(name: "boxed")
  var computed: Player { Player(name: "computed") }
}
