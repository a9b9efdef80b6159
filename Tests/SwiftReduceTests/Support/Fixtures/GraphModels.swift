import SwiftReduce

// Fixtures for graphs that are not trees: shared instances, back-pointers,
// cycles, and trees that change while an action is being routed.

/// A model linked to others through strong, weak and unowned references.
final class GraphNode: Reducer {
  let name: String
  let log: ReductionLog
  weak var parent: GraphNode?
  var next: GraphNode?
  var children: [GraphNode] = []

  init(_ name: String, _ log: ReductionLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: Knock) {
    log.record(name)
  }
}

/// A model pointing back at its owner through an `unowned` reference.
final class Owned: Reducer {
  let name: String
  let log: ReductionLog
  unowned let owner: Owner

  init(_ name: String, owner: Owner) {
    self.name = name
    self.log = owner.log
    self.owner = owner
  }

  func reduce(action: Knock) {
    log.record(name)
  }
}

/// The owner of ``Owned`` models.
final class Owner: Reducer {
  let log: ReductionLog
  var owned: [Owned] = []

  init(_ log: ReductionLog) {
    self.log = log
  }

  func reduce(action: Knock) {
    log.record("owner")
  }
}

/// Changes to a ``Team``'s members.
enum Roster: Action {
  case add(String)
  case remove(String)
}

/// A model whose `reduce` adds and removes the models below it.
final class Team: Reducer {
  let log: ReductionLog
  var members: [Member]

  init(_ log: ReductionLog, members: [String]) {
    self.log = log
    self.members = members.map { Member($0, log) }
  }

  func reduce(action: Roster) {
    log.record("team")
    switch action {
    case let .add(name): members.append(Member(name, log))
    case let .remove(name): members.removeAll { $0.name == name }
    }
  }
}

/// A member of a ``Team``, recording every roster change it sees.
final class Member: Reducer {
  let name: String
  let log: ReductionLog

  init(_ name: String, _ log: ReductionLog) {
    self.name = name
    self.log = log
  }

  func reduce(action: Roster) {
    log.record(name)
  }
}

/// A model with a lazy child whose creation is recorded.
final class LazyHolder: Reducer {
  let log: ReductionLog

  lazy var child: Tracked = {
    log.record("created")
    return Tracked("lazy child", log)
  }()

  init(_ log: ReductionLog) {
    self.log = log
  }
}

/// A model that hides some of its models from routing.
final class Library: Reducer {
  var shelf: Tracked
  @Untraversed var archive: [Tracked]

  init(shelf: Tracked, archive: [Tracked]) {
    self.shelf = shelf
    self.archive = archive
  }
}

/// One link of a long chain of models, counting the `Knock`s it received.
final class ChainLink: Reducer {
  var next: ChainLink?
  var received = 0

  func reduce(action: Knock) {
    received += 1
  }
}

/// A model holding many counting models in one array.
final class Crowd: Reducer {
  var members: [ChainLink]

  init(count: Int) {
    members = (0..<count).map { _ in ChainLink() }
  }
}

/// A class-bound protocol, for `weak` existential back-pointers.
protocol Neighbour: AnyObject {}
extension GraphNode: Neighbour {}

/// A struct holding a weak reference, stored inline in a model.
struct WeakLink {
  weak var target: GraphNode?
}

/// A model with every kind of non-strong reference the traversal must load.
final class BackPointers: Reducer {
  let log: ReductionLog
  unowned(unsafe) var unmanaged: GraphNode
  unowned var optionalUnowned: GraphNode?
  weak var neighbour: (any Neighbour)?
  var link = WeakLink()

  init(_ log: ReductionLog, unmanaged: GraphNode) {
    self.log = log
    self.unmanaged = unmanaged
  }

  func reduce(action: Knock) {
    log.record("back pointers")
  }
}
