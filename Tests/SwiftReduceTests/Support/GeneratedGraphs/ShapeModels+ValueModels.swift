import SwiftReduce

// The value models of the differential test (issue 18), and the two crates that hold them:
// ``ValueModelCrate`` in every place a value model is reduced in, nested in each other and
// around class models, and ``FrozenValueCrate`` where they cannot change in place. Every
// value model counts the actions it takes and logs its id, as the class models do, so the
// log of a dispatch interleaves both kinds in delivery order.

/// A value model the reference walk can read back: its id, and how many actions it took.
protocol CountedValueModel: ValueReducer {
  var id: Int { get }
  var count: Int { get }
}

/// The `let` properties of a model class that may hold value models.
///
/// The runtime's reflection tells a struct's `let`s from its `var`s (the key paths it makes
/// are read-only or writable) but not a class's, so a class states them for the reference.
protocol DeclaresConstants: AnyObject {
  static var constants: Set<String> { get }
}

// MARK: - Value models

/// A value model taking the whole ``Probe`` family, holding value and class models in every
/// place a value model's `var`s can hold them, and value models in a `let`, which stay put.
struct Gauge: CountedValueModel {
  let id: Int
  let log: ProbeLog
  var count = 0
  /// A class model made for it, and any model of the graph: value models around class models.
  var leaf: Leaf?
  var model: (any Reducer)?
  var gauges: [Gauge] = []
  var byName: [String: Gauge] = [:]
  var dial: Dial?
  var pocket: Pocket?
  /// Not reduced: a `let`, which may share its storage with ``gauges``.
  let sealed: [Gauge]
  /// The id of a value model to add to ``gauges`` on the next reduce, once.
  var sproutID: Int?

  init(id: Int, log: ProbeLog, sealed: [Gauge] = []) {
    self.id = id
    self.log = log
    self.sealed = sealed
  }

  mutating func reduce(action: any Probe) {
    count += 1
    log.entries.append(.reduced(id))
    // Added while reducing: a value model reads what it holds after it reduces.
    if let sproutID {
      gauges.append(Gauge(id: sproutID, log: log))
      self.sproutID = nil
    }
  }
}

/// A value model taking ``Ping`` alone, so it is delivered to by exact type.
struct Dial: CountedValueModel {
  let id: Int
  let log: ProbeLog
  var count = 0
  var leaf: Leaf?
  var gauges: ContiguousArray<Gauge> = []
  var pair: (label: String, gauges: [Gauge]) = ("", [])

  init(id: Int, log: ProbeLog) {
    self.id = id
    self.log = log
  }

  mutating func reduce(action: Ping) {
    count += 1
    log.entries.append(.reduced(id))
  }
}

/// A value model taking only ``Unheard``.
struct Hush: CountedValueModel {
  let id: Int
  let log: ProbeLog
  var count = 0
  var dials: [Dial] = []

  mutating func reduce(action: Unheard) {
    count += 1
    log.entries.append(.reduced(id))
  }
}

/// A value model without a `reduce`: a container, which takes nothing and is still entered.
struct Tray: CountedValueModel {
  let id: Int
  var gauges: [Gauge] = []
  var dial: Dial?
  var leaf: Leaf?

  var count: Int { 0 }
}

/// A hashable value model taking ``Ping``, for sets and dictionary keys, where it is not
/// reduced; equal by id.
struct Token: CountedValueModel, Hashable {
  let id: Int
  let log: ProbeLog
  var count = 0
  var leaf: Leaf?

  mutating func reduce(action: Ping) {
    count += 1
    log.entries.append(.reduced(id))
  }

  static func == (lhs: Token, rhs: Token) -> Bool {
    lhs.id == rhs.id
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }
}

// MARK: - Values that are not models

/// A plain struct holding value models in its `var`s, reduced there, and in a `let`, not.
struct Pocket {
  var dial: Dial?
  var gauges: [Gauge] = []
  var pair: (label: String, dial: Dial)?
  var tray: Tray?
  var leaf: Leaf?
  /// Not reduced; may share its storage with ``gauges``.
  let sealed: [Gauge]

  init(sealed: [Gauge] = []) {
    self.sealed = sealed
  }
}

/// An enum holding value models in its payloads, where they cannot change in place.
indirect enum Semaphore {
  case off
  case on(Gauge)
  case both(Dial, Semaphore)
}

// MARK: - Models

/// ``ShapeFamily/valueModels``: value models in every place a class model's `var` can hold
/// them in place, and nested in each other.
final class ValueModelCrate: Crate {
  var gauge: Gauge
  var dial: Dial
  var hush: Hush?
  var gauges: [Gauge] = []
  var dials: ContiguousArray<Dial> = []
  var byNumber: [Int: Gauge] = [:]
  var maybe: Gauge?? = .none
  var pair: (label: String, gauge: Gauge, leaf: Leaf?)
  var pocket = Pocket()
  var pockets: [Pocket] = []
  var grid: [[Gauge]] = []
  var optionals: [Dial?] = []
  var tuples: [(Dial, Gauge)] = []
  var trays: [String: [Tray]] = [:]
  /// Keys are value models, not reduced; values are reduced.
  var byToken: [Token: Gauge] = [:]
  /// Added by this crate's reduce, once: a class model reads what it holds after it reduces.
  var sprout: Gauge?
  var sproutID: Int?

  required init(id: Int, log: ProbeLog) {
    // Placeholders, replaced when the graph fills the crate.
    gauge = Gauge(id: -1, log: log)
    dial = Dial(id: -1, log: log)
    pair = ("", Gauge(id: -1, log: log), nil)
    super.init(id: id, log: log)
  }

  override func reduce(action: any Probe) {
    super.reduce(action: action)
    if let sproutID, sprout == nil { sprout = Gauge(id: sproutID, log: log) }
  }

  override func unlink() {
    gauge = Gauge(id: -1, log: log)
    dial = Dial(id: -1, log: log)
    (hush, gauges, dials, byNumber, maybe) = (nil, [], [], [:], .none)
    (pair, pocket, pockets, grid) = (("", Gauge(id: -1, log: log), nil), Pocket(), [], [])
    (optionals, tuples, trays, byToken, sprout) = ([], [], [:], [:], nil)
  }
}

/// ``ShapeFamily/frozenValueModels``: value models where they cannot change in place, a
/// `let`, a `Set`, an enum's payload, an existential and a dictionary's values view, with
/// class models inside them, which are routed; and, beside them, an `ArraySlice`, whose
/// value models are reduced in place like an array's.
final class FrozenValueCrate: Crate, DeclaresConstants {
  static let constants: Set<String> = ["fixed"]

  let fixed: Gauge
  var tokens: Set<Token> = []
  var semaphore = Semaphore.off
  var semaphores: [Semaphore] = []
  var anything: Any = 0
  var model: (any ValueReducer)?
  var items: [Any] = []
  var slice: ArraySlice<Gauge> = []
  var values: Dictionary<Int, Dial>.Values = [:].values

  required init(id: Int, log: ProbeLog) {
    var fixed = Gauge(id: Self.fixedID(of: id), log: log)
    fixed.leaf = Leaf(id: Self.fixedLeafID(of: id), log: log)
    self.fixed = fixed
    super.init(id: id, log: log)
  }

  /// The id of the value model in ``fixed``, and of the class model it holds; both in the
  /// family's range, past the ids a graph gives out.
  static func fixedID(of crateID: Int) -> Int {
    ShapeFamily.frozenValueModels.firstLeafID + 8_000 + crateID % 1_000
  }

  static func fixedLeafID(of crateID: Int) -> Int {
    ShapeFamily.frozenValueModels.firstLeafID + 9_000 + crateID % 1_000
  }

  override func unlink() {
    (tokens, semaphore, semaphores, anything, model) = ([], .off, [], 0, nil)
    (items, slice, values) = ([], [], [:].values)
  }
}

/// A model holding value models in a dictionary whose keys hold class models.
final class KeyedGauges: Reducer {
  var byKey: [ModelKey: Gauge] = [:]
}
