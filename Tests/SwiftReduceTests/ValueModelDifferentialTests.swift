import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Value models (issue 18) on random graphs: `Store` delivers to them in the order
/// ``ReferenceMirrorWalk`` computes, changes each one exactly as the reference predicts, never
/// changes a copy taken before a dispatch, and lists them in `recipients(of:)` in that order.
///
/// The graphs hold the two value model families, nested two deep, among the probe models;
/// the value models point at class models of the whole graph, so cycles run through them.
/// Each test compares 2 batches of 8 graphs, a fixed list of seeds; the order alone is also
/// compared on the 1,240 graphs of ``TraversalDifferentialTests``, one level deep.
@MainActor
struct ValueModelDifferentialTests {
  static let families: [ShapeFamily] = [
    .valueModels, .frozenValueModels, .inlineArrays, .lockedModels, .managedBuffers,
  ]
  static let graphsPerBatch: UInt64 = 8
  /// Seeds past those of ``TraversalDifferentialTests``, whose graphs are built otherwise.
  static let firstSeed: UInt64 = 10_000

  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func valueModelsAreDeliveredInTheReferenceOrderOnGeneratedGraphs(batch: UInt64) async {
    var deliveries = 0
    await forEachGraph(in: batch) { graph, store in
      for action in TraversalDifferentialTests.actions {
        graph.prepareForDispatch()
        let summary = ReferenceMirrorWalk.dispatch(action, from: graph.hub)
        let expected = graph.log.entries
        graph.prepareForDispatch()
        store.dispatch(action)
        expectSameLog(expected, graph.log.entries, graph, action)
        deliveries += summary.valueReadings.count { $0.inPlace }
      }
    }
    #expect(deliveries > 0)
  }

  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func eachValueModelHoldsWhatTheReferencePredictsAfterADispatchOnGeneratedGraphs(
    batch: UInt64
  ) async {
    var coverage = ChangeCoverage()
    await forEachGraph(in: batch) { graph, store in
      for action in TraversalDifferentialTests.actions {
        let before = ReferenceMirrorWalk.valueReadings(from: graph.hub)
        graph.prepareForDispatch()
        let expected = ReferenceMirrorWalk.dispatch(action, from: graph.hub).valueReadings
        graph.prepareForDispatch()
        store.dispatch(action)
        let actual = ReferenceMirrorWalk.valueReadings(from: graph.hub)
        if let difference = firstDifference(expected, actual) {
          Issue.record(
            """
            Seed \(graph.seed), \(action): \(difference)
            (set and dictionary order: rerun with SWIFT_DETERMINISTIC_HASHING=1 to reproduce)
            """)
        }
        coverage.add(before: before, after: expected)
      }
    }
    // Value models changed, some were added by a reduce, and none held where it cannot
    // change in place took an action.
    #expect(coverage.changed > 0)
    #expect(coverage.grown > 0)
    #expect(coverage.unchangedCopies > 0)
  }

  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func copiesTakenBeforeADispatchAreUnchangedOnGeneratedGraphs(batch: UInt64) async {
    var comparedCopies = 0
    var changedOriginals = 0
    await forEachGraph(in: batch) { graph, store in
      for action in TraversalDifferentialTests.actions {
        let copies = graph.valueModelCopies()
        let before = copies.map(ReferenceMirrorWalk.valueReadings(in:))
        graph.prepareForDispatch()
        store.dispatch(action)
        let after = copies.map(ReferenceMirrorWalk.valueReadings(in:))
        let originals = graph.valueModelCopies().map(ReferenceMirrorWalk.valueReadings(in:))
        for (index, pair) in zip(before, after).enumerated() where pair.0 != pair.1 {
          Issue.record(
            """
            Seed \(graph.seed), \(action): copy \(index) changed
            before: \(pair.0)
            after:  \(pair.1)
            """)
        }
        comparedCopies += before.count { !$0.isEmpty }
        changedOriginals += zip(before, originals).count { $0 != $1 }
      }
    }
    // The copies were worth comparing: the values they were taken from changed.
    #expect(comparedCopies > 0)
    #expect(changedOriginals > 0)
  }

  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func recipientsListTheReferenceOrderOfValueAndClassModelsOnGeneratedGraphs(
    batch: UInt64
  ) async {
    var valueRecipients = 0
    await forEachGraph(in: batch) { graph, store in
      for action in TraversalDifferentialTests.actions {
        graph.prepareForDispatch()
        let expected = ReferenceMirrorWalk.recipients(of: action, from: graph.hub)
        let actual = store.recipients(of: action).map(ReferenceRecipient.init)
        if let difference = firstDifference(expected, actual) {
          Issue.record(
            """
            Seed \(graph.seed), \(action): \(difference)
            (set and dictionary order: rerun with SWIFT_DETERMINISTIC_HASHING=1 to reproduce)
            """)
        }
        valueRecipients += expected.count { $0.id != nil }
        // Listing reduces nothing.
        #expect(graph.log.entries.isEmpty, "seed \(graph.seed): listing reduced models")
      }
    }
    #expect(valueRecipients > 0)
  }

  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func valueModelsThatCannotChangeInPlaceAreNotReducedButTheirClassModelsAreOnGeneratedGraphs(
    batch: UInt64
  ) async {
    var frozenClassReductions = 0
    await forEachGraph(in: batch) { graph, store in
      // A value model held both in place and where it cannot change (an array shared with
      // a `let`) is reduced in its place only.
      let readings = ReferenceMirrorWalk.valueReadings(from: graph.hub)
      let frozen = Set(readings.filter { !$0.inPlace }.map(\.id))
        .subtracting(readings.filter(\.inPlace).map(\.id))
      for action in TraversalDifferentialTests.actions {
        graph.prepareForDispatch()
        store.dispatch(action)
        let reduced = graph.log.entries.compactMap { entry -> Int? in
          guard case .reduced(let id) = entry else { return nil }
          return id
        }
        let reducedFrozen = reduced.filter { frozen.contains($0) }
        #expect(reducedFrozen.isEmpty, "seed \(graph.seed), \(action): reduced \(reducedFrozen)")
        frozenClassReductions +=
          reduced.count { ShapeFamily.family(ofLeaf: $0) == .frozenValueModels }
      }
    }
    #expect(frozenClassReductions > 0)
  }

  // MARK: - The reference itself

  /// The reference and the store on a graph whose order is written out: a differential test
  /// is only as good as its reference.
  @Test func referenceAndDispatchFollowTheValueModelRulesOnAHandBuiltGraph() {
    let log = ProbeLog()
    let hub = Hub(log: log)
    let (crate, frozen) = Self.handBuiltCrates(log, hub: hub)
    hub.crates = [crate, frozen]
    defer { hub.unlink() }
    // Pre-order: the gauge before what it holds, the value model its reduce adds (8) after
    // the one it held; the hush takes only `Unheard`, trays nothing, keys and lets stay;
    // the crate's sprout (27) is added by its reduce; in the frozen crate only class models.
    let expected: [ProbeLog.Entry] =
      ([0, 1, 2, 3, 4, 8, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]
      + [23, 24, 25, 26, 27, 28, FrozenValueCrate.fixedLeafID(of: 28), 29, 30, 31, 32])
      .map { .reduced($0) }

    ReferenceMirrorWalk.dispatch(Ping.ping, from: hub)
    #expect(log.entries == expected)
    #expect(crate.gauge.count == 0, "the reference changed the tree")
    log.entries = []
    crate.sprout = nil
    let store = Store(hub, reportsUnhandledActions: false)
    store.dispatch(Ping.ping)
    #expect(log.entries == expected)

    #expect(crate.gauge.count == 1)
    #expect(crate.gauge.gauges.map(\.count) == [1, 1])
    #expect(crate.gauge.sealed.map(\.count) == [0])
    #expect(crate.gauge.pocket?.sealed.map(\.count) == [0])
    #expect(crate.hush?.count == 0)
    #expect(crate.grid.map { $0.map(\.count) } == [[1], [1]])
    #expect(crate.tuples.map { [$0.0.count, $0.1.count] } == [[1, 1]])
    #expect(crate.byToken.map { [$0.key.count, $0.value.count] } == [[0, 1]])
    #expect(crate.maybe??.count == 1)
    #expect(frozen.fixed.count == 0)
    #expect(frozen.tokens.map(\.count) == [0])
    #expect((frozen.anything as? Gauge)?.count == 0)
    #expect((frozen.model as? Dial)?.count == 0)
  }

  /// The crates of the hand-built graph: ids 1 to 27 in the first, 28 to 32 in the second.
  private static func handBuiltCrates(
    _ log: ProbeLog, hub: Hub
  ) -> (ValueModelCrate, FrozenValueCrate) {
    func gauge(_ id: Int) -> Gauge { Gauge(id: id, log: log) }
    func dial(_ id: Int) -> Dial { Dial(id: id, log: log) }
    let crate = ValueModelCrate(id: 1, log: log)
    var held = Gauge(id: 2, log: log, sealed: [gauge(90)])
    held.leaf = Leaf(id: 3, log: log)
    held.model = hub
    held.gauges = [gauge(4)]
    held.sproutID = 8
    held.byName = ["only": gauge(5)]
    held.dial = dial(6)
    held.pocket = Pocket(sealed: [gauge(91)])
    held.pocket?.dial = dial(7)
    crate.gauge = held
    crate.dial = dial(9)
    crate.hush = Hush(id: 92, log: log)
    crate.gauges = [gauge(10), gauge(11)]
    crate.dials = [dial(12)]
    crate.byNumber = [1: gauge(13)]
    crate.maybe = .some(.some(gauge(14)))
    crate.pair = ("pair", gauge(15), Leaf(id: 16, log: log))
    crate.pocket.pair = ("pair", dial(17))
    crate.pocket.tray = Tray(id: 93, gauges: [gauge(18)])
    crate.pockets = [Pocket()]
    crate.pockets[0].dial = dial(19)
    crate.grid = [[gauge(20)], [gauge(21)]]
    crate.optionals = [nil, dial(22)]
    crate.tuples = [(dial(23), gauge(24))]
    crate.trays = ["only": [Tray(id: 94, dial: dial(25))]]
    crate.byToken = [Token(id: 95, log: log): gauge(26)]
    crate.sproutID = 27

    let frozen = FrozenValueCrate(id: 28, log: log)
    frozen.tokens = [Token(id: 96, log: log, leaf: Leaf(id: 29, log: log))]
    var signalled = gauge(97)
    signalled.leaf = Leaf(id: 30, log: log)
    frozen.semaphore = .on(signalled)
    var boxed = gauge(98)
    boxed.leaf = Leaf(id: 31, log: log)
    frozen.anything = boxed
    frozen.model = dial(99)
    var pocket = Pocket()
    pocket.dial = dial(100)
    pocket.leaf = Leaf(id: 32, log: log)
    frozen.items = [pocket]
    return (crate, frozen)
  }

  // MARK: - Keys

  /// The class models in the keys of a dictionary whose values are changed in
  /// place are routed, each before its value, as in a dictionary that is not.
  @Test func classModelsInTheKeysOfADictionaryOfValueModelsAreRouted() {
    let log = ProbeLog()
    let ledger = KeyedGauges()
    ledger.byKey = [ModelKey(model: Leaf(id: 1, log: log)): Gauge(id: 2, log: log)]
    ReferenceMirrorWalk.dispatch(Ping.ping, from: ledger)
    #expect(log.entries == [.reduced(1), .reduced(2)])
    log.entries = []
    Store(ledger).dispatch(Ping.ping)
    #expect(log.entries == [.reduced(1), .reduced(2)])
  }

  // MARK: - Graphs

  /// Calls `body` with each graph of `batch` and a store of it, letting the timed tests
  /// that share the main actor run between graphs.
  private func forEachGraph(
    in batch: UInt64, _ body: (RandomModelGraph, Store<Hub>) -> Void
  ) async {
    let first = Self.firstSeed + batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = RandomModelGraph(
        seed: seed, hidesModels: false, families: Self.families, valueModelDepth: 2)
      defer { graph.unlink() }
      let store = Store(graph.hub, reportsUnhandledActions: false)
      body(graph, store)
    }
  }

  private func expectSameLog(
    _ expected: [ProbeLog.Entry], _ actual: [ProbeLog.Entry], _ graph: RandomModelGraph,
    _ action: any Action
  ) {
    guard let difference = firstDifference(expected, actual) else {
      return
    }
    Issue.record(
      """
      Seed \(graph.seed), \(action): \(difference)
      expected: \(expected)
      actual:   \(actual)
      (set and dictionary order: rerun with SWIFT_DETERMINISTIC_HASHING=1 to reproduce)
      """)
  }

  /// What a batch changed, so that a batch where nothing changes cannot pass unnoticed.
  struct ChangeCoverage {
    /// Value models whose count a dispatch changed.
    var changed = 0
    /// Value models a reduce added.
    var grown = 0
    /// Value models where they cannot change in place, which kept their count.
    var unchangedCopies = 0

    mutating func add(before: [ValueReading], after: [ValueReading]) {
      let counts = Dictionary(before.map { ($0.id, $0.count) }, uniquingKeysWith: { $1 })
      for reading in after {
        guard let count = counts[reading.id] else {
          grown += 1
          continue
        }
        if reading.count != count { changed += 1 }
        if !reading.inPlace && reading.count == count { unchangedCopies += 1 }
      }
    }
  }
}
