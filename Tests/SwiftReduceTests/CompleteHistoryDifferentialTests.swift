import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Completeness of the history (issue #34 item 7): on generated graphs whose reducers write
/// *other* models, each step's patches are the difference between the snapshots before and
/// after its dispatch, undoing every step in reverse returns the first snapshot, and redoing
/// every step returns the last.
///
/// The graphs:
/// - ``CrossWritingGraph``, by ``CrossFamily``: parents renaming children (which take the
///   action too) and writing cells (which do not), children writing their parents through a
///   weak reference and their siblings through it, nodes tagging the root through an unowned
///   one, rows removing themselves from their parent's array and retitling themselves after,
///   cells and nodes moved between container models, a cell written through another node's
///   stored reference, held perhaps only there. ``CrossFamily/ownWrites``, where each node
///   writes only itself, is the control: it holds today.
/// - ``MovingGraph``, the graphs of ``MovingTreeDifferentialTests``, whose models add, remove,
///   replace and move the models and value rows above and beside them mid-dispatch.
/// - ``RandomModelGraph`` with the value model families, the graphs of
///   ``HistoryDifferentialTests``: value models changed in place among shared models and cycles.
///
/// "The patches are the difference" is ``PatchCoverage``'s rule, at the grain of stored
/// properties, array elements, dictionary keys and set members; each step's patches are read
/// right after its dispatch, since a patch names its model by where it is when read.
///
/// **Another writer between steps.** With ``OtherWriter/betweenSteps``, before every dispatch
/// but the first, code outside the store sets the `margin` of one or two models in the tree,
/// a property no script writes. The history must find those writes at the next dispatch and
/// keep them as a step of kind ``HistoryStep/Kind/merge`` before the dispatch's own step: one
/// patch per model written, at its `margin`, with the text written last. (Their paths are not
/// compared with a snapshot difference: the merge is read after the dispatch, which may have
/// moved the models.) Undo passes over merges, so undoing every step does not return the first
/// snapshot but the first snapshot with the other writer's writes made on it; since no step
/// touches a `margin`, that is the snapshot of a twin graph, built from the same seed, with the
/// same writes made on the same models (by serial) and no dispatch. Redoing every step returns
/// the last snapshot, which holds the other writer's writes already.
///
/// 5 families × 4 batches of 10 cross-writing graphs, 4 dispatches each; the control and the
/// mixed family × 4 batches with the other writer; 3 moving families × 3 batches of 10 graphs,
/// 2 dispatches each; 4 batches of 4 value model graphs, 3 dispatches each: 386 graphs a run.
/// `SWIFTREDUCE_TEST_SCALE=sampled` compares one batch of each, 104 graphs.
@MainActor
struct CompleteHistoryDifferentialTests {
  static let graphsPerBatch: UInt64 = 10
  /// Seeds of their own, past those of the other differential tests.
  static let firstSeed: UInt64 = 70_000
  /// How many failing graphs of a batch are described in full.
  static let failuresShown = 2

  /// Whether code outside the store writes the tree between dispatches.
  enum OtherWriter: String, CaseIterable, Sendable, CustomStringConvertible {
    case none
    case betweenSteps

    var description: String { rawValue }
  }

  @Test(
    arguments: CrossFamily.allCases, TestScale.batches(0..<4, sample: [0]))
  func patchesAreTheSnapshotDifferenceAndUndoRedoRoundTripWhenReducersWriteOtherModels(
    family: CrossFamily, batch: UInt64
  ) async {
    await checkCrossWritingGraphs(family: family, batch: batch, otherWriter: .none)
  }

  @Test(
    arguments: [CrossFamily.ownWrites, .mixed], TestScale.batches(0..<4, sample: [1]))
  func anotherWriterBetweenStepsIsKeptAsAMergeAndUndoPassesOverIt(
    family: CrossFamily, batch: UInt64
  ) async {
    await checkCrossWritingGraphs(family: family, batch: batch, otherWriter: .betweenSteps)
  }

  @Test(arguments: MovingFamily.allCases, TestScale.batches(0..<3, sample: [0]))
  func patchesAreTheSnapshotDifferenceAndUndoRedoRoundTripWhileModelsMoveOthers(
    family: MovingFamily, batch: UInt64
  ) async {
    var failures: [String] = []
    var steps = 0
    var replayed = 0
    let first = Self.firstSeed + 5_000 + batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = MovingGraph(seed: seed, family: family)
      defer { graph.tearDown() }
      let store = Store(graph.root, reportsUnhandledActions: false)
      let history = History(store, limit: 1_000)
      var session = Session(history: history, root: graph.root)
      for dispatch in 0..<2 {
        graph.stage.begin(dispatch: dispatch)
        session.dispatch(MovingTick(), number: dispatch)
      }
      steps += history.steps.count
      replayed += session.replays.exact
      session.roundTrip(expectingAfterUndo: session.first)
      guard !session.problems.isEmpty else { continue }
      failures.append(
        """
        Seed \(seed), moving family \(family):
        \(session.problems.joined(separator: "\n"))
        moves: \(graph.stage.trace)
        scripts:
        \(graph.scriptDescription)
        """)
    }
    Self.record(failures)
    #expect(steps > 0)
    #expect(replayed > 0)
  }

  /// The graphs of ``HistoryDifferentialTests``, whose value models change in place among
  /// shared models and cycles: what the history records today, checked at the grain of
  /// ``PatchCoverage`` too.
  @Test(arguments: TestScale.batches(0..<4, sample: [0]))
  func patchesAreTheSnapshotDifferenceOnValueModelGraphs(batch: UInt64) async {
    var failures: [String] = []
    var steps = 0
    // Fewer graphs a batch: they are larger, and the other tests of the history cover them.
    let graphs: UInt64 = 4
    let first = Self.firstSeed + 8_000 + batch * graphs
    for seed in first..<(first + graphs) {
      await Task.yield()
      let (graph, _, history) = HistoryDifferentialTests.recordedGraph(seed: seed)
      defer { graph.unlink() }
      var session = Session(history: history, root: graph.hub)
      var random = SplitMix64(seed: seed)
      let actions = TraversalDifferentialTests.actions
      for dispatch in 0..<3 {
        session.dispatch(actions[Int(random.next() % UInt64(actions.count))], number: dispatch)
      }
      steps += history.steps.count
      session.roundTrip(expectingAfterUndo: session.first)
      guard !session.problems.isEmpty else { continue }
      failures.append(
        "Seed \(seed), value model graph:\n\(session.problems.joined(separator: "\n"))")
    }
    Self.record(failures)
    #expect(steps > 0)
    // Their broadcasts change every model a changed value holds: replays are refused whole.
  }

  // MARK: - Cross-writing graphs

  private func checkCrossWritingGraphs(
    family: CrossFamily, batch: UInt64, otherWriter: OtherWriter
  ) async {
    var failures: [String] = []
    var performed: Set<String> = []
    var merges = 0
    var replayed = 0
    let offset: UInt64 = otherWriter == .none ? 0 : 2_000
    let first = Self.firstSeed + offset + batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let graph = CrossWritingGraph(seed: seed, family: family)
      defer { graph.tearDown() }
      let store = Store(graph.root, reportsUnhandledActions: false)
      let history = History(store, limit: 1_000)
      var session = Session(history: history, root: graph.root)
      var outside: [(serial: Int, text: String)] = []
      for dispatch in 0..<CrossWritingGraph.dispatches {
        graph.stage.dispatch = dispatch
        var written: [(serial: Int, text: String)] = []
        if otherWriter == .betweenSteps, dispatch > 0 {
          written = graph.writeOutside(dispatch)
          outside += written
        }
        // The text each model written holds: the last written to it.
        let held = Dictionary(written.map { ($0.serial, $0.text) }) { $1 }
        session.dispatch(CrossTick(), number: dispatch, outside: Array(held.values))
      }
      merges += history.steps.filter { $0.kind == .merge }.count
      replayed += session.replays.exact
      performed.formUnion(graph.stage.performed.keys)
      // The first snapshot with the other writer's writes made on it: a twin's.
      let twin = CrossWritingGraph(seed: seed, family: family)
      twin.writeAgain(outside)
      let expectedAfterUndo = TreeSnapshot(twin.root)
      twin.tearDown()
      session.roundTrip(expectingAfterUndo: expectedAfterUndo)
      guard !session.problems.isEmpty else { continue }
      failures.append(
        """
        Seed \(seed), family \(family), other writer \(otherWriter):
        \(session.problems.joined(separator: "\n"))
        writes: \(graph.stage.trace)
        outside: \(outside.map { "N\($0.serial).margin = \($0.text)" })
        scripts:
        \(graph.scriptDescription)
        """)
    }
    Self.record(failures)
    // The graphs were written: every kind of write the family makes was made.
    let missing = Set(family.writes).subtracting(performed)
    #expect(missing.isEmpty, "writes never made: \(missing.sorted())")
    if otherWriter == .betweenSteps { #expect(merges > 0) }
    // Some steps replay exactly on a copy of the tree (the rest are refused whole).
    #expect(replayed > 0)
  }

  /// Records the first failures in full, and how many there were.
  private static func record(_ failures: [String]) {
    for failure in failures.prefix(failuresShown) { Issue.record(Comment(rawValue: failure)) }
    if failures.count > failuresShown {
      Issue.record("\(failures.count) of \(graphsPerBatch) graphs fail; the first are shown")
    }
  }

  // MARK: - One session

  /// Dispatches on one graph, checking each dispatch's steps, then undoes and redoes them.
  @MainActor
  struct Session<Root: Reducer> {
    let history: History<Root>
    let root: AnyObject
    /// The snapshot before the first dispatch.
    let first: TreeSnapshot
    /// The snapshot after the last dispatch.
    private(set) var last: TreeSnapshot
    /// What did not hold, each with the dispatch it was found at.
    private(set) var problems: [String] = []

    /// What `onPatches` told, and the reference that finds every path anew told.
    private let heard = HeardPatches()

    init(history: History<Root>, root: AnyObject) {
      self.history = history
      self.root = root
      first = TreeSnapshot(root)
      last = first
      let heard = heard
      heard.subscriptions = [
        history.store.onPatches { heard.kept += $0.map(\.description) },
        history.store.onPatchesFindingEveryPath { heard.found += $0.map(\.description) },
      ]
    }

    /// The paths `onPatches` keeps are those a snapshot finds, for every change since the last look.
    private mutating func checkKeptPaths(after change: String) {
      if heard.kept != heard.found {
        problems.append(
          "\(change): onPatches told \(heard.kept), where finding every path gives \(heard.found)")
      }
      heard.kept = []
      heard.found = []
    }

    /// Dispatches `action`, after the other writer left the texts `outside` in the models it
    /// wrote, one each.
    ///
    /// The steps it adds: a merge when the tree changed since the last dispatch, then a change
    /// when the dispatch changed it, and nothing else.
    mutating func dispatch(_ action: any Action, number: Int, outside: [String] = []) {
      let before = TreeSnapshot(root)
      // A twin of the tree before the dispatch, on which its patches are replayed.
      let twin = try? ModelTreeCopy(copying: history.store.root)
      let count = history.steps.count
      history.store.dispatch(action)
      let after = TreeSnapshot(root)
      var added = Array(history.steps.dropFirst(count))
      if before != last {
        if let merge = added.first, merge.kind == .merge {
          added.removeFirst()
          checkMerge(merge, outside: outside, number: number)
        } else {
          problems.append(
            "dispatch \(number): no merge step for the other writer's writes \(outside); "
              + "the tree changed since the last dispatch:\n\(before.difference(from: last))")
        }
      }
      // A dispatch that changed nothing in the tree may still have written models that left
      // it and are held elsewhere (by an earlier step that removed them): a step whose
      // every patch is on such a model, named by its type, so that undo brings them back
      // as they were.
      let onlyOutsideTheTree =
        added.count == 1
        && added[0].patches.allSatisfy { $0.path.description.first?.isUppercase == true }
      let expected = after == before ? (onlyOutsideTheTree ? 1 : 0) : 1
      if added.count != expected || added.contains(where: { $0.kind != .change }) {
        problems.append(
          "dispatch \(number): \(added.count) steps of kinds \(added.map(\.kind)), "
            + "expected \(expected) change")
      }
      if let step = added.last, step.kind == .change {
        let coverage = PatchCoverage(step.patches, from: before, to: after)
        if !coverage.isExact {
          problems.append("dispatch \(number), \"\(step.label)\":\n\(coverage.report)")
        }
        if let twin { replay(step, on: twin.root, expecting: after, number: number) }
      }
      last = after
      checkKeptPaths(after: "dispatch \(number)")
    }

    /// How many steps' patches, replayed on a copy of the tree before them, gave the tree
    /// after them; and how many were refused whole.
    private(set) var replays = (exact: 0, refused: 0)

    /// Applying the step's patches to `twin`, a copy of the tree before it, gives the tree
    /// after it, or is refused whole, leaving the copy as it was: never a tree that is neither.
    ///
    /// A refusal is expected where a dispatch both moved or removed a model and wrote it: a
    /// patch holds what a model held at the end of the dispatch, and the patches of a step
    /// come model by model, not in the order the writes were made.
    private mutating func replay(
      _ step: HistoryStep, on twin: Root, expecting after: TreeSnapshot, number: Int
    ) {
      let store = Store(twin, reportsUnhandledActions: false)
      let before = TreeSnapshot(twin)
      do {
        try store.apply(step.patches)
        let replayed = TreeSnapshot(twin)
        if replayed == after {
          replays.exact += 1
        } else {
          problems.append(
            "dispatch \(number), \"\(step.label)\" replayed on a copy:\n"
              + after.difference(from: replayed).description)
        }
      } catch {
        replays.refused += 1
        let left = TreeSnapshot(twin)
        if left != before {
          problems.append(
            "dispatch \(number), \"\(step.label)\" refused (\(error)) but changed the copy:\n"
              + left.difference(from: before).description)
        }
      }
    }

    /// A merge holds one patch per model the other writer wrote, at its `margin`, with the
    /// text it left there.
    private mutating func checkMerge(_ merge: HistoryStep, outside: [String], number: Int) {
      let patches = merge.patches
      let atMargins = patches.allSatisfy { $0.path.last == .property("margin") }
      let texts = patches.compactMap { $0.after as? String }
      guard atMargins, texts.count == patches.count, texts.sorted() == outside.sorted() else {
        problems.append(
          "dispatch \(number): the merge is \(patches.map(\.description)), "
            + "the other writer left \(outside.sorted())")
        return
      }
    }

    /// Undoes every change step, expecting `expectedAfterUndo`, then redoes every one,
    /// expecting the last snapshot.
    mutating func roundTrip(expectingAfterUndo expectedAfterUndo: TreeSnapshot) {
      let changes = history.steps.filter { $0.kind == .change }.count
      var undone = 0
      do {
        while try history.undo() != nil { undone += 1 }
      } catch {
        problems.append("undo \(undone + 1) of \(changes) refused: \(error)")
        return
      }
      if undone != changes { problems.append("undid \(undone) of \(changes) change steps") }
      let afterUndo = TreeSnapshot(root).difference(from: expectedAfterUndo)
      if !afterUndo.isEmpty {
        problems.append("after undoing \(undone) steps, the tree differs:\n\(afterUndo)")
      }
      do {
        while try history.redo() != nil {}
      } catch {
        problems.append("redo refused: \(error)")
        return
      }
      let afterRedo = TreeSnapshot(root).difference(from: last)
      if !afterRedo.isEmpty {
        problems.append("after redoing every step, the tree differs:\n\(afterRedo)")
      }
      checkKeptPaths(after: "undoing and redoing every step")
    }
  }
}

/// The patches two listeners of one store were told, as text.
@MainActor
private final class HeardPatches {
  var kept: [String] = []
  var found: [String] = []
  var subscriptions: [StoreSubscription] = []
}
