import SwiftReduce

// Filling the crates of the value model families (issue 18; see `ShapeModels+ValueModels.swift`).
//
// Value models are nested up to ``valueModelDepth`` deep, each level a few at most, so a
// graph holds tens of them, not thousands. Some arrays are shared, with another crate's
// `var` or with a value model's or a plain struct's `let`: a dispatch must copy them before
// it changes them.
extension RandomModelGraph {
  func fillValueModels(_ crate: ValueModelCrate) {
    let family = ShapeFamily.valueModels
    crate.gauge = gauge(family)
    crate.dial = dial(family)
    crate.hush = chance(2) ? hush(family) : nil
    crate.gauges = gauges(family)
    crate.dials = ContiguousArray((0..<few()).map { _ in dial(family) })
    crate.byNumber = Dictionary(uniqueKeysWithValues: gauges(family).enumerated().map { $0 })
    switch Int.random(in: 0..<3, using: &random) {
    case 0: crate.maybe = .none
    case 1: crate.maybe = .some(.none)
    default: crate.maybe = gauge(family)
    }
    crate.pair = ("pair", gauge(family), optionalLeaf(family))
    crate.pocket = pocket(family)
    crate.pockets = (0..<few()).map { _ in pocket(family) }
    crate.grid = (0..<few()).map { _ in gauges(family) }
    crate.optionals = (0..<few()).map { _ in chance(3) ? nil : dial(family) }
    crate.tuples = (0..<few()).map { _ in (dial(family), gauge(family)) }
    crate.trays = Dictionary(
      uniqueKeysWithValues: (0..<few()).map { index in
        ("t\(index)", (0..<few()).map { _ in tray(family) })
      })
    // Keys with and without class models, which are routed before their values.
    let tokens = (0..<few()).map { _ in token(family, holdsLeaf: chance(2)) }
    crate.byToken = Dictionary(uniqueKeysWithValues: tokens.map { ($0, gauge(family)) })
    crate.sproutID = chance(3) ? newID(family) : nil
    // Arrays shared with a crate filled before, and within this crate.
    let others = instances.compactMap { $0 as? ValueModelCrate }.filter { $0 !== crate }
    if let other = pick(others) { crate.grid.append(other.gauges) }
    if chance(3) { crate.pocket.gauges = crate.gauges }
  }

  func fillFrozenValueModels(_ crate: FrozenValueCrate) {
    let family = ShapeFamily.frozenValueModels
    crate.tokens = Set((0...few()).map { _ in token(family) })
    crate.semaphore = semaphore(family)
    crate.semaphores = (0..<few()).map { _ in semaphore(family) }
    switch Int.random(in: 0..<5, using: &random) {
    case 0: crate.anything = gauge(family)
    case 1: crate.anything = gauges(family)
    case 2: crate.anything = pocket(family)
    case 3: crate.anything = (label: "pair", gauge: gauge(family))
    default: crate.anything = Optional(dial(family)) as Any
    }
    crate.model = chance(2) ? gauge(family) : dial(family)
    crate.items = [gauge(family), dial(family), tray(family), pocket(family)].filter { _ in
      chance(2)
    }
    crate.slice = ArraySlice(gauges(family))
    let dials = (0...few()).map { _ in (newID(family), dial(family)) }
    crate.values = Dictionary(uniqueKeysWithValues: dials).values
  }

  // MARK: - Value models

  /// Zero, one or two: how many value models a place holds.
  func few() -> Int {
    Int.random(in: 0...2, using: &random)
  }

  func gauge(_ family: ShapeFamily, depth: Int = 0) -> Gauge {
    let children = depth < valueModelDepth ? gauges(family, depth: depth + 1) : []
    // Sometimes a `let` sharing the storage of the `var` holding the same value models.
    var gauge = Gauge(id: newID(family), log: log, sealed: chance(3) ? children : [])
    gauge.gauges = children
    gauge.leaf = chance(2) ? leaf(family) : nil
    gauge.model = chance(4) ? pick(models) as? any Reducer : nil
    gauge.sproutID = chance(6) ? newID(family) : nil
    guard depth < valueModelDepth else { return gauge }
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      gauge.byName = Dictionary(
        uniqueKeysWithValues: gauges(family, depth: depth + 1).map { ("g\($0.id)", $0) })
    case 1: gauge.dial = dial(family, depth: depth + 1)
    case 2: gauge.pocket = pocket(family, depth: depth + 1)
    default: break
    }
    return gauge
  }

  func gauges(_ family: ShapeFamily, depth: Int = 0) -> [Gauge] {
    (0..<few()).map { _ in gauge(family, depth: depth) }
  }

  func dial(_ family: ShapeFamily, depth: Int = 0) -> Dial {
    var dial = Dial(id: newID(family), log: log)
    dial.leaf = chance(2) ? leaf(family) : nil
    guard depth < valueModelDepth else { return dial }
    if chance(2) {
      dial.gauges = ContiguousArray(gauges(family, depth: depth + 1))
    } else {
      dial.pair = ("pair", gauges(family, depth: depth + 1))
    }
    return dial
  }

  func hush(_ family: ShapeFamily) -> Hush {
    Hush(id: newID(family), log: log, dials: (0..<few()).map { _ in dial(family, depth: 1) })
  }

  func tray(_ family: ShapeFamily, depth: Int = 1) -> Tray {
    var tray = Tray(id: newID(family))
    tray.leaf = chance(2) ? leaf(family) : nil
    guard depth < valueModelDepth else { return tray }
    tray.gauges = gauges(family, depth: depth + 1)
    tray.dial = chance(2) ? dial(family, depth: depth + 1) : nil
    return tray
  }

  func token(_ family: ShapeFamily, holdsLeaf: Bool = true) -> Token {
    Token(id: newID(family), log: log, leaf: holdsLeaf && chance(2) ? leaf(family) : nil)
  }

  func pocket(_ family: ShapeFamily, depth: Int = 0) -> Pocket {
    let children = depth < valueModelDepth ? gauges(family, depth: depth + 1) : []
    var pocket = Pocket(sealed: chance(3) ? children : [])
    pocket.gauges = children
    pocket.leaf = chance(2) ? leaf(family) : nil
    guard depth < valueModelDepth else { return pocket }
    switch Int.random(in: 0..<3, using: &random) {
    case 0: pocket.dial = dial(family, depth: depth + 1)
    case 1: pocket.pair = ("pair", dial(family, depth: depth + 1))
    default: pocket.tray = tray(family, depth: depth + 1)
    }
    return pocket
  }

  func semaphore(_ family: ShapeFamily) -> Semaphore {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: .off
    case 1: .on(gauge(family, depth: 1))
    default: .both(dial(family, depth: 1), chance(2) ? .on(gauge(family, depth: 1)) : .off)
    }
  }

  // MARK: - Copies

  /// Copies of the values the value model crates hold, taken as a user would: by reading
  /// their properties, so they share storage with the graph until one side changes.
  func valueModelCopies() -> [Any] {
    instances.compactMap { $0 as? ValueModelCrate }.flatMap { crate -> [Any] in
      [
        crate.gauge, crate.dial, crate.hush as Any, crate.gauges, crate.dials, crate.byNumber,
        crate.maybe as Any, crate.pair, crate.pocket, crate.pockets, crate.grid, crate.optionals,
        crate.tuples, crate.trays, crate.byToken, crate.sprout as Any,
      ]
    }
  }
}
