import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// A tree that changes during a dispatch (issue 22, routing rule 13): on random graphs whose
/// models add, remove, replace and clear containers above and beside them while they reduce,
/// `Store.dispatch` delivers to exactly the models ``MovingReference`` delivers to, in the same
/// order, and leaves exactly the same tree.
///
/// Each graph is built twice from its seed: the store dispatches on one copy, the reference on
/// the other, both running the same scripted moves, twice (models stored where the walk had
/// finished take the second action). 3 families × 4 batches of 30 graphs, 360 graphs a run.
@MainActor
struct MovingTreeDifferentialTests {
  static let graphsPerBatch: UInt64 = 30
  /// Seeds of their own, past those of the other differential tests.
  static let firstSeed: UInt64 = 50_000
  /// How many disagreements of a batch are described in full.
  static let disagreementsShown = 3

  @Test(arguments: MovingFamily.allCases, 0..<4)
  func dispatchAgreesWithTheReferenceWhileModelsChangeTheTreeAroundThem(
    family: MovingFamily, batch: UInt64
  ) async {
    var performed: [String: Int] = [:]
    var deliveries = 0
    var disagreements = 0
    let first = Self.firstSeed + batch * Self.graphsPerBatch
    for seed in first..<(first + Self.graphsPerBatch) {
      await Task.yield()
      let actual = MovingGraph(seed: seed, family: family)
      let expected = MovingGraph(seed: seed, family: family)
      defer {
        actual.tearDown()
        expected.tearDown()
      }
      let store = Store(actual.root, reportsUnhandledActions: false)
      var agrees = true
      for dispatch in 0..<2 {
        actual.stage.begin(dispatch: dispatch)
        expected.stage.begin(dispatch: dispatch)
        // Every graph goes through the store, so that the address sanitizer sees them all,
        // even once its deliveries have parted from the reference's.
        store.dispatch(MovingTick())
        guard agrees else { continue }
        MovingReference.dispatch(from: expected.root)
        performed.merge(expected.stage.performed) { $1 }
        deliveries += expected.stage.deliveries.count
        guard
          let difference = Self.difference(
            expected: expected, actual: actual, seed: seed, dispatch: dispatch)
        else { continue }
        agrees = false
        disagreements += 1
        // The first few in full; the count of the rest below.
        if disagreements <= Self.disagreementsShown { Issue.record(Comment(rawValue: difference)) }
      }
    }
    if disagreements > Self.disagreementsShown {
      Issue.record(
        "\(disagreements) of \(Self.graphsPerBatch) graphs disagree with the reference; the first \(Self.disagreementsShown) are shown"
      )
    }
    // The graphs moved: every kind of change this family makes was made.
    #expect(deliveries > 0)
    let made = Self.kinds(of: performed)
    let missing = Self.expectedChanges(family).filter { !made.contains($0) }
    #expect(missing.isEmpty, "changes never made: \(missing)")
  }

  /// The changes each batch must make at least once: in every container the family fills,
  /// a model removed and a model added (for an optional, cleared and filled).
  static func expectedChanges(_ family: MovingFamily) -> [String] {
    family.places.flatMap { place in
      place.isOptional
        ? ["\(place.rawValue).clear", "\(place.rawValue).fill"]
        : ["\(place.rawValue).removing", "\(place.rawValue).adding"]
    } + ["tag.fill"]
  }

  /// The kinds of change made, each edit also counted as removing or adding.
  static func kinds(of performed: [String: Int]) -> Set<String> {
    let removing = ["removeMine", "removeBefore", "removeAfter", "removeAt", "clear", "moveMineTo"]
    let adding = ["append", "insertBeforeMine", "insertAt", "replaceAt", "replaceMine"]
    var kinds = Set(performed.keys)
    for change in performed.keys {
      let parts = change.split(separator: ".")
      guard parts.count == 2 else { continue }
      if removing.contains(String(parts[1])) { kinds.insert("\(parts[0]).removing") }
      if adding.contains(String(parts[1])) { kinds.insert("\(parts[0]).adding") }
    }
    return kinds
  }

  /// Where the store and the reference part, or `nil` when they agree.
  static func difference(
    expected: MovingGraph, actual: MovingGraph, seed: UInt64, dispatch: Int
  ) -> String? {
    let expectedLog = expected.stage.deliveries
    let actualLog = actual.stage.deliveries
    let expectedTree = MovingDump.of(expected.root)
    let actualTree = MovingDump.of(actual.root)
    guard expectedLog != actualLog || expectedTree != actualTree else { return nil }
    let before = MovingGraph(seed: seed, family: expected.family)
    defer { before.tearDown() }
    return """
      Seed \(seed), family \(expected.family), dispatch \(dispatch): \
      \(firstDifference(expectedLog, actualLog) ?? "same log")
      expected log: \(expectedLog)
      actual log:   \(actualLog)
      expected moves: \(expected.stage.trace)
      actual moves:   \(actual.stage.trace)
      tree as built: \(MovingDump.of(before.root))
      expected tree: \(expectedTree)
      actual tree:   \(actualTree)
      scripts:
      \(expected.scriptDescription)
      """
  }
}
