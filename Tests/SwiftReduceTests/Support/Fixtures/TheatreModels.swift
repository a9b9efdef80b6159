import Observation
import SwiftReduce

// A theatre of nested holders for Observation through depth: `@Observable`
// and plain class models, stacked two and three deep, over a value model
// (``ValueCounter``) that reduces in place, past every holder's setters.

/// An `@Observable` stage holding the value model.
@Observable
final class ObservedStage: Reducer {
  var counter = ValueCounter()
  var title = "Main stage"
}

/// An `@Observable` hall holding an `@Observable` stage.
@Observable
final class ObservedHall: Reducer {
  var stage = ObservedStage()
  var name = "Hall"
}

/// An `@Observable` wing holding an `@Observable` hall: three levels above the counter.
@Observable
final class ObservedWing: Reducer {
  var hall = ObservedHall()
}

/// A plain stage holding the value model.
final class PlainStage: Reducer {
  var counter = ValueCounter()
}

/// An `@Observable` hall holding a plain stage.
@Observable
final class ObservedHallOfPlainStage: Reducer {
  var stage = PlainStage()
}

/// A plain hall holding an `@Observable` stage.
final class PlainHall: Reducer {
  var stage = ObservedStage()
}

/// An `@Observable` wing holding a plain hall that holds an `@Observable` stage.
@Observable
final class ObservedWingOfPlainHall: Reducer {
  var hall = PlainHall()
}

/// The root of the theatre: one of each stack.
final class Theatre: Reducer {
  var hall = ObservedHall()
  var wing = ObservedWing()
  var mixedHall = ObservedHallOfPlainStage()
  var plainHall = PlainHall()
  var mixedWing = ObservedWingOfPlainHall()

  func reduce(action: TheatreLights) {}
}

/// An action only the theatre's root takes: nothing below it changes.
enum TheatreLights: Action {
  case dim
}
