import SwiftReduceTestSupport
import Testing

@testable import SwiftReduce

/// Speed must not change behaviour: on random graphs, `Store.dispatch` reduces exactly the
/// models ``ReferenceMirrorWalk`` reduces, in exactly the same order.
///
/// The graphs are built with every ``ShapeFamily``: 25 batches of 40 graphs, plus 6 batches
/// with `@Untraversed` models, 1,240 graphs a run.
@MainActor
struct TraversalDifferentialTests {
  /// Each action is dispatched to every graph: two members of the probe family and an outsider.
  static let actions: [any Action] = [Ping.ping, Pong.pong, Unheard.unheard]
  static let graphsPerBatch: UInt64 = 40

  /// The actor type each actor family makes; a walk must reach them and go past.
  static let actorTypes: [ShapeFamily: Any.Type] = [
    .modelActors: Strongroom.self, .plainActors: Courier.self, .distributedActors: Envoy.self,
  ]

  @Test(arguments: TestScale.batches(0..<25, sample: [0, 12, 24]))
  func dispatchReducesTheSameModelsInTheSameOrderAsTheReferenceWalk(batch: UInt64) async {
    let coverage = await compareBatch(batch, hidesModels: false)
    // The comparison is only worth something if the graphs reduce models,
    // including models added by a reduce during the dispatch, and models
    // in the shapes of every family built.
    #expect(coverage.reductions > 0)
    #expect(coverage.spawnedReductions > 0)
    Self.expectEveryFamilyCovered(coverage, families: ShapeFamily.allCases)
  }

  /// The generator builds every family, the known holes too: checked on the reference walk
  /// alone, since the library may not survive the holes yet.
  @Test(arguments: TestScale.batches(0..<5, sample: [0, 4]))
  func referenceWalkReachesModelsInEveryShapeFamily(batch: UInt64) async {
    var coverage = Coverage()
    let first = batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = RandomModelGraph(seed: seed, hidesModels: false, families: ShapeFamily.allCases)
      defer { graph.unlink() }
      for action in Self.actions {
        graph.prepareForDispatch()
        let summary = ReferenceMirrorWalk.dispatch(action, from: graph.hub)
        coverage.add(graph.log.entries, summary)
      }
    }
    Self.expectEveryFamilyCovered(coverage, families: ShapeFamily.allCases)
  }

  @Test(arguments: TestScale.batches(0..<6, sample: [0, 5]))
  func dispatchNeverEntersUntraversedPropertiesHoldingModels(batch: UInt64) async {
    let coverage = await compareBatch(batch, hidesModels: true)
    #expect(coverage.reductions > 0)
  }

  @Test func referenceWalkAndDispatchFollowTheRulesOnAHandBuiltGraph() {
    let log = ProbeLog()
    let hub = Hub(log: log)
    let branch = Branch(id: 1, log: log)
    branch.next = Node(id: 2, log: log)
    branch.children = [Node(id: 3, log: log)]
    branch.parent = branch
    branch.byName = ["only": Node(id: 4, log: log)]
    branch.pair = (0, Node(id: 5, log: log))
    branch.chain = .link(Node(id: 6, log: log), .link(branch, .end))
    branch.slot = .two(Tag(id: 7, log: log), Node(id: 8, log: log))
    let keeper = Keeper(id: 9, log: log, owner: hub)
    keeper.hidden = Node(id: 10, log: log)
    let cabinet = Cabinet()
    cabinet.node = Node(id: 11, log: log)
    keeper.cabinet = cabinet
    let shelf = SneakyShelf(id: 12, log: log)
    shelf.node = Node(id: 13, log: log)
    shelf.extra = Node(id: 14, log: log)
    keeper.shelf = shelf
    hub.entry = branch
    hub.keeper = keeper
    defer { branch.unlink() }
    // Pre-order; superclass fields (next, children, parent) before Branch's own;
    // 10 is @Untraversed, 11 is inside a plain class, Shelf's field before SneakyShelf's,
    // the memo is never created, the keeper handles Pong only.
    let expected: [ProbeLog.Entry] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14].map { .reduced($0) }

    ReferenceMirrorWalk.dispatch(Ping.ping, from: hub)
    #expect(log.entries == expected)
    log.entries = []
    Store(hub).dispatch(Ping.ping)
    #expect(log.entries == expected)
  }

  /// The tools read the tree by the walk's plans: on every generated graph, the models the
  /// walk reaches are the models a snapshot shows and the models a copy holds, and the
  /// snapshot of the copy is the snapshot of the original, paths and shared references
  /// included.
  ///
  /// Orders agree except inside dictionaries and sets, which the walk takes in iteration
  /// order and snapshots in the order of their keys' or elements' text; the models are
  /// compared as sets, and the copy's, whose shape the snapshot pins, in order.
  @Test(arguments: TestScale.batches(0..<12, sample: [0, 4, 11]))
  func walkSnapshotAndCopyReachTheSameModels(batch: UInt64) async throws {
    let first = batch * Self.graphsPerBatch
    var compared = 0
    for seed in first..<(first + Self.graphsPerBatch) {
      // Lets the timed tests that share the main actor run between graphs.
      await Task.yield()
      // Models holding a `~Copyable` property are not copied: see the test below.
      let graph = RandomModelGraph(
        seed: seed, hidesModels: batch % 5 == 4, families: Self.copiedFamilies)
      defer { graph.unlink() }
      let walked = Walk.reachableModels(from: graph.hub)
      let shown = ModelPaths.shownModels(from: graph.hub)
      let walkedSet = Set(walked.map(ObjectIdentifier.init))
      let shownSet = Set(shown.map(ObjectIdentifier.init))
      #expect(walked.count == walkedSet.count, "seed \(seed): the walk reached a model twice")
      if walkedSet != shownSet {
        let paths = ModelPaths.paths(to: walked, from: graph.hub)
        let missing = walked.filter { !shownSet.contains(ObjectIdentifier($0)) }.map {
          "\(type(of: $0)) at \(paths[ObjectIdentifier($0)] ?? "?")"
        }
        let message =
          "Seed \(seed): the snapshot shows \(shown.count) models, the walk reaches "
          + "\(walked.count); not shown: \(missing)"
        Issue.record(Comment(rawValue: message))
      }
      let copy = try ModelTreeCopy(copying: graph.hub)
      let copied = ModelPaths.shownModels(from: copy.root)
      #expect(copied.count == shown.count, "seed \(seed)")
      #expect(
        zip(copied, shown).allSatisfy { type(of: $0) == type(of: $1) && $0 !== $1 },
        "seed \(seed): the copy holds other models, or originals")
      let original = TreeSnapshot(graph.hub)
      let copySnapshot = TreeSnapshot(copy.root)
      if copySnapshot != original {
        Issue.record(
          "Seed \(seed): the copy's snapshot differs:\n\(copySnapshot.difference(from: original))")
      }
      compared += walked.count
    }
    #expect(compared > 0)
  }

  /// The families whose models a copy holds: all but ``ShapeFamily/lockedModels`` and
  /// ``ShapeFamily/managedBuffers``, which a copy refuses (see the tests below and
  /// `ManagedBufferDifferentialTests`).
  static let copiedFamilies = ShapeFamily.allCases.filter {
    $0 != .lockedModels && $0 != .managedBuffers
  }

  /// A graph with models behind a `Mutex` is not copied: the copy names each crate holding
  /// one, by its path, and is never made in part.
  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func copyOfAGraphWithLockedModelsIsRefusedNamingEachOne(batch: UInt64) async {
    var refused = 0
    let first = batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = RandomModelGraph(seed: seed, hidesModels: false, families: [.lockedModels])
      defer { graph.unlink() }
      let locked = Walk.reachableModels(from: graph.hub).filter {
        "\(type(of: $0))" == "LockedCrate"
      }
      let paths = ModelPaths.paths(to: locked, from: graph.hub)
      let expected = locked.map { crate in
        "the model at \(paths[ObjectIdentifier(crate)] ?? "?"), so changes are not checked: "
          + "LockedCrate.guarded is ~Copyable: a copy can neither copy it nor share it. Keep it "
          + "in an instance of a class that is not a model (a copy shares such instances), as "
          + "in `let lock = Locked()` with `final class Locked { let mutex = Mutex(...) }`."
      }
      do {
        _ = try ModelTreeCopy(copying: graph.hub)
        #expect(locked.isEmpty, "seed \(seed): a graph with locked models was copied")
      } catch {
        #expect(Set(error.refusals) == Set(expected), "seed \(seed)")
        refused += 1
      }
    }
    #expect(refused > 0)
  }

  // MARK: - Comparing

  /// What a batch exercised, so that a batch of empty graphs cannot pass unnoticed.
  struct Coverage {
    var reductions = 0
    var spawnedReductions = 0
    /// Reductions of the models made for each shape family.
    var familyReductions: [ShapeFamily: Int] = [:]
    var passedActorTypes: Set<ObjectIdentifier> = []

    /// Counts what one reference walk did.
    mutating func add(_ entries: [ProbeLog.Entry], _ summary: ReferenceMirrorWalk.Summary) {
      for case .reduced(let id) in entries {
        reductions += 1
        if (Grower.spawnID(of: 0)..<Keeper.hiddenID(of: 0)).contains(id) { spawnedReductions += 1 }
        if let family = ShapeFamily.family(ofLeaf: id) { familyReductions[family, default: 0] += 1 }
      }
      passedActorTypes.formUnion(summary.passedActorTypes)
    }
  }

  /// Expects models of each of `families` to have been reduced, and each actor family's
  /// actors to have been reached and passed.
  static func expectEveryFamilyCovered(_ coverage: Coverage, families: [ShapeFamily]) {
    for family in families {
      #expect(coverage.familyReductions[family, default: 0] > 0, "\(family) reduced nothing")
      if let actorType = actorTypes[family] {
        #expect(
          coverage.passedActorTypes.contains(ObjectIdentifier(actorType)),
          "no \(actorType) was reached")
      }
    }
  }

  /// Compares one batch of graphs, letting the timed tests that share the
  /// main actor run between graphs.
  private func compareBatch(_ batch: UInt64, hidesModels: Bool) async -> Coverage {
    var coverage = Coverage()
    let first = batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = RandomModelGraph(seed: seed, hidesModels: hidesModels)
      defer { graph.unlink() }
      let store = Store(graph.hub)
      for action in Self.actions {
        graph.prepareForDispatch()
        let summary = ReferenceMirrorWalk.dispatch(action, from: graph.hub)
        let expected = graph.log.entries
        graph.prepareForDispatch()
        store.dispatch(action)
        let actual = graph.log.entries
        if let difference = firstDifference(expected, actual) {
          Issue.record(
            """
            Seed \(seed) (hidesModels: \(hidesModels)), \(action): \(difference)
            expected: \(expected)
            actual:   \(actual)
            (set and dictionary order: rerun with SWIFT_DETERMINISTIC_HASHING=1 to reproduce)
            """
          )
        }
        coverage.add(expected, summary)
      }
    }
    return coverage
  }
}
