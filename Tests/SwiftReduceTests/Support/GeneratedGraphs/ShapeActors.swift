import Distributed
import SwiftReduce
import Synchronization

// Actors are isolation boundaries: the walk must never read their stored properties, so the
// models inside these are never reduced, nor is an actor that is itself a model. They hold
// only ``Leaf`` models, which are `Sendable`, so no cycle runs through them.

/// An actor that conforms to ``Reducer``: never reduced, never entered.
actor Strongroom: Reducer {
  let id: Int
  let log: ProbeLog
  let treasure: Leaf
  var drawer: [Leaf]

  init(id: Int, log: ProbeLog, treasure: Leaf, drawer: [Leaf]) {
    self.id = id
    self.log = log
    self.treasure = treasure
    self.drawer = drawer
  }

  nonisolated func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }
}

/// An actor that is not a model, holding models: never entered.
actor Courier {
  let parcel: Leaf
  var parcels: [Leaf]

  init(parcel: Leaf, parcels: [Leaf]) {
    self.parcel = parcel
    self.parcels = parcels
  }
}

/// A distributed actor that conforms to ``Reducer``: never reduced, never entered.
distributed actor Envoy: Reducer {
  typealias ActorSystem = LocalTestingDistributedActorSystem

  /// Where each envoy logs, by actor id: a `nonisolated` method of a distributed actor can
  /// read only its `id` and `actorSystem`.
  private static let logs = Mutex<[ActorSystem.ActorID: (log: ProbeLog, number: Int)]>([:])

  let letter: Leaf

  init(number: Int, log: ProbeLog, letter: Leaf, actorSystem: ActorSystem) {
    self.actorSystem = actorSystem
    self.letter = letter
    Self.logs.withLock { $0[id] = (log, number) }
  }

  deinit {
    Self.logs.withLock { $0[id] = nil }
  }

  nonisolated func reduce(action: any Probe) {
    guard let entry = Self.logs.withLock({ $0[id] }) else { return }
    entry.log.entries.append(.reduced(entry.number))
  }
}
