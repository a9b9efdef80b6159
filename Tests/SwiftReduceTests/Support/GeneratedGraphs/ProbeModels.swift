import SwiftReduce

// The model classes of the differential test. Their stored properties cover
// the declared types a traversal must see through or must not enter: optionals
// (nested), arrays, dictionaries (model keys too), sets, tuples, structs,
// enums with payloads (indirect too), `Any`, `any AnyObject`, a class-bound
// protocol existential, a non-final class and its subclass, a non-model class
// with a model subclass, a non-model class holding models, weak and unowned
// back pointers, a lazy property and an `@Untraversed` one.

/// A model that can drop its links, so that a graph with cycles is freed after a test.
protocol Unlinkable: AnyObject {
  func unlink()
}

/// A class-bound protocol used as an existential field type.
protocol Thing: AnyObject {}

// MARK: - Value types

/// A struct holding models among plain data.
struct Wrapper {
  var node: Node?
  var words: [String]
  var number: Int
  var tags: [Tag]
}

/// A linked list of models through an indirect enum.
indirect enum Chain {
  case end
  case link(Node, Chain)
}

/// An enum whose cases carry models in different shapes.
enum Slot {
  case empty
  case one(Node)
  case two(Tag, Node?)
}

// MARK: - Models

/// A non-final model handling the whole ``Probe`` family; ``Branch`` subclasses it.
class Node: Reducer, Unlinkable, Thing {
  let id: Int
  let log: ProbeLog
  var label: String
  var next: Node?
  var children: [Node] = []
  weak var parent: Node?

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
    self.label = "node \(id)"
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }

  func unlink() {
    next = nil
    children = []
    parent = nil
  }
}

/// A subclass adding fields of its own after the inherited ones.
final class Branch: Node {
  var byName: [String: Node] = [:]
  var pair: (Int, Node?) = (0, nil)
  var chain: Chain = .end
  var slot: Slot = .empty

  override func unlink() {
    super.unlink()
    byName = [:]
    pair = (0, nil)
    chain = .end
    slot = .empty
  }
}

/// A hashable model, for sets and dictionary keys; handles ``Ping`` only.
final class Tag: Reducer, Hashable, Unlinkable {
  let id: Int
  let log: ProbeLog
  var payload: Node?

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: Ping) {
    log.entries.append(.reduced(id))
  }

  func unlink() {
    payload = nil
  }

  static func == (lhs: Tag, rhs: Tag) -> Bool {
    lhs.id == rhs.id
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }
}

/// A container model (no `reduce`) with collection and existential fields.
final class Bag: Reducer, Unlinkable {
  let id: Int
  var tags: Set<Tag> = []
  var tagCounts: [Tag: Int] = [:]
  var anything: Any = 0
  var object: (any AnyObject)?
  var items: [Any] = []
  var thing: (any Thing)?
  var table: [Int: [Node?]] = [:]

  init(id: Int) {
    self.id = id
  }

  func unlink() {
    tags = []
    tagCounts = [:]
    anything = 0
    object = nil
    items = []
    thing = nil
    table = [:]
  }
}

/// A model handling only ``Unheard``, holding models inside a struct and a nested optional.
final class Mute: Reducer, Unlinkable {
  let id: Int
  let log: ProbeLog
  var wrapper = Wrapper(node: nil, words: [], number: 0, tags: [])
  var nested: Node?? = .none

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: Unheard) {
    log.entries.append(.reduced(id))
  }

  func unlink() {
    wrapper = Wrapper(node: nil, words: [], number: 0, tags: [])
    nested = .none
  }
}

/// A model handling ``Pong`` with the fields a traversal must not enter or create.
final class Keeper: Reducer, Unlinkable {
  let id: Int
  let log: ProbeLog
  unowned let owner: Hub
  @Untraversed var hidden: Node?
  var cabinet: Cabinet?
  var shelf: Shelf?
  lazy var memo: Node = makeMemo()

  init(id: Int, log: ProbeLog, owner: Hub) {
    self.id = id
    self.log = log
    self.owner = owner
    self.hidden = nil
  }

  func reduce(action: Pong) {
    log.entries.append(.reduced(id))
  }

  /// The id of a model made to be held only by ``hidden``.
  static func hiddenID(of keeperID: Int) -> Int {
    40_000 + keeperID
  }

  /// The id of the model ``memo`` makes.
  static func memoID(of keeperID: Int) -> Int {
    20_000 + keeperID
  }

  private func makeMemo() -> Node {
    log.entries.append(.createdLazily(Self.memoID(of: id)))
    return Node(id: Self.memoID(of: id), log: log)
  }

  func unlink() {
    hidden = nil
    cabinet = nil
    shelf = nil
  }
}

/// A model that adds a child while reducing: the child must receive the same action.
final class Grower: Reducer, Unlinkable {
  let id: Int
  let log: ProbeLog
  var spawned: Node?

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  /// The id of the model a grower adds.
  static func spawnID(of growerID: Int) -> Int {
    30_000 + growerID
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
    if spawned == nil { spawned = Node(id: Self.spawnID(of: id), log: log) }
  }

  func unlink() {
    spawned = nil
  }
}

/// The root of every graph; handles ``Ping``.
final class Hub: Reducer, Unlinkable {
  let id = 0
  let log: ProbeLog
  var entry: Node?
  var bags: [Bag] = []
  var keeper: Keeper?
  var grower: Grower?
  var mute: Mute?
  var deep: Node??? = .none
  var branch: (label: String, Branch?) = ("", nil)
  var crates: [Crate] = []

  init(log: ProbeLog) {
    self.log = log
  }

  func reduce(action: Ping) {
    log.entries.append(.reduced(id))
  }

  func unlink() {
    entry = nil
    bags = []
    keeper = nil
    grower = nil
    mute = nil
    deep = .none
    branch = ("", nil)
    crates = []
  }
}

// MARK: - Classes that are not models

/// A plain class holding models: opaque, never entered, so its models are reached only elsewhere.
final class Cabinet: Unlinkable, Thing, Marked {
  var node: Node?
  var tag: Tag?

  func unlink() {
    node = nil
    tag = nil
  }
}

/// A non-final plain class; ``SneakyShelf`` makes a model of it.
class Shelf: Unlinkable {
  var node: Node?

  func unlink() {
    node = nil
  }
}

/// A model whose superclass is not one: a field declared `Shelf?` can hold a model.
final class SneakyShelf: Shelf, Reducer {
  let id: Int
  let log: ProbeLog
  var extra: Node?

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }

  override func unlink() {
    super.unlink()
    extra = nil
  }
}
