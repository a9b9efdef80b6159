import Distributed
import SwiftReduce

/// A small hand-built graph of one ``ShapeFamily``, with the ids a dispatch of ``Ping`` must
/// reduce, in order.
///
/// A plain enum, so that an exit test can name one without capturing anything.
enum ShapeFixture: CaseIterable, Sendable {
  case arrayOfAnyReducer
  case arraysOfEveryExistential
  case arraysOfOptionalExistentials
  case contiguousArraysOfExistentials
  case collectionStruct
  case collectionEnum
  case customMirrors
  case modelActor
  case plainActor
  case distributedActor

  /// The family the fixture belongs to.
  var family: ShapeFamily {
    switch self {
    case .arrayOfAnyReducer, .arraysOfEveryExistential: .existentialArrays
    case .arraysOfOptionalExistentials: .optionalExistentialArrays
    case .contiguousArraysOfExistentials: .contiguousExistentialArrays
    case .collectionStruct: .collectionStructs
    case .collectionEnum: .collectionEnums
    case .customMirrors: .customMirrors
    case .modelActor: .modelActors
    case .plainActor: .plainActors
    case .distributedActor: .distributedActors
    }
  }

  /// The ids of the models a dispatch of ``Ping`` reduces, in order.
  var expected: [Int] {
    switch self {
    case .arrayOfAnyReducer: [1, 2, 3]
    case .arraysOfEveryExistential: [1, 2, 3, 4, 5, 6, 7, 8, 9]
    case .arraysOfOptionalExistentials: [1, 2, 3, 4, 5, 6, 7]
    case .contiguousArraysOfExistentials: [1, 2, 3, 4, 5, 6, 7, 8]
    case .collectionStruct: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    case .collectionEnum: [1, 2, 3, 4, 5, 6, 7]
    case .customMirrors: [1, 2, 3, 4, 5, 6]
    case .modelActor, .plainActor, .distributedActor: [1, 5]
    }
  }

  /// Builds the graph, logging to `log`.
  func build(_ log: ProbeLog) -> Crate {
    func leaf(_ id: Int) -> Leaf { Leaf(id: id, log: log) }
    func node(_ id: Int) -> Node { Node(id: id, log: log) }
    switch self {
    case .arrayOfAnyReducer:
      let crate = ExistentialArrayCrate(id: 1, log: log)
      crate.models = [leaf(2), leaf(3)]
      return crate
    case .arraysOfEveryExistential:
      let crate = ExistentialArrayCrate(id: 1, log: log)
      crate.models = [leaf(2), node(3)]
      crate.objects = [Cabinet(), leaf(4)]
      crate.things = [leaf(5), node(6)]
      // 24-byte elements: the object and two witness tables.
      crate.markedThings = [leaf(7), Cabinet(), leaf(8)]
      crate.values = [8, leaf(9)]
      return crate
    case .arraysOfOptionalExistentials:
      let crate = OptionalExistentialArrayCrate(id: 1, log: log)
      crate.models = [nil, leaf(2), nil]
      crate.objects = [leaf(3), nil]
      crate.things = [nil, node(4)]
      crate.markedThings = [leaf(5), nil, leaf(6)]
      crate.values = [nil, leaf(7)]
      return crate
    case .contiguousArraysOfExistentials:
      let crate = ContiguousExistentialArrayCrate(id: 1, log: log)
      crate.models = [leaf(2)]
      crate.optionalModels = [nil, leaf(3)]
      crate.objects = [leaf(4)]
      crate.things = [node(5), nil]
      crate.markedThings = [leaf(6), Cabinet()]
      crate.optionalMarkedThings = [nil, leaf(7)]
      crate.values = [leaf(8)]
      return crate
    case .collectionStruct:
      let crate = CollectionStructCrate(id: 1, log: log)
      crate.playlist = Playlist(curator: node(2), songs: [leaf(3), leaf(4)], cover: leaf(5))
      // Iterates Ints; iterates its leaves backwards; iterates models it makes (99).
      crate.tally = Tally(scores: [7, 8], referee: leaf(6), players: [node(7)])
      crate.rewind = Rewind(leaves: [leaf(8), leaf(9)])
      crate.echoes = Echoes(log: log, echoID: 99, count: 2, source: leaf(10))
      return crate
    case .collectionEnum:
      let crate = CollectionEnumCrate(id: 1, log: log)
      // Iterates its members backwards, and neither its leader nor its roadie.
      crate.lineup = .band(leader: node(2), members: [leaf(3), leaf(4)], roadie: leaf(5))
      crate.lineups = [.silent, .solo(leaf(6))]
      crate.maybe = .band(leader: nil, members: [], roadie: leaf(7))
      return crate
    case .customMirrors:
      // Every mirror here shows nothing, or the ghost 99 and the rest backwards.
      let crate = CustomMirrorCrate(id: 1, log: log)
      crate.mask = Mask(face: leaf(2), nodes: [node(3)])
      crate.mirage = Mirage(log: log, ghostID: 99, real: leaf(4), other: node(5))
      crate.leaf = leaf(6)
      return crate
    case .modelActor:
      let strongroom = Strongroom(id: 2, log: log, treasure: leaf(3), drawer: [leaf(4)])
      return Self.actorCrate(strongroom, then: leaf(5), log)
    case .plainActor:
      let courier = Courier(parcel: leaf(2), parcels: [leaf(3), leaf(4)])
      return Self.actorCrate(courier, then: leaf(5), log)
    case .distributedActor:
      let envoy = Envoy(
        number: 2, log: log, letter: leaf(3), actorSystem: LocalTestingDistributedActorSystem())
      return Self.actorCrate(envoy, then: leaf(5), log)
    }
  }

  /// A crate holding `actor` in every way it can, then `leaf`.
  private static func actorCrate(_ actor: AnyObject, then leaf: Leaf, _ log: ProbeLog) -> Crate {
    let crate = ActorCrate(id: 1, log: log)
    crate.strongroom = actor as? Strongroom
    crate.courier = actor as? Courier
    crate.envoy = actor as? Envoy
    crate.actors = [actor]
    crate.anything = actor
    crate.pairs = [(actor, leaf)]
    return crate
  }

  // MARK: - Dispatching

  /// The ids `Store.dispatch` of ``Ping`` reduces in the fixture's graph.
  @MainActor
  func dispatchedIDs() -> [Int] {
    let log = ProbeLog()
    let crate = build(log)
    defer { crate.unlink() }
    Store(crate).dispatch(Ping.ping)
    return Self.reducedIDs(log)
  }

  /// The ids ``ReferenceMirrorWalk`` reduces for ``Ping`` in the fixture's graph.
  @MainActor
  func referenceIDs() -> [Int] {
    let log = ProbeLog()
    let crate = build(log)
    defer { crate.unlink() }
    ReferenceMirrorWalk.dispatch(Ping.ping, from: crate)
    return Self.reducedIDs(log)
  }

  private static func reducedIDs(_ log: ProbeLog) -> [Int] {
    log.entries.compactMap { entry in
      guard case .reduced(let id) = entry else { return nil }
      return id
    }
  }
}
