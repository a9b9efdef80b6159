import Testing

@testable import TodosFeature

/// How `move(fromOffsets:toOffset:)` moves elements, as SwiftUI's does.
struct ArrayMoveTests {
  /// Each case: the offsets moved, the destination, and the array after the move.
  @Test(arguments: [
    ([0], 2, ["b", "a", "c", "d"]),
    ([0], 4, ["b", "c", "d", "a"]),
    ([3], 0, ["d", "a", "b", "c"]),
    ([2], 1, ["a", "c", "b", "d"]),
    ([0, 2], 4, ["b", "d", "a", "c"]),
    ([3, 1], 0, ["b", "d", "a", "c"]),
    ([1], 1, ["a", "b", "c", "d"]),
    ([1], 2, ["a", "b", "c", "d"]),
  ])
  func movedElementsGoBeforeTheDestinationInTheirOrder(
    offsets: [Int], destination: Int, expected: [String]
  ) {
    var letters = ["a", "b", "c", "d"]
    letters.move(fromOffsets: offsets, toOffset: destination)
    #expect(letters == expected)
  }

  /// Offsets and destinations a stale screen could send: none stops the program.
  @Test(arguments: [
    ([7], 0, ["a", "b", "c", "d"]),
    ([-1, 0], 2, ["b", "a", "c", "d"]),
    ([0, 0], 9, ["b", "c", "d", "a"]),
    ([3], -5, ["d", "a", "b", "c"]),
  ])
  func offsetsOutsideAreLeftOutAndDestinationsPastAnEndAreThatEnd(
    offsets: [Int], destination: Int, expected: [String]
  ) {
    var letters = ["a", "b", "c", "d"]
    letters.move(fromOffsets: offsets, toOffset: destination)
    #expect(letters == expected)
  }
}
