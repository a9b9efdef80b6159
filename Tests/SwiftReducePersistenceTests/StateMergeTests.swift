import SwiftReduce
import Testing

@testable import SwiftReducePersistence

/// The rule two changes of one saved state are merged by, element by element, each case
/// with the state both started from (`base`), this process's (`here`) and the other's
/// (`there`).
@MainActor
struct StateMergeTests {
  private func merged(
    _ base: Patch.EncodedValue, _ here: Patch.EncodedValue, _ there: Patch.EncodedValue
  ) -> (Patch.EncodedValue, [StateMerge.Conflict]) {
    let merge = StateMerge(base: base, here: here, there: there)
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
          steps: [.member("settings"), .member("theme")], here: "dark", there: "sepia")
      ])
  }

  @Test func anElementRemovedHereAndChangedThereStaysRemovedAndIsAConflict() {
    let (state, conflicts) = merged(
      ["ratings": ["Odes": 3, "Maps": 1]], ["ratings": ["Maps": 1]],
      ["ratings": ["Odes": 4, "Maps": 1]])

    #expect(state == ["ratings": ["Maps": 1]])
    #expect(
      conflicts == [
        StateMerge.Conflict(steps: [.member("ratings"), .member("Odes")], here: nil, there: 4)
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
        StateMerge.Conflict(steps: [.member("shelves")], here: [1, 9], there: [1, 2, 7, 3])
      ])
  }
}
