import SwiftReduce

// One action handled at two levels of the tree, so a test can see whether a
// listener ran after the whole traversal. No `Person` model handles `Tick`.

enum Tick: Action {
  case tick
}

final class Pendulum: Reducer {
  var swings = 0

  func reduce(action: Tick) {
    swings += 1
  }
}

final class Clock: Reducer {
  var ticks = 0
  var pendulum = Pendulum()

  func reduce(action: Tick) {
    ticks += 1
  }
}
