import SwiftReduce
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
      let store = Store(actual.root)
      store.reportsUnhandledActions = false
      for dispatch in 0..<2 {
        actual.stage.begin(dispatch: dispatch)
        expected.stage.begin(dispatch: dispatch)
        store.dispatch(MovingTick())
        MovingReference.dispatch(from: expected.root)
        performed.merge(expected.stage.performed) { $1 }
        deliveries += expected.stage.deliveries.count
        guard
          let difference = Self.difference(
            expected: expected, actual: actual, seed: seed, dispatch: dispatch)
        else { continue }
        Issue.record(Comment(rawValue: difference))
        disagreements += 1
        break
      }
      if disagreements >= 3 { break }
    }
    // The graphs moved: every kind of change this family makes was made.
    #expect(deliveries > 0)
    if disagreements == 0 {
      let missing = Self.expectedChanges(family).filter { performed[$0, default: 0] == 0 }
      #expect(missing.isEmpty, "changes never made: \(missing)")
    }
  }

  /// The changes each family's batches must make at least once.
  static func expectedChanges(_ family: MovingFamily) -> [String] {
    let edits = ["removeMine", "removeAt", "append", "insertAt", "clear"]
    let arrays = family.places.filter(\.isArray).flatMap { place in
      edits.map { "\(place.rawValue).\($0)" }
    }
    let optionals = family.places.filter(\.isOptional).flatMap { place in
      ["clear", "fill"].map { "\(place.rawValue).\($0)" }
    }
    let dictionaries = family.places.filter(\.isDictionary).flatMap { place in
      ["removeMine", "append", "replaceAt"].map { "\(place.rawValue).\($0)" }
    }
    return arrays + optionals + dictionaries + ["tag.fill"]
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
      \(ValueModelDifferentialTests.firstDifference(expectedLog, actualLog) ?? "same log")
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
