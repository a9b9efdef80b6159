import Testing

@testable import MovieList

struct ThreeWayMergeTests {
  @Test func whatTheOtherSideRemovedGoesAndWhatEitherSideAddedOrChangedStays() {
    let base = Snapshot(name: "Ada", movies: ["Alien": 1, "Brazil": 2, "Casablanca": 1, "Dune": 1])
    // Here: Brazil watched again, Dune removed, Heat added.
    let mine = Snapshot(name: "Ada", movies: ["Alien": 1, "Brazil": 3, "Casablanca": 1, "Heat": 1])
    // There: Alien and Brazil removed, Casablanca watched again, Jaws added.
    let theirs = Snapshot(name: "Ada", movies: ["Casablanca": 2, "Dune": 1, "Jaws": 1])
    let merge = ThreeWayMerge(base: base, mine: mine, theirs: theirs)
    #expect(
      merge.merged
        == Snapshot(name: "Ada", movies: ["Brazil": 3, "Casablanca": 2, "Heat": 1, "Jaws": 1]))
    #expect(merge.conflicts.isEmpty)
    #expect(merge.notice == nil)
  }

  @Test func countsBothSidesChangedKeepTheLargerAndTheNoticeSaysSo() {
    let base = Snapshot(name: "", movies: ["Alien": 1, "Brazil": 1])
    let mine = Snapshot(name: "", movies: ["Alien": 4, "Brazil": 2, "Heat": 1])
    let theirs = Snapshot(name: "", movies: ["Alien": 2, "Brazil": 5, "Heat": 3])
    let merge = ThreeWayMerge(base: base, mine: mine, theirs: theirs)
    #expect(merge.merged == Snapshot(name: "", movies: ["Alien": 4, "Brazil": 5, "Heat": 3]))
    #expect(merge.conflicts.map(\.title) == ["Alien", "Brazil", "Heat"])
    #expect(
      merge.notice
        == "Merged another instance's save: \"Alien\" was watched 2 times there and 4 here; "
        + "the larger, 4, is kept, and so for 2 more movies.")
  }

  @Test func theNameAndTheOrderFollowTheSideThatChangedThem() {
    let base = Snapshot(name: "Ada", movies: [:], order: .title)
    let mine = Snapshot(name: "Ada", movies: [:], order: .views)
    let theirs = Snapshot(name: "Grace", movies: [:], order: .title)
    #expect(
      ThreeWayMerge(base: base, mine: mine, theirs: theirs).merged
        == Snapshot(name: "Grace", movies: [:], order: .views))
  }
}
