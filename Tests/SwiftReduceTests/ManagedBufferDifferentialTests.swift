import SwiftReduceTestSupport
import Testing

@testable import SwiftReduce

/// The rule for `ManagedBuffer` models (Routing Rules, rule 14), checked on generated graphs
/// of ``ShapeFamily/managedBuffers``: the walk, snapshots, `recipients(of:)` and a dispatch
/// reach a reel and the models its header holds, never the leaves in its tail, and a copy of
/// a graph holding one is refused, naming each reel by its path.
@MainActor
struct ManagedBufferDifferentialTests {
  static let graphsPerBatch: UInt64 = 40

  @Test(arguments: TestScale.batches(0..<3, sample: [0]))
  func managedBufferModelsAreReachedByTheirHeaderAndNeverByTheirTail(batch: UInt64) async {
    var reelsSeen = 0
    var headerLeavesSeen = 0
    var tailLeavesSeen = 0
    let first = batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = RandomModelGraph(seed: seed, hidesModels: false, families: [.managedBuffers])
      defer { graph.unlink() }
      let walked = Set(Walk.reachableModels(from: graph.hub).map(ObjectIdentifier.init))
      let shown = Set(ModelPaths.shownModels(from: graph.hub).map(ObjectIdentifier.init))
      #expect(walked == shown, "seed \(seed): the walk and the snapshot reach other models")
      let reels = Walk.reachableModels(from: graph.hub).compactMap { $0 as? Reel }
      let headerLeaves = reels.compactMap(\.header.leaf)
      let tail = reels.flatMap(\.tail)
      let tailIDs = Set(tail.map(ObjectIdentifier.init))
      #expect(
        headerLeaves.allSatisfy { walked.contains(ObjectIdentifier($0)) },
        "seed \(seed): a leaf in a reel's header was not reached")
      #expect(tailIDs.isDisjoint(with: walked), "seed \(seed): a tail leaf was reached")

      let store = Store(graph.hub)
      let recipients = Set(
        store.recipients(of: Ping.ping).compactMap { recipient -> ObjectIdentifier? in
          guard case let .model(_, model) = recipient else { return nil }
          return ObjectIdentifier(model)
        })
      #expect(recipients.isSubset(of: walked), "seed \(seed)")
      #expect(
        reels.allSatisfy { recipients.contains(ObjectIdentifier($0)) },
        "seed \(seed): a reel is not listed as a recipient")
      #expect(tailIDs.isDisjoint(with: recipients), "seed \(seed): a tail leaf is a recipient")

      graph.prepareForDispatch()
      graph.log.entries = []
      store.dispatch(Ping.ping)
      let reduced = Set(
        graph.log.entries.compactMap { entry -> Int? in
          guard case let .reduced(id) = entry else { return nil }
          return id
        })
      #expect(
        Set(reels.map(\.header.id) + headerLeaves.map(\.id)).isSubset(of: reduced),
        "seed \(seed): a reel or a leaf in its header was not reduced")
      #expect(
        Set(tail.map(\.id)).isDisjoint(with: reduced), "seed \(seed): a tail leaf was reduced")

      let paths = ModelPaths.paths(to: reels, from: graph.hub)
      let expected = reels.map { reel in
        "the model at \(paths[ObjectIdentifier(reel)] ?? "?"), so changes are not checked: "
          + "Reel is a ManagedBuffer, whose tail elements a copy would have no room for. Keep "
          + "the buffer in a property of a model instead of making it one."
      }
      do {
        _ = try ModelTreeCopy(copying: graph.hub)
        #expect(reels.isEmpty, "seed \(seed): a graph with a ManagedBuffer model was copied")
      } catch {
        #expect(Set(error.refusals) == Set(expected), "seed \(seed)")
      }
      reelsSeen += reels.count
      headerLeavesSeen += headerLeaves.count
      tailLeavesSeen += tail.count
    }
    #expect(reelsSeen > 0)
    #expect(headerLeavesSeen > 0)
    #expect(tailLeavesSeen > 0)
  }

  /// A history records what a reel's `reduce` changes in its header, and undo restores it;
  /// its tail is left as it was.
  @Test(arguments: TestScale.batches(0..<2, sample: [0]))
  func historyUndoesWhatAManagedBufferModelChangedInItsHeader(batch: UInt64) async throws {
    var reelsSeen = 0
    let first = 30_000 + batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = RandomModelGraph(seed: seed, hidesModels: false, families: [.managedBuffers])
      defer { graph.unlink() }
      let reels = Walk.reachableModels(from: graph.hub).compactMap { $0 as? Reel }
      let tails = reels.map { $0.tail.map(ObjectIdentifier.init) }
      let store = Store(graph.hub, reportsUnhandledActions: false)
      let history = History(store)
      let before = reels.map(\.header.probes)
      store.dispatch(Ping.ping)
      #expect(reels.map(\.header.probes) == before.map { $0 + 1 }, "seed \(seed)")
      _ = try history.undo()
      #expect(reels.map(\.header.probes) == before, "seed \(seed): undo left a header changed")
      #expect(reels.map { $0.tail.map(ObjectIdentifier.init) } == tails, "seed \(seed)")
      reelsSeen += reels.count
    }
    #expect(reelsSeen > 0)
  }
}
