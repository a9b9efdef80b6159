import Distributed
import SwiftReduce

// The shape families of a random graph: one ``Crate`` per family (most of them held by the
// hub, the rest only by other fields), filled with ``Leaf`` models made for the family and
// with instances shared with the rest of the graph.
extension RandomModelGraph {
  // MARK: - Making instances

  /// Makes the actors and the crates of the graph's families, ids from `firstID` on.
  func makeShapeInstances(firstID: Int) {
    if families.contains(.modelActors) {
      for _ in 0...count() / 2 { actors.append(makeStrongroom()) }
    }
    if families.contains(.plainActors) {
      for _ in 0...count() / 2 {
        actors.append(Courier(parcel: leaf(.plainActors), parcels: leaves(.plainActors)))
      }
    }
    if families.contains(.distributedActors) {
      let system = LocalTestingDistributedActorSystem()
      for _ in 0...count() / 2 {
        let number = newID(.distributedActors)
        actors.append(
          Envoy(number: number, log: log, letter: leaf(.distributedActors), actorSystem: system))
      }
    }
    models += actors.filter { $0 is any Reducer }

    var id = firstID
    var crates: [Crate] = []
    for crateType in crateTypes where !chance(4) {
      for _ in 0...count() / 2 {
        crates.append(add(crateType.init(id: id, log: log)))
        id += 1
      }
    }
    // The others are reached, if at all, through other fields.
    hub.crates = crates.filter { _ in !chance(3) }
  }

  /// The crate classes of the graph's families.
  private var crateTypes: [Crate.Type] {
    var types: [Crate.Type] = []
    for family in ShapeFamily.allCases where families.contains(family) {
      let type = Self.crateType(of: family)
      if !types.contains(where: { $0 == type }) { types.append(type) }
    }
    return types
  }

  private static func crateType(of family: ShapeFamily) -> Crate.Type {
    switch family {
    case .existentialArrays: ExistentialArrayCrate.self
    case .optionalExistentialArrays: OptionalExistentialArrayCrate.self
    case .contiguousExistentialArrays: ContiguousExistentialArrayCrate.self
    case .existentialSlicesAndViews: ExistentialViewCrate.self
    case .existentialDictionaries: ExistentialDictionaryCrate.self
    case .existentialSets: ExistentialSetCrate.self
    case .collectionStructs: CollectionStructCrate.self
    case .collectionEnums: CollectionEnumCrate.self
    case .customMirrors: CustomMirrorCrate.self
    case .modelActors, .plainActors, .distributedActors: ActorCrate.self
    case .genericModels: GenericCrate.self
    case .structPropertyWrappers: StructWrapperCrate.self
    case .classPropertyWrappers: ClassWrapperCrate.self
    case .declaredSubtrees: DeclaredCrate.self
    case .opaqueValues:
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        ValueCrate.self
      } else {
        Crate.self
      }
    case .modelViews: ModelViewCrate.self
    case .enumPayloads: EnumPayloadCrate.self
    case .identitySets: IdentitySetCrate.self
    case .valueModels: ValueModelCrate.self
    case .frozenValueModels: FrozenValueCrate.self
    case .inlineArrays:
      if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
        InlineArrayCrate.self
      } else {
        Crate.self
      }
    case .lockedModels:
      if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
        LockedCrate.self
      } else {
        Crate.self
      }
    case .managedBuffers: ReelCrate.self
    }
  }

  private func makeStrongroom() -> Strongroom {
    Strongroom(
      id: newID(.modelActors), log: log, treasure: leaf(.modelActors),
      drawer: leaves(.modelActors))
  }

  // MARK: - Filling crates

  /// Fills the shapes of `crate`'s family.
  func fillShapes(_ crate: Crate) {
    if fillManagedBufferShapes(crate) { return }
    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *),
      fillSwift6Shapes(crate)
    {
      return
    }
    switch crate {
    case let crate as ExistentialArrayCrate:
      let family = ShapeFamily.existentialArrays
      crate.models = elements(family) { $0 as? any Reducer }
      crate.objects = elements(family) { $0 }
      crate.things = elements(family) { $0 as? any Thing }
      crate.markedThings = elements(family) { $0 as? any Thing & Marked }
      crate.values = elements(family) { $0 as Any } + [anything()]
      crate.named = ("named", elements(family) { $0 as? any Reducer })
      crate.groups = (0..<count()).map { _ in elements(family) { $0 as? any Thing & Marked } }
    case let crate as OptionalExistentialArrayCrate:
      let family = ShapeFamily.optionalExistentialArrays
      crate.models = optionals(family) { $0 as? any Reducer }
      crate.objects = optionals(family) { $0 }
      crate.things = optionals(family) { $0 as? any Thing }
      crate.markedThings = optionals(family) { $0 as? any Thing & Marked }
      crate.values = optionals(family) { $0 as Any } + [anything()]
    case let crate as ContiguousExistentialArrayCrate:
      let family = ShapeFamily.contiguousExistentialArrays
      crate.models = ContiguousArray(elements(family) { $0 as? any Reducer })
      crate.optionalModels = ContiguousArray(optionals(family) { $0 as? any Reducer })
      crate.objects = ContiguousArray(elements(family) { $0 })
      crate.things = ContiguousArray(optionals(family) { $0 as? any Thing })
      crate.markedThings = ContiguousArray(elements(family) { $0 as? any Thing & Marked })
      crate.optionalMarkedThings = ContiguousArray(
        optionals(family) { $0 as? any Thing & Marked })
      crate.values = ContiguousArray(elements(family) { $0 as Any })
    case let crate as ExistentialViewCrate:
      fillViews(crate)
    case let crate as ExistentialDictionaryCrate:
      fillDictionaries(crate)
    case let crate as ExistentialSetCrate:
      let family = ShapeFamily.existentialSets
      crate.keys = Set(modelKeys(family))
      crate.optionalKeys = Set(modelKeys(family).map { chance(4) ? nil : $0 })
      crate.anything = Set(hashables(family))
    case let crate as CollectionStructCrate:
      fillCollections(crate)
    case let crate as CollectionEnumCrate:
      crate.lineup = lineup()
      crate.lineups = (0..<count()).map { _ in lineup() }
      crate.maybe = chance(2) ? lineup() : nil
    case let crate as CustomMirrorCrate:
      let family = ShapeFamily.customMirrors
      crate.mask = Mask(face: optionalLeaf(family), nodes: (0..<count()).compactMap { _ in node() })
      crate.mirage = Mirage(
        log: log, ghostID: newID(family), real: optionalLeaf(family), other: node())
      crate.veiled = pick(instances.compactMap { $0 as? CustomMirrorCrate })
      crate.leaf = optionalLeaf(family)
    case let crate as ActorCrate:
      fillActors(crate)
    case let crate as GenericCrate:
      fillGenerics(crate)
    case let crate as StructWrapperCrate:
      let family = ShapeFamily.structPropertyWrappers
      crate.leaf = optionalLeaf(family)
      crate.$leaf.history = (0..<count()).map { _ in optionalLeaf(family) }
      crate.nodes = (0..<count()).compactMap { _ in node() }
      crate.$nodes.history = [(0..<count()).compactMap { _ in node() }]
      crate.nested = optionalLeaf(family)
      crate.$nested.history = [Boxed(wrappedValue: optionalLeaf(family))]
      if families.contains(.existentialArrays) {
        crate.models = elements(family) { $0 as? any Reducer }
        crate.$models.history = [elements(family) { $0 as? any Reducer }]
      }
    case let crate as ClassWrapperCrate:
      let family = ShapeFamily.classPropertyWrappers
      crate.hidden = node()
      crate.hiddenLeaf = optionalLeaf(family)
      crate.watched = optionalLeaf(family)
      crate.$watched.previous = optionalLeaf(family)
      crate.watchedNode = node()
    case let crate as DeclaredCrate:
      fillDeclared(crate)
    default:
      _ = fillValueShapes(crate)
    }
  }

  /// Fills declared models with what their declarations allow, and only that.
  private func fillDeclared(_ crate: DeclaredCrate) {
    crate.bins = (0..<count()).map { _ in bin() }
    let warehouse = add(Warehouse(id: newID(.declaredSubtrees), log: log))
    warehouse.leaves = leaves(.declaredSubtrees)
    warehouse.bins = (0..<count()).map { _ in bin() }
    crate.warehouse = chance(4) ? nil : warehouse
    crate.anything = chance(2) ? bin() as Any : [bin(), bin()] as Any
  }

  private func bin() -> Bin {
    let family = ShapeFamily.declaredSubtrees
    let bin = add(Bin(id: newID(family), log: log))
    bin.pebbles = (0...count()).map { _ in Pebble(id: newID(family), log: log) }
    bin.spare = chance(2) ? Pebble(id: newID(family), log: log) : bin.pebbles.first
    bin.byName = chance(2) ? ["only": Pebble(id: newID(family), log: log)] : [:]
    return bin
  }

  private func fillViews(_ crate: ExistentialViewCrate) {
    let family = ShapeFamily.existentialSlicesAndViews
    // Slices that start past their array's first element, which is not part of them.
    crate.slice = elements(family) { $0 as? any Thing }.dropFirst()
    crate.optionalSlice = optionals(family) { $0 as? any Thing & Marked }.dropFirst()
    crate.keys = Dictionary(modelKeys(family).map { ($0, 1) }, uniquingKeysWith: +).keys
    let models = elements(family) { $0 as? any Reducer }
    crate.values = Dictionary(uniqueKeysWithValues: zip(models.indices, models)).values
  }

  private func fillDictionaries(_ crate: ExistentialDictionaryCrate) {
    let family = ShapeFamily.existentialDictionaries
    let models = elements(family) { $0 as? any Reducer }
    crate.byName = Dictionary(uniqueKeysWithValues: models.enumerated().map { ("m\($0)", $1) })
    let things = optionals(family) { $0 as? any Thing & Marked }
    crate.byNumber = Dictionary(uniqueKeysWithValues: zip(things.indices, things))
    crate.byModel = Dictionary(
      modelKeys(family).map { ($0, pickObject() ?? leaf(family)) }, uniquingKeysWith: { $1 })
    crate.anything = Dictionary(
      hashables(family).map { ($0, chance(2) ? anything() : leaf(family)) },
      uniquingKeysWith: { $1 })
  }

  private func fillCollections(_ crate: CollectionStructCrate) {
    let family = ShapeFamily.collectionStructs
    crate.playlist = playlist()
    crate.tally = Tally(
      scores: (0..<count()).map { $0 }, referee: optionalLeaf(family),
      players: (0..<count()).compactMap { _ in node() })
    crate.rewind = Rewind(leaves: leaves(family))
    crate.echoes =
      chance(2)
      ? Echoes(log: log, echoID: newID(family), count: count(), source: optionalLeaf(family))
      : nil
    crate.playlists = (0..<count()).map { _ in playlist() }
  }

  private func fillActors(_ crate: ActorCrate) {
    crate.strongroom = pick(actors.compactMap { $0 as? Strongroom })
    crate.courier = pick(actors.compactMap { $0 as? Courier })
    crate.envoy = pick(actors.compactMap { $0 as? Envoy })
    crate.actors = (0..<count()).compactMap { _ in pick(actors) }
    crate.anything = pick(actors) ?? 0
    crate.pairs = (0..<count()).compactMap { _ in
      pick(actors).map { ($0, leaf(Self.family(ofActor: $0))) }
    }
  }

  private static func family(ofActor actor: AnyObject) -> ShapeFamily {
    switch actor {
    case is Strongroom: .modelActors
    case is Envoy: .distributedActors
    default: .plainActors
    }
  }

  private func fillGenerics(_ crate: GenericCrate) {
    let family = ShapeFamily.genericModels
    crate.leafHolder = holder(leaf(family))
    crate.nodeHolder = holder(node())
    crate.nestedHolder = holder(holder(leaves(family)))
    crate.tupleHolder = holder((count(), optionalLeaf(family)))
    if families.contains(.existentialArrays) {
      crate.listHolder = holder(elements(family) { $0 as? any Thing & Marked })
    }
    let pings = add(Inbox<Ping>(id: newID(family), log: log))
    pings.next = optionalLeaf(family)
    crate.pings = pings
    let pongs = add(Inbox<Pong>(id: newID(family), log: log))
    pongs.next = optionalLeaf(family)
    crate.pongs = pongs
    crate.anything = chance(2) ? holder(chain(length: count())) : holder(slot())
  }

  // MARK: - Random shapes

  /// A new id in `family`'s range.
  func newID(_ family: ShapeFamily) -> Int {
    let used = familyIDCounts[family, default: 0]
    familyIDCounts[family] = used + 1
    return family.firstLeafID + used
  }

  /// A new model held only by `family`'s shapes.
  func leaf(_ family: ShapeFamily) -> Leaf {
    Leaf(id: newID(family), log: log)
  }

  func optionalLeaf(_ family: ShapeFamily) -> Leaf? {
    chance(4) ? nil : leaf(family)
  }

  func leaves(_ family: ShapeFamily) -> [Leaf] {
    (0..<count()).map { _ in leaf(family) }
  }

  /// Any instance of the graph, model or not, actors included, or `nil`.
  func pickObject() -> AnyObject? {
    pick(instances.map { $0 as AnyObject } + actors)
  }

  /// Up to four elements, each a new leaf of `family` or, cast, an instance of the graph.
  private func elements<Element>(
    _ family: ShapeFamily, _ cast: (AnyObject) -> Element?
  ) -> [Element] {
    (0...count()).compactMap { _ in
      if chance(2) { return cast(leaf(family)) }
      return pickObject().flatMap(cast)
    }
  }

  /// Like ``elements(_:_:)``, with `nil` elements among them.
  private func optionals<Element>(
    _ family: ShapeFamily, _ cast: (AnyObject) -> Element?
  ) -> [Element?] {
    elements(family, cast).flatMap { chance(4) ? [nil, $0] : [$0] }
  }

  private func modelKeys(_ family: ShapeFamily) -> [ModelKey] {
    elements(family) { $0 as? any Reducer }.map(ModelKey.init)
  }

  /// Hashable values for `AnyHashable` keys and sets: hashable models, model keys and numbers.
  private func hashables(_ family: ShapeFamily) -> [AnyHashable] {
    (0...count()).map { index in
      switch Int.random(in: 0..<3, using: &random) {
      case 0: tag().map { AnyHashable($0) } ?? AnyHashable(index)
      case 1: AnyHashable(ModelKey(model: leaf(family)))
      default: AnyHashable(index)
      }
    }
  }

  private func playlist() -> Playlist {
    let family = ShapeFamily.collectionStructs
    return Playlist(curator: node(), songs: leaves(family), cover: optionalLeaf(family))
  }

  private func lineup() -> Lineup {
    let family = ShapeFamily.collectionEnums
    switch Int.random(in: 0..<3, using: &random) {
    case 0: return .silent
    case 1: return .solo(leaf(family))
    default:
      return .band(leader: node(), members: leaves(family), roadie: optionalLeaf(family))
    }
  }

  private func holder<Value>(_ value: Value?) -> Holder<Value> {
    let holder = add(Holder(id: newID(.genericModels), log: log, value: value))
    holder.extra = node()
    return holder
  }
}
