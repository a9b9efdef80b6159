import SwiftReduce
import Testing

/// A hand-built moving graph, built twice: the store dispatches on one copy and
/// ``MovingReference`` on the other, so that a named test checks both against the order it
/// writes out.
///
/// A node's leaf has its serial plus 500: node 2's ``MovingNode/tag`` is leaf 502.
@MainActor
final class MovingFixture {
  let stage = MovingStage()
  let root: MovingNode
  let referenceStage = MovingStage()
  let referenceRoot: MovingNode
  private let store: Store<MovingNode>
  private var dispatches = 0

  /// - Parameters:
  ///   - scripts: The moves of each acting model, by serial, for the first dispatch.
  ///   - build: Makes the tree with the stage given, registering the nodes moves name.
  init(scripts: [Int: [MovingMove]], build: (MovingFixture.Builder) -> MovingNode) {
    root = build(Builder(stage: stage))
    referenceRoot = build(Builder(stage: referenceStage))
    for (serial, moves) in scripts {
      stage.scripts[serial] = [moves]
      referenceStage.scripts[serial] = [moves]
    }
    store = Store(root, reportsUnhandledActions: false)
  }

  isolated deinit {
    stage.tearDown()
    referenceStage.tearDown()
  }

  /// Dispatches once through the store and once through the reference, and returns what
  /// each delivered to.
  func dispatch() -> (store: [Int], reference: [Int]) {
    stage.begin(dispatch: dispatches)
    referenceStage.begin(dispatch: dispatches)
    dispatches += 1
    store.dispatch(MovingTick())
    MovingReference.dispatch(from: referenceRoot)
    return (stage.deliveries, referenceStage.deliveries)
  }

  /// Dispatches once through each, and expects both to deliver to `expected`, in that
  /// order, and to leave the same tree.
  func expectDispatch(
    delivering expected: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let (store, reference) = dispatch()
    #expect(reference == expected, sourceLocation: sourceLocation)
    #expect(store == expected, sourceLocation: sourceLocation)
    #expect(trees.store == trees.reference, sourceLocation: sourceLocation)
  }

  /// The two trees, which must be the same.
  var trees: (store: String, reference: String) {
    (MovingDump.of(root), MovingDump.of(referenceRoot))
  }

  /// Makes the models of one copy.
  struct Builder {
    let stage: MovingStage

    func node(_ serial: Int, build: (MovingNode) -> Void = { _ in }) -> MovingNode {
      let node = MovingNode(
        serial: serial, stage: stage, tag: MovingLeaf(serial: serial + 500, stage: stage))
      stage.nodes[serial] = node
      build(node)
      return node
    }

    func note(_ serial: Int) -> MovingNote {
      MovingNote(serial: serial, stage: stage)
    }

    func row<Row: MovingRow>(_ serial: Int, controller: MovingNode? = nil, note: Int) -> Row {
      Row(serial: serial, stage: stage, controller: controller, note: self.note(note))
    }
  }
}
