import SwiftReduceTestSupport
import Testing

@testable import SwiftReduce

/// A targeted dispatch reaches exactly the models of its target's subtree: on random graphs,
/// an action sent to a node reduces the models ``ReferenceMirrorWalk`` reduces from that node,
/// in the same order, and nothing else.
@MainActor
struct TargetedDispatchDifferentialTests {
  static let actions: [any Action] = [Ping.ping, Pong.pong, Unheard.unheard]
  static let graphsPerBatch: UInt64 = 40

  @Test(arguments: TestScale.batches(0..<10, sample: [0, 9]))
  func targetedDispatchReducesExactlyTheModelsOfItsSubtreeInTheReferenceWalksOrder(
    batch: UInt64
  ) async {
    var compared = 0
    var reductions = 0
    let first = batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = RandomModelGraph(seed: seed, hidesModels: false)
      defer { graph.unlink() }
      let store = Store(graph.hub)
      let nodes = Walk.reachableModels(from: graph.hub).compactMap { $0 as? Node }
      // A node near the top, one in the middle and the last one reached.
      let targets = [nodes.dropFirst().first, nodes.dropFirst(nodes.count / 2).first, nodes.last]
      for case let target? in targets {
        for action in Self.actions {
          graph.prepareForDispatch()
          ReferenceMirrorWalk.dispatch(action, from: target)
          let expected = graph.log.entries
          graph.prepareForDispatch()
          store.dispatch(action, to: \Hub.[probeTarget: ProbeTarget(target)])
          let actual = graph.log.entries
          if let difference = firstDifference(expected, actual) {
            Issue.record(
              """
              Seed \(seed), \(action) to node \(target.id): \(difference)
              expected: \(expected)
              actual:   \(actual)
              """)
          }
          compared += 1
          reductions += expected.count
        }
      }
    }
    // Worth something only if actions were sent, and reduced models below their targets.
    #expect(compared > 0)
    #expect(reductions > compared)
  }
}

/// A node the differential test sends actions to, known by its identity.
private struct ProbeTarget: Hashable {
  let node: Node

  init(_ node: Node) {
    self.node = node
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.node === rhs.node }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(node)) }
}

extension Hub {
  /// The node a differential test targets, as a key path step from the hub.
  fileprivate subscript(probeTarget target: ProbeTarget) -> Node? { target.node }
}
