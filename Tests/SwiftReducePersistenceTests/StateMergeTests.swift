import SwiftReduce
import Testing

@testable import SwiftReducePersistence

/// The rule two changes of one saved state are merged by, element by element, each case
/// with the state both started from (`base`), this process's (`here`) and the other's
/// (`there`).
@MainActor
struct StateMergeTests {
  private func merged(
    _ base: Patch.EncodedValue, _ here: Patch.EncodedValue, _ there: Patch.EncodedValue,
    resolve: StateMerge.Resolve? = nil
  ) -> (Patch.EncodedValue, [StateMerge.Conflict]) {
    let merge = StateMerge(base: base, here: here, there: there, resolve: resolve)
    return (merge.merged, merge.conflicts)
  }

  @Test func anElementOnlyOneSideChangedTakesThatSidesChange() {
    let (state, conflicts) = merged(
      ["name": "", "theme": "light"], ["name": "Central", "theme": "light"],
      ["name": "", "theme": "dark"])

    #expect(state == ["name": "Central", "theme": "dark"])
    #expect(conflicts == [])
  }

  @Test func anElementBothChangedToTheSameValueIsNoConflict() {
    let (state, conflicts) = merged(["name": ""], ["name": "Central"], ["name": "Central"])

    #expect(state == ["name": "Central"])
    #expect(conflicts == [])
  }

  @Test func anElementBothChangedEachTheirOwnWayKeepsTheValueHereAndIsAConflict() {
    let (state, conflicts) = merged(
      ["settings": ["theme": "light"]], ["settings": ["theme": "dark"]],
      ["settings": ["theme": "sepia"]])

    #expect(state == ["settings": ["theme": "dark"]])
    #expect(
      conflicts == [
        StateMerge.Conflict(
          steps: [.member("settings"), .member("theme")], base: "light", here: "dark",
          there: "sepia", kept: "dark")
      ])
  }

  @Test func anElementRemovedHereAndChangedThereStaysRemovedAndIsAConflict() {
    let (state, conflicts) = merged(
      ["ratings": ["Odes": 3, "Maps": 1]], ["ratings": ["Maps": 1]],
      ["ratings": ["Odes": 4, "Maps": 1]])

    #expect(state == ["ratings": ["Maps": 1]])
    #expect(
      conflicts == [
        StateMerge.Conflict(
          steps: [.member("ratings"), .member("Odes")], base: 3, here: nil, there: 4, kept: nil)
      ])
  }

  @Test func anElementRemovedThereAndLeftHereIsRemoved() {
    let (state, conflicts) = merged(
      ["ratings": ["Odes": 3]], ["ratings": ["Odes": 3]], ["ratings": [:]])

    #expect(state == ["ratings": [:]])
    #expect(conflicts == [])
  }

  @Test func elementsBothAddedAtTheEndOfAListAreBothKeptThoseHereFirst() {
    let (state, conflicts) = merged(["shelves": [1]], ["shelves": [1, 2]], ["shelves": [1, 3]])

    #expect(state == ["shelves": [1, 2, 3]])
    #expect(conflicts == [])
  }

  @Test func runsOfAListThatDoNotOverlapAreBothMade() {
    let (state, conflicts) = merged(
      ["shelves": [1, 2, 3, 4]], ["shelves": [9, 2, 3, 4]], ["shelves": [1, 2, 4, 5]])

    #expect(state == ["shelves": [9, 2, 4, 5]])
    #expect(conflicts == [])
  }

  @Test func aListWhoseLengthNeitherChangedIsMergedPositionByPosition() {
    let (state, conflicts) = merged(
      ["shelves": [["title": "Poetry", "visits": 0]]],
      ["shelves": [["title": "Verse", "visits": 0]]],
      ["shelves": [["title": "Poetry", "visits": 1]]])

    #expect(state == ["shelves": [["title": "Verse", "visits": 1]]])
    #expect(conflicts == [])
  }

  @Test func overlappingRunsThatChangeALengthAreAConflictOnTheWholeList() {
    let (state, conflicts) = merged(
      ["shelves": [1, 2, 3]], ["shelves": [1, 9]], ["shelves": [1, 2, 7, 3]])

    #expect(state == ["shelves": [1, 9]])
    #expect(
      conflicts == [
        StateMerge.Conflict(
          steps: [.member("shelves")], base: [1, 2, 3], here: [1, 9], there: [1, 2, 7, 3],
          kept: [1, 9])
      ])
  }

  // MARK: - A rule of the user's

  /// The larger of two counts, and a count over a removal: MovieList's rule.
  private let largerCountWins: StateMerge.Resolve = { _, _, here, there in
    switch (here, there) {
    case let (.int(here)?, .int(there)?): here >= there ? .here : .there
    case (nil, _?): .there
    default: .here
    }
  }

  @Test func aResolverKeepsTheValueItChoosesAndTheConflictSaysWhichWasKept() {
    let (state, conflicts) = merged(
      ["ratings": ["Odes": 3]], ["ratings": ["Odes": 4]], ["ratings": ["Odes": 5]],
      resolve: largerCountWins)

    #expect(state == ["ratings": ["Odes": 5]])
    #expect(
      conflicts == [
        StateMerge.Conflict(
          steps: [.member("ratings"), .member("Odes")], base: 3, here: 4, there: 5, kept: 5)
      ])
  }

  @Test func aResolverCanKeepAnElementRemovedHereThatWasChangedThere() {
    let (state, conflicts) = merged(
      ["ratings": ["Odes": 3, "Maps": 1]], ["ratings": ["Maps": 1]],
      ["ratings": ["Odes": 4, "Maps": 1]], resolve: largerCountWins)

    #expect(state == ["ratings": ["Odes": 4, "Maps": 1]])
    #expect(conflicts.map(\.kept) == [4])
  }

  @Test func aResolverIsGivenThePlaceAndTheThreeValuesOfEachConflict() {
    var asked: [[StateMerge.Step]] = []
    let (state, _) = merged(
      ["a": 1, "b": ["c": 1]], ["a": 2, "b": ["c": 2]], ["a": 3, "b": ["c": 3]],
      resolve: { steps, base, here, there in
        asked.append(steps)
        #expect(base == 1)
        #expect(here == 2)
        #expect(there == 3)
        return steps.count == 1 ? .value(7) : .removed
      })

    #expect(asked == [[.member("a")], [.member("b"), .member("c")]])
    #expect(state == ["a": 7, "b": [:]])
  }
}
