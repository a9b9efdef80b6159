import SwiftReduce

// The model classes of the shape families (see ``ShapeFamily``). Each family has one
// ``Crate`` subclass whose stored properties are that family's shapes; the random graphs
// fill them with ``Leaf`` models made for the family and with models shared with the rest
// of the graph.

/// A second class-bound protocol: `any Thing & Marked` is a 24-byte existential.
protocol Marked: AnyObject {}

/// A model with no properties, made for one shape family and held only in that family's shapes.
///
/// It is `Sendable` (all `let`s, and ``ProbeLog`` is unchecked `Sendable`), so actors can hold it.
final class Leaf: Reducer, Thing, Marked, Sendable {
  let id: Int
  let log: ProbeLog

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }
}

/// A hashable wrapper of a model existential, for sets and dictionary keys; equal by identity.
struct ModelKey: Hashable {
  let model: any Reducer

  static func == (lhs: ModelKey, rhs: ModelKey) -> Bool {
    lhs.model === rhs.model
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(model))
  }
}

/// The base of every family's model: handles the whole ``Probe`` family.
class Crate: Reducer, Unlinkable, Thing, Marked {
  let id: Int
  let log: ProbeLog

  required init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }

  func unlink() {}
}

// MARK: - Existential collections

/// ``ShapeFamily/existentialArrays``.
final class ExistentialArrayCrate: Crate {
  var models: [any Reducer] = []
  var objects: [any AnyObject] = []
  var things: [any Thing] = []
  var markedThings: [any Thing & Marked] = []
  var values: [Any] = []
  /// Arrays inside a tuple stored inline, and inside an array.
  var named: (name: String, models: [any Reducer]) = ("", [])
  var groups: [[any Thing & Marked]] = []

  override func unlink() {
    (models, objects, things, markedThings, values) = ([], [], [], [], [])
    (named, groups) = (("", []), [])
  }
}

/// ``ShapeFamily/optionalExistentialArrays``.
final class OptionalExistentialArrayCrate: Crate {
  var models: [(any Reducer)?] = []
  var objects: [(any AnyObject)?] = []
  var things: [(any Thing)?] = []
  var markedThings: [(any Thing & Marked)?] = []
  var values: [Any?] = []

  override func unlink() {
    (models, objects, things, markedThings, values) = ([], [], [], [], [])
  }
}

/// ``ShapeFamily/contiguousExistentialArrays``.
final class ContiguousExistentialArrayCrate: Crate {
  var models: ContiguousArray<any Reducer> = []
  var optionalModels: ContiguousArray<(any Reducer)?> = []
  var objects: ContiguousArray<any AnyObject> = []
  var things: ContiguousArray<(any Thing)?> = []
  var markedThings: ContiguousArray<any Thing & Marked> = []
  var optionalMarkedThings: ContiguousArray<(any Thing & Marked)?> = []
  var values: ContiguousArray<Any> = []

  override func unlink() {
    (models, optionalModels, objects, things) = ([], [], [], [])
    (markedThings, optionalMarkedThings, values) = ([], [], [])
  }
}

/// ``ShapeFamily/existentialSlicesAndViews``.
final class ExistentialViewCrate: Crate {
  var slice: ArraySlice<any Thing> = []
  var optionalSlice: ArraySlice<(any Thing & Marked)?> = []
  var keys: Dictionary<ModelKey, Int>.Keys = [:].keys
  var values: Dictionary<Int, any Reducer>.Values = [:].values

  override func unlink() {
    (slice, optionalSlice, keys, values) = ([], [], [:].keys, [:].values)
  }
}

/// ``ShapeFamily/existentialDictionaries``.
final class ExistentialDictionaryCrate: Crate {
  var byName: [String: any Reducer] = [:]
  var byNumber: [Int: (any Thing & Marked)?] = [:]
  var byModel: [ModelKey: any AnyObject] = [:]
  var anything: [AnyHashable: Any] = [:]

  override func unlink() {
    (byName, byNumber, byModel, anything) = ([:], [:], [:], [:])
  }
}

/// ``ShapeFamily/existentialSets``.
final class ExistentialSetCrate: Crate {
  var keys: Set<ModelKey> = []
  var optionalKeys: Set<ModelKey?> = []
  var anything: Set<AnyHashable> = []

  override func unlink() {
    (keys, optionalKeys, anything) = ([], [], [])
  }
}

// MARK: - Collections that are not the standard library's

/// ``ShapeFamily/collectionStructs``.
final class CollectionStructCrate: Crate {
  var playlist = Playlist(curator: nil, songs: [], cover: nil)
  var tally = Tally(scores: [], referee: nil, players: [])
  var rewind = Rewind(leaves: [])
  var echoes: Echoes?
  var playlists: [Playlist] = []

  override func unlink() {
    playlist = Playlist(curator: nil, songs: [], cover: nil)
    tally = Tally(scores: [], referee: nil, players: [])
    rewind = Rewind(leaves: [])
    echoes = nil
    playlists = []
  }
}

/// ``ShapeFamily/collectionEnums``.
final class CollectionEnumCrate: Crate {
  var lineup = Lineup.silent
  var lineups: [Lineup] = []
  var maybe: Lineup?

  override func unlink() {
    (lineup, lineups, maybe) = (.silent, [], nil)
  }
}

// MARK: - Custom mirrors

/// ``ShapeFamily/customMirrors``: a model whose own mirror hides everything it stores.
final class CustomMirrorCrate: Crate, CustomReflectable {
  var mask = Mask(face: nil, nodes: [])
  var mirage: Mirage?
  var veiled: CustomMirrorCrate?
  var leaf: Leaf?

  var customMirror: Mirror { Mirror(self, children: [:], ancestorRepresentation: .suppressed) }

  override func unlink() {
    (mask, mirage, veiled, leaf) = (Mask(face: nil, nodes: []), nil, nil, nil)
  }
}

// MARK: - Actors

/// ``ShapeFamily/modelActors``, ``ShapeFamily/plainActors`` and
/// ``ShapeFamily/distributedActors``: actors among models, each followed by a ``Leaf`` of its
/// family, which shows that the walk went past it.
final class ActorCrate: Crate {
  var strongroom: Strongroom?
  var courier: Courier?
  var envoy: Envoy?
  var actors: [AnyObject] = []
  var anything: Any = 0
  var pairs: [(actor: AnyObject, after: Leaf)] = []

  override func unlink() {
    (strongroom, courier, envoy, actors, anything, pairs) = (nil, nil, nil, [], 0, [])
  }
}

// MARK: - Generic models

/// A generic model handling the whole ``Probe`` family, holding any value.
final class Holder<Value>: Reducer, Unlinkable {
  let id: Int
  let log: ProbeLog
  var value: Value?
  var extra: Node?

  init(id: Int, log: ProbeLog, value: Value?) {
    self.id = id
    self.log = log
    self.value = value
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }

  func unlink() {
    (value, extra) = (nil, nil)
  }
}

/// A generic model handling only its own action type.
final class Inbox<Handled: Probe>: Reducer, Unlinkable {
  let id: Int
  let log: ProbeLog
  var next: Leaf?

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: Handled) {
    log.entries.append(.reduced(id))
  }

  func unlink() {
    next = nil
  }
}

/// ``ShapeFamily/genericModels``.
final class GenericCrate: Crate {
  var leafHolder: Holder<Leaf>?
  var nodeHolder: Holder<Node?>?
  var nestedHolder: Holder<Holder<[Leaf]>>?
  var tupleHolder: Holder<(Int, Leaf?)>?
  /// Filled only when the graph builds ``ShapeFamily/existentialArrays`` too.
  var listHolder: Holder<[any Thing & Marked]>?
  var pings: Inbox<Ping>?
  var pongs: Inbox<Pong>?
  var anything: Any = 0

  override func unlink() {
    (leafHolder, nodeHolder, nestedHolder, tupleHolder) = (nil, nil, nil, nil)
    (listHolder, pings, pongs, anything) = (nil, nil, nil, 0)
  }
}

// MARK: - Property wrappers

/// ``ShapeFamily/structPropertyWrappers``.
final class StructWrapperCrate: Crate {
  @Boxed var leaf: Leaf? = nil
  @Boxed var nodes: [Node] = []
  @Boxed @Boxed var nested: Leaf? = nil
  /// Filled only when the graph builds ``ShapeFamily/existentialArrays`` too.
  @Boxed var models: [any Reducer] = []

  override func unlink() {
    (leaf, nodes, nested, models) = (nil, [], nil, [])
    ($leaf.history, $nodes.history, $nested.history, $models.history) = ([], [], [], [])
  }
}

/// ``ShapeFamily/classPropertyWrappers``.
final class ClassWrapperCrate: Crate {
  @Shared var hidden: Node? = nil
  @Shared var hiddenLeaf: Leaf? = nil
  @Watched var watched: Leaf? = nil
  @Watched var watchedNode: Node? = nil

  override func unlink() {
    (hidden, hiddenLeaf, watched, watchedNode) = (nil, nil, nil, nil)
    ($watched.previous, $watchedNode.previous) = (nil, nil)
  }
}

// MARK: - Declared subtrees

/// A model that declares nothing below it and handles ``Ping``.
final class Pebble: Reducer {
  static let handledBelow = HandledBelow.nothing
  let id: Int
  let log: ProbeLog
  let note = "pebble"

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: Ping) {
    log.entries.append(.reduced(id))
  }
}

/// A model holding only pebbles, so only ``Ping`` is handled below it; it handles ``Pong``.
final class Bin: Reducer, Unlinkable {
  static let handledBelow = HandledBelow.only(Ping.self)
  let id: Int
  let log: ProbeLog
  var pebbles: [Pebble] = []
  var spare: Pebble?
  var byName: [String: Pebble] = [:]

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: Pong) {
    log.entries.append(.reduced(id))
  }

  func unlink() {
    (pebbles, spare, byName) = ([], nil, [:])
  }
}

/// A model holding only leaves and bins, so only the ``Probe`` family is handled below it.
final class Warehouse: Reducer, Unlinkable {
  static let handledBelow = HandledBelow.only((any Probe).self)
  let id: Int
  let log: ProbeLog
  var leaves: [Leaf] = []
  var bins: [Bin] = []

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func unlink() {
    (leaves, bins) = ([], [])
  }
}

/// ``ShapeFamily/declaredSubtrees``.
final class DeclaredCrate: Crate {
  var bins: [Bin] = []
  var warehouse: Warehouse?
  var anything: Any = 0

  override func unlink() {
    (bins, warehouse, anything) = ([], nil, 0)
  }
}
