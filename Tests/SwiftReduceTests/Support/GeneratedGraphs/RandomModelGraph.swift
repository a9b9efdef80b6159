import SwiftReduce
import SwiftReduceTestSupport

/// A graph of ``ProbeModels`` built at random from a seed, with sharing and cycles.
///
/// All instances are made first, then every field is filled with nothing, a
/// new value or an instance made earlier or later, so models are shared and
/// links run backwards and forwards. The same seed always builds the same
/// graph (set and dictionary order aside, which the Swift runtime seeds per
/// process; run with `SWIFT_DETERMINISTIC_HASHING=1` to pin it too).
@MainActor
final class RandomModelGraph {
  let seed: UInt64
  let log = ProbeLog()
  let hub: Hub
  /// Every instance made, models and plain classes; keeps the graph alive and frees it.
  private(set) var instances: [any Unlinkable] = []
  private(set) var growers: [Grower] = []
  /// The shape families this graph is built with.
  let families: Set<ShapeFamily>

  // Shared with the shape families' extension.
  var random: SplitMix64
  var nodes: [Node] = []
  var tags: [Tag] = []
  var shelves: [Shelf] = []
  var cabinets: [Cabinet] = []
  var models: [AnyObject] = []
  /// The actors made for the actor families; not ``Unlinkable``, and they hold only leaves.
  var actors: [AnyObject] = []
  /// How many ids each family has used for its leaves and other models.
  var familyIDCounts: [ShapeFamily: Int] = [:]
  private let hidesModels: Bool
  /// How deep value models are nested in each other below a crate's property.
  let valueModelDepth: Int

  /// Builds the graph of `seed`.
  ///
  /// - Parameters:
  ///   - seed: The seed of the random choices.
  ///   - hidesModels: Whether `@Untraversed` properties hold models (otherwise `nil`).
  ///   - families: The shape families to build besides the probe models.
  ///   - valueModelDepth: How deep the value model families nest value models in each other.
  init(
    seed: UInt64, hidesModels: Bool, families: some Sequence<ShapeFamily> = ShapeFamily.allCases,
    valueModelDepth: Int = 1
  ) {
    self.seed = seed
    self.valueModelDepth = valueModelDepth
    self.random = SplitMix64(seed: seed)
    self.hidesModels = hidesModels
    self.families = Set(families)
    hub = Hub(log: log)
    instances.append(hub)
    makeInstances()
    fillFields()
    log.entries = []
  }

  /// Puts the graph back as it was built: growers have not grown, the log is empty.
  ///
  /// Value models that grew stay grown: a walk of the reference changes only copies of them.
  func prepareForDispatch() {
    for grower in growers { grower.spawned = nil }
    for case let crate as ValueModelCrate in instances { crate.sprout = nil }
    log.entries = []
  }

  /// Drops every link so that cycles do not keep the graph alive.
  func unlink() {
    for instance in instances { instance.unlink() }
  }

  // MARK: - Making instances

  private func makeInstances() {
    let count = Int.random(in: 4...40, using: &random)
    var bags: [Bag] = []
    for id in 1...count {
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<5: add(Node(id: id, log: log))
      case 5..<8: add(Branch(id: id, log: log))
      case 8..<10: add(Tag(id: id, log: log))
      case 10..<12: bags.append(add(Bag(id: id)))
      case 12: add(Mute(id: id, log: log))
      case 13..<15: add(Keeper(id: id, log: log, owner: hub))
      case 15: growers.append(add(Grower(id: id, log: log)))
      case 16: add(SneakyShelf(id: id, log: log))
      case 17: add(Shelf())
      default: add(Cabinet())
      }
    }
    hub.bags = bags
    makeShapeInstances(firstID: count + 1)
  }

  @discardableResult
  func add<Instance: Unlinkable>(_ instance: Instance) -> Instance {
    instances.append(instance)
    if let node = instance as? Node { nodes.append(node) }
    if let tag = instance as? Tag { tags.append(tag) }
    if let shelf = instance as? Shelf { shelves.append(shelf) }
    if let cabinet = instance as? Cabinet { cabinets.append(cabinet) }
    if instance is any Reducer { models.append(instance) }
    return instance
  }

  // MARK: - Filling fields

  private func fillFields() {
    hub.entry = node()
    hub.keeper = pick(instances.compactMap { $0 as? Keeper })
    hub.grower = pick(growers)
    hub.mute = pick(instances.compactMap { $0 as? Mute })
    hub.deep = chance(2) ? .some(.some(node())) : .some(.none)
    hub.branch = ("branch", pick(nodes.compactMap { $0 as? Branch }))
    for instance in instances { fill(instance) }
  }

  private func fill(_ instance: any Unlinkable) {
    switch instance {
    case let branch as Branch:
      fillNode(branch)
      branch.byName = Dictionary(
        uniqueKeysWithValues: (0..<count()).compactMap { index in node().map { ("n\(index)", $0) } }
      )
      branch.pair = (Int.random(in: 0...9, using: &random), node())
      branch.chain = chain(length: count())
      branch.slot = slot()
    case let node as Node:
      fillNode(node)
    case let tag as Tag:
      tag.payload = node()
    case let bag as Bag:
      bag.tags = Set((0..<count()).compactMap { _ in tag() })
      bag.tagCounts = Dictionary(
        (0..<count()).compactMap { _ in tag().map { ($0, 1) } }, uniquingKeysWith: +)
      bag.anything = anything()
      bag.object = object()
      bag.items = (0..<count()).map { _ in anything() }
      bag.thing = chance(2) ? node() : pick(cabinets)
      bag.table = [1: (0..<count()).map { _ in node() }, 2: [node()]]
    case let mute as Mute:
      mute.wrapper = wrapper()
      mute.nested = chance(3) ? .none : .some(node())
    case let keeper as Keeper:
      if hidesModels {
        // Half the time a model held nowhere else, which only a traversal entering
        // `@Untraversed` storage can reach.
        keeper.hidden = chance(2) ? node() : Node(id: Keeper.hiddenID(of: keeper.id), log: log)
      }
      keeper.cabinet = pick(cabinets)
      keeper.shelf = pick(shelves)
      if chance(2) { _ = keeper.memo }
    case let sneaky as SneakyShelf:
      sneaky.node = node()
      sneaky.extra = node()
    case let shelf as Shelf:
      shelf.node = node()
    case let cabinet as Cabinet:
      cabinet.node = node()
      cabinet.tag = tag()
    case let crate as Crate:
      fillShapes(crate)
    default:
      break
    }
  }

  private func fillNode(_ node: Node) {
    node.next = self.node()
    node.children = (0..<count()).compactMap { _ in self.node() }
    node.parent = self.node()
  }

  // MARK: - Random values

  func chance(_ oneIn: Int) -> Bool {
    Int.random(in: 0..<oneIn, using: &random) == 0
  }

  func count() -> Int {
    Int.random(in: 0...3, using: &random)
  }

  func pick<Element>(_ elements: [Element]) -> Element? {
    guard !elements.isEmpty, !chance(4) else { return nil }
    return elements[Int.random(in: 0..<elements.count, using: &random)]
  }

  func node() -> Node? {
    pick(nodes)
  }

  func tag() -> Tag? {
    pick(tags)
  }

  private func object() -> (any AnyObject)? {
    pick(instances)
  }

  func chain(length: Int) -> Chain {
    var chain = Chain.end
    for _ in 0..<length {
      if let node = node() { chain = .link(node, chain) }
    }
    return chain
  }

  func slot() -> Slot {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: .empty
    case 1: node().map(Slot.one) ?? .empty
    default: tag().map { .two($0, node()) } ?? .empty
    }
  }

  private func wrapper() -> Wrapper {
    Wrapper(
      node: node(), words: ["a", "b"], number: count(),
      tags: (0..<count()).compactMap { _ in tag() })
  }

  /// A value for an `Any` field: a model, a plain class, or a value holding models.
  func anything() -> Any {
    switch Int.random(in: 0..<9, using: &random) {
    case 0: pick(models) as Any
    case 1: pick(cabinets) as Any
    case 2: wrapper()
    case 3: chain(length: count())
    case 4: (0..<count()).compactMap { _ in node() }
    case 5: (label: "pair", node: node())
    case 6: slot()
    case 7: pick(shelves) as Any
    default: Int.random(in: 0...99, using: &random)
    }
  }
}
