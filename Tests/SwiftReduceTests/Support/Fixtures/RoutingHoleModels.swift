import SwiftReduce

// Fixtures for the shapes that once crashed the walk or lost models: arrays of
// class-bound existentials, structs that conform to `Collection`, actors,
// optional action parameters, and models removed during a dispatch.

/// A second class-bound protocol, for a two-protocol composition (a 24-byte existential).
protocol Labelled: AnyObject {}
extension Tracked: Labelled {}

/// A model holding arrays whose elements are class-bound existentials, 16 or 24 bytes each.
final class ExistentialArrays: Reducer {
  var reducers: [any Reducer] = []
  var contiguous: ContiguousArray<any Reducer> = []
  var optionals: [(any Describable)?] = []
  var compositions: [any Describable & Labelled] = []
  var anyObjects: [AnyObject?] = []
}

/// A struct that is a collection of numbers, and also stores models.
struct Scoreboard: Collection {
  var scores: [Int] = [1, 2, 3]
  var referee: Tracked?
  var players: [Tracked] = []

  var startIndex: Int { scores.startIndex }
  var endIndex: Int { scores.endIndex }
  subscript(position: Int) -> Int { scores[position] }
  func index(after index: Int) -> Int { scores.index(after: index) }
}

/// A struct that is a collection of some of its models, and stores one more.
struct Crew: Collection {
  var members: [Tracked] = []
  var captain: Tracked?

  var startIndex: Int { members.startIndex }
  var endIndex: Int { members.endIndex }
  subscript(position: Int) -> Tracked { members[position] }
  func index(after index: Int) -> Int { members.index(after: index) }
}

/// An enum that is a collection of numbers, with a model in its payload.
enum Countdown: Collection {
  case idle
  case running(from: Int, watcher: Tracked)

  var startIndex: Int { 0 }
  var endIndex: Int {
    if case let .running(from, _) = self { return from }
    return 0
  }
  subscript(position: Int) -> Int { endIndex - position }
  func index(after index: Int) -> Int { index + 1 }
}

/// A model holding collections that are not the standard library's.
final class League: Reducer {
  var scoreboard = Scoreboard()
  var crew = Crew()
  var countdown = Countdown.idle
}

/// A struct whose custom mirror hides its model and invents another: routing ignores both.
struct Disguise: CustomReflectable {
  var hidden: Tracked?
  var decoy: Tracked?

  var customMirror: Mirror {
    Mirror(self, children: ["shown": decoy as Any])
  }
}

/// A model holding a value with a custom mirror.
final class Masquerade: Reducer {
  var disguise = Disguise()
}

/// An actor that is a model: its `reduce` is nonisolated, but its state is the actor's.
///
/// It logs to a log of its own, which its model logs to as well, so a test
/// can see whether either was reduced.
actor Vault: Reducer {
  nonisolated(unsafe) let log = ReductionLog()
  var inside: Tracked

  init(_ name: String) {
    inside = Tracked(name, log)
  }

  nonisolated func reduce(action: Knock) {
    log.record("vault")
  }
}

/// A model holding an actor, directly and behind an existential.
final class Bank: Reducer {
  var vault: Vault?
  var anyVault: (any Reducer)?
  var vaults: [Vault] = []
}

/// A model whose `reduce(action:)` takes an optional action.
final class MaybeKnocked: Reducer {
  let log: ReductionLog

  init(_ log: ReductionLog) {
    self.log = log
  }

  func reduce(action: Knock?) {
    log.record(action == nil ? "nil" : "knock")
  }
}

/// A model that, when knocked, removes its parent's other children: its siblings.
final class Evictor: Reducer {
  let log: ReductionLog
  weak var parent: Household?

  init(_ log: ReductionLog) {
    self.log = log
  }

  func reduce(action: Knock) {
    log.record("evictor")
    parent?.members = []
    parent?.lodger = nil
  }
}

/// A model whose children are an evictor, an array of members and one lodger.
final class Household: Reducer {
  var evictor: Evictor
  var members: [Tracked]
  var lodger: Tracked?

  init(evictor: Evictor, members: [Tracked], lodger: Tracked?) {
    self.evictor = evictor
    self.members = members
    self.lodger = lodger
    evictor.parent = self
  }
}

/// A model that holds more of its own kind by name; planned only by the test of recursive plans.
final class Burrow: Reducer {
  let name: String
  let log: ReductionLog
  var tunnels: [String: Burrow] = [:]
  var side: [Burrow] = []

  init(_ name: String, _ log: ReductionLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: Knock) {
    log.record(name)
  }
}
