import SwiftReduce
import SwiftReduceTesting
import Testing

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
    /// `TestStore.send` on the broadcast tree, as the teststore case times it.
    case teststore
    /// `TreeSnapshot` of the broadcast tree, the teststore case's unit.
    case snapshot
    /// The library's broadcast while a `History` records it, as the history case times it.
    case history
    /// A root action on the large targeted tree, without and with a `History`
    /// recording it, as the history case times them.
    case targeted
    case historyTargeted = "history-targeted"
    /// An action sent to one row of 100,000 by its id (`to: \.rows, id:`), as
    /// the targeted case times it.
    case targetedRow = "targeted-row"
    /// A read through a scope of one row of 100,000, found by its id.
    case scopeRead = "scope-read"
    /// An action sent to one row of 10,000 by its id, whose reduce starts an
    /// effect of the row's own, as the effects case times it; the effects
    /// are not awaited, so each dispatch's check of their models sees one
    /// more.
    case rowEffect = "row-effect"
    /// Attaches of a saved 10,000-movie catalog to a fresh store, each one
    /// "dispatch", as the persistence case's load rounds after the first.
    case persistenceLoad = "persistence-load"
    /// Dispatches each changing one movie of 100,000, saved to a file, as
    /// the persistence case times them.
    case persistenceSave = "persistence-save"

    /// The engines' names, for the usage.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
  }

  /// Runs `dispatches` broadcasts and checks every leaf reduced each one;
  /// returns the process's exit status.
  static func run(_ engine: Engine, dispatches: Int) -> Int32 {
    let levels = Sizes.full.broadcast
    let tree: any BroadcastTree
    switch engine {
    case .teststore, .snapshot:
      return runTools(engine, dispatches: dispatches)
    case .persistenceLoad, .persistenceSave:
      return runPersistence(engine, dispatches: dispatches)
    case .targeted, .historyTargeted:
      let large = Tree(levels: Sizes.full.targeted.large) { Leaf(title: "leaf \($0)") }
      let store = Store(large.root)
      let history = engine == .historyTargeted ? History(store) : nil
      let action: any Action = RootAction.touch
      for _ in 0..<dispatches { store.dispatch(action) }
      let steps = history?.steps.count ?? 0
      return large.root.value == dispatches && large.leafReductions() == 0
        && steps == (history == nil ? 0 : min(dispatches, 100)) ? 0 : 1
    case .targetedRow:
      let list = RowList(count: 100_000)
      let store = Store(list)
      let action: any Action = LeafAction.bump
      for index in 0..<dispatches {
        store.dispatch(action, to: \.rows, id: index * 7_919 % 100_000)
      }
      return list.rows.reduce(0) { $0 + $1.value } == dispatches ? 0 : 1
    case .rowEffect:
      let list = TimedRows(count: 10_000)
      let store = Store(list)
      let action: any Action = TimedRowAction.start
      for index in 0..<dispatches {
        store.dispatch(action, to: \.rows, id: index * 7_919 % 10_000)
      }
      return list.rows.reduce(0) { $0 + $1.started } == dispatches ? 0 : 1
    case .scopeRead:
      let list = RowList(count: 100_000)
      let store = Store(list)
      guard let row = store.scope(\.rows[id: 4_242]) else { return 1 }
      var total = 0
      for _ in 0..<dispatches { total += row.value }
      return total == 0 ? 0 : 1
    case .swiftreduce, .typedDirect:
      let classTree = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
      let store = Store(classTree.root)
      let action: any Action = LeafAction.bump
      for _ in 0..<dispatches {
        if engine == .swiftreduce { store.dispatch(action) } else { classTree.typedBroadcast() }
      }
      tree = classTree
    case .history:
      let classTree = Tree(levels: levels) { Leaf(title: "leaf \($0)") }
      let store = Store(classTree.root)
      let history = History(store)
      let action: any Action = LeafAction.bump
      for _ in 0..<dispatches { store.dispatch(action) }
      guard history.steps.count == min(dispatches, history.limit) else { return 1 }
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
    return check(tree, engine, dispatches: dispatches)
  }

  /// Runs `count` sends or snapshots on the broadcast tree.
  private static func runTools(_ engine: Engine, dispatches count: Int) -> Int32 {
    let tree = Tree(levels: Sizes.full.broadcast) { Leaf(title: "leaf \($0)") }
    if engine == .snapshot {
      var snapshots: [TreeSnapshot] = []
      for _ in 0..<count { snapshots = [TreeSnapshot(tree.root)] }
      return count == 0 || snapshots.count == 1 ? 0 : 1
    }
    let store = TestStore(tree.root)
    for _ in 0..<count { store.send(RootAction.touch) { $0.value += 1 } }
    return tree.root.value == count ? 0 : 1
  }

  private static func check(_ tree: any BroadcastTree, _ engine: Engine, dispatches: Int) -> Int32 {
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
