import SwiftReduce

/// Broadcasts for a profiler: the broadcast case's tree, dispatched to a
/// given number of times through one engine, with nothing timed.
///
/// Instructions per dispatch are the difference between two counts, say
/// `--profile swiftreduce 200` and `--profile swiftreduce 0`, since both
/// build the same tree.
@MainActor
enum Profile {
  /// What dispatches: the library or a hand-written floor, on class or value leaves.
  enum Engine: String, CaseIterable {
    case swiftreduce
    case typedDirect = "typed-direct"
    case valueLeaves = "value-leaves"
    case valueFloor = "value-floor"

    /// The engines' names, for the usage.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
  }

  /// Runs `dispatches` broadcasts and checks every leaf reduced each one;
  /// returns the process's exit status.
  static func run(_ engine: Engine, dispatches: Int) -> Int32 {
    let levels = Sizes.full.broadcast
    let tree: any BroadcastTree
    switch engine {
    case .swiftreduce, .typedDirect:
      let classTree = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
      let store = Store(classTree.root)
      let action: any Action = LeafAction.bump
      for _ in 0..<dispatches {
        if engine == .swiftreduce { store.dispatch(action) } else { classTree.typedBroadcast() }
      }
      tree = classTree
    case .valueLeaves, .valueFloor:
      let valueTree = ValueLeafTree(levels: levels)
      let store = Store(valueTree.root)
      let action: any Action = LeafAction.bump
      for _ in 0..<dispatches {
        if engine == .valueLeaves { store.dispatch(action) } else { valueTree.typedBroadcast() }
      }
      tree = valueTree
    }
    guard tree.leafReductions() == tree.leafCount * dispatches else {
      var standardError = StandardError()
      print(
        "FAILED profile \(engine.rawValue): \(tree.leafReductions()) leaf reductions, "
          + "expected \(tree.leafCount * dispatches)", to: &standardError)
      return 1
    }
    return 0
  }
}
