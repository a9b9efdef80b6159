import Foundation
import SwiftReduce

// The model classes of the families of issue 15 (see ``ShapeFamily``): values with layouts of
// their own between models, standard views of models, models in enum payloads, and sets of
// models hashed by identity.

/// ``ShapeFamily/opaqueValues``: each value is followed by models, so a walk that misreads
/// a value's size or shape misses them.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class ValueCrate: Crate {
  var identifier = ObjectIdentifier(ValueCrate.self)
  var job: Task<Void, Never>?
  var vector = SIMD4<Float>()
  var wide: Int128 = 0
  #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    var half: Float16 = 0
  #endif
  var address: UnsafeRawPointer?
  var handle: OpaquePointer?
  var identifiers: Set<ObjectIdentifier> = []
  var leaf: Leaf?
  var link: URL?
  var bytes = Data()
  var stamp = Date(timeIntervalSinceReferenceDate: 0)
  var indexes = IndexSet()
  var note = AttributedString()
  var leaves: [Leaf] = []

  override func unlink() {
    (job, leaf, leaves) = (nil, nil, [])
  }
}

/// ``ShapeFamily/modelViews``: `ArraySlice` and `Dictionary.Values` of concrete models.
final class ModelViewCrate: Crate {
  var slice: ArraySlice<Leaf> = []
  var nodes: ArraySlice<Node> = []
  var values: Dictionary<Int, Leaf>.Values = [:].values
  var nodeValues: Dictionary<String, Node>.Values = [:].values

  override func unlink() {
    (slice, nodes, values, nodeValues) = ([], [], [:].values, [:].values)
  }
}

/// ``ShapeFamily/enumPayloads``: models in the payloads of an enum that describes itself,
/// one of them also in an array, another pointing back at its crate weakly.
final class EnumPayloadCrate: Crate {
  var duty = Duty.off
  /// Its payload's leaf is also in ``crew``.
  var shared = Duty.off
  var crew: [Leaf] = []
  /// A steward pointing back at this crate.
  var stewardship = Duty.off
  var duties: [Duty] = []

  override func unlink() {
    (duty, shared, crew, stewardship, duties) = (.off, .off, [], .off, [])
  }
}

/// A duty, described by its own text, with models in its payloads.
enum Duty: CustomStringConvertible {
  case off
  case on(Leaf)
  case paired(Steward, Leaf?)

  var description: String {
    switch self {
    case .off: "off"
    case .on(let leaf): "on \(leaf.id)"
    case .paired(let steward, _): "paired with \(steward.id)"
    }
  }
}

/// A model in an enum payload with a weak back-pointer to the crate holding it.
final class Steward: Reducer {
  let id: Int
  let log: ProbeLog
  weak var crate: EnumPayloadCrate?

  init(id: Int, log: ProbeLog, crate: EnumPayloadCrate) {
    self.id = id
    self.log = log
    self.crate = crate
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }
}

/// ``ShapeFamily/identitySets``: sets of models hashed and compared by identity.
final class IdentitySetCrate: Crate {
  var emblems: Set<Emblem> = []
  var groups: [Set<Emblem>] = []

  override func unlink() {
    (emblems, groups) = ([], [])
  }
}

/// A model hashed and compared by identity, as classes usually are.
final class Emblem: Reducer, Hashable {
  let id: Int
  let log: ProbeLog

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  func reduce(action: any Probe) {
    log.entries.append(.reduced(id))
  }

  static func == (lhs: Emblem, rhs: Emblem) -> Bool {
    lhs === rhs
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
