import SwiftReduce

// Fixtures for value models: structs that reduce in place. Like `Tracked`,
// each records its name in a shared `ReductionLog` when it reduces.

/// A value model that counts `Knock`s and holds value and class models.
struct ValueTally: ValueReducer {
  var name: String
  let log: ReductionLog
  var count = 0
  var children: [ValueTally] = []
  var tracked: Tracked?

  init(_ name: String, _ log: ReductionLog, children: [ValueTally] = [], tracked: Tracked? = nil) {
    self.name = name
    self.log = log
    self.children = children
    self.tracked = tracked
  }

  mutating func reduce(action: Knock) {
    count += 1
    log.record(name)
  }
}

/// A class model holding value models in every place they are reduced in.
final class TallyHolder: Reducer {
  let name: String
  let log: ReductionLog
  var single: ValueTally
  var array: [ValueTally] = []
  var contiguous: ContiguousArray<ValueTally> = []
  var byKey: [String: ValueTally] = [:]
  var optional: ValueTally?
  var pair: (Int, ValueTally)?
  var wrapper = TallyWrapper()

  init(_ name: String, _ log: ReductionLog) {
    self.name = name
    self.log = log
    self.single = ValueTally("single", log)
  }

  func reduce(action: Knock) {
    log.record(name)
  }
}

/// A plain struct, not a model, that holds a value model.
struct TallyWrapper {
  var inner: ValueTally?
}

/// Value models where they cannot be changed in place.
final class Frozen: Reducer {
  let fixed: ValueTally
  var set: Set<Mark> = []
  var route: MarkRoute = .none
  var anything: Any = 0

  init(_ log: ReductionLog) {
    fixed = ValueTally("fixed", log, tracked: Tracked("under-fixed", log))
  }
}

/// A hashable value model, for sets.
struct Mark: ValueReducer, Hashable {
  var count = 0

  mutating func reduce(action: Knock) {
    count += 1
  }
}

/// An enum with a value model in its payload.
enum MarkRoute {
  case none
  case leg(Mark)
}

/// A family of actions for value models.
protocol CountingAction: Action {}

enum CounterStep: CountingAction {
  case up
  case set(Int)
}

struct Reset: CountingAction {}

/// A value model that takes a family of actions, as the README's counters do.
struct ValueCounter: ValueReducer, Equatable {
  var count = 0

  mutating func reduce(action: any CountingAction) {
    switch action {
    case CounterStep.up: count += 1
    case let CounterStep.set(value): count = value
    default: count = 0
    }
  }
}

/// The root of the binding, subscription and observation examples.
final class CounterBoard: Reducer {
  var counter = ValueCounter()
  var counters = [ValueCounter(), ValueCounter(count: 5)]
}

/// A recursive value model: a tree of structs.
struct TallyNode: ValueReducer {
  var name: String
  let log: ReductionLog
  var children: [TallyNode] = []

  mutating func reduce(action: Knock) {
    log.record(name)
  }
}

/// A class model holding a tree of value models.
final class Forest: Reducer {
  var trees: [TallyNode]

  init(_ trees: [TallyNode]) {
    self.trees = trees
  }
}
