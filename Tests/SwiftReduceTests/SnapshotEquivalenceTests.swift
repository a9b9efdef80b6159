import SwiftReduceTestSupport
import Testing

@testable import SwiftReduce

/// `TreeSnapshot.surelyEqual`, the shortcut a test store takes before making snapshots: it
/// answers `true` only where the two trees' snapshots are equal, and for a tree and a
/// copy of it, it answers without making them.
@MainActor
struct SnapshotEquivalenceTests {
  @Test func aTreeAndItsCopyAreSurelyEqual() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore)
    #expect(TreeSnapshot.surelyEqual(bookstore, copy.root))
    #expect(TreeSnapshot.surelyEqual(copy.root, bookstore))
  }

  @Test func aChangedValueIsNotSurelyEqual() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore)
    copy.root.aisles[1].label = "Cinema"
    #expect(!TreeSnapshot.surelyEqual(bookstore, copy.root))
    #expect(TreeSnapshot(bookstore) != TreeSnapshot(copy.root))
  }

  @Test func anEqualValueInOtherStorageIsSurelyEqual() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore)
    // Longer than a small string, and made afresh on each side: other storage, same text.
    let long = "The Fiction aisle, second floor, by the windows"
    bookstore.aisles[0].label = String(long.reversed().reversed())
    copy.root.aisles[0].label = String(long.reversed().reversed())
    copy.root.loans = ["Alien": 1, "Heat": 2]
    #expect(TreeSnapshot.surelyEqual(bookstore, copy.root))
  }

  @Test func valuesThatPrintAlikeButDifferAreNotSurelyEqual() throws {
    let station = WeatherStation()
    let copy = try ModelTreeCopy(copying: station)
    copy.root.temperature.celsius = 20.4
    #expect(station.temperature.description == copy.root.temperature.description)
    #expect(!TreeSnapshot.surelyEqual(station, copy.root))
    #expect(TreeSnapshot(station) != TreeSnapshot(copy.root))
  }

  @Test func aModelSharedByTwoPathsPairsOnlyWithOneSharedCopy() throws {
    let bookstore = makeBookstore()
    let copy = try ModelTreeCopy(copying: bookstore)
    // The copy's second aisle gets its own Alien, equal to the shared one: printed in
    // full where the original refers to the first place it is shown.
    copy.root.aisles[1].books = [Novel("Alien", pages: 320)]
    #expect(!TreeSnapshot.surelyEqual(bookstore, copy.root))
    #expect(TreeSnapshot(bookstore) != TreeSnapshot(copy.root))
  }

  @Test func aCycleIsPairedOnce() throws {
    let first = Pen("Ada")
    first.friend = Pen("Grace")
    first.friend?.friend = first
    defer { first.friend = nil }
    let copy = try ModelTreeCopy(copying: first)
    defer { copy.root.friend = nil }
    #expect(TreeSnapshot.surelyEqual(first, copy.root))
    copy.root.friend?.friend = copy.root.friend
    #expect(!TreeSnapshot.surelyEqual(first, copy.root))
    #expect(TreeSnapshot(first) != TreeSnapshot(copy.root))
  }

  @Test func shapesItDoesNotPairAreLeftToTheSnapshots() throws {
    let hamper = Hamper()
    let copy = try ModelTreeCopy(copying: hamper)
    // Models in an enum's payload and in an `Any`: equal snapshots, no shortcut.
    #expect(TreeSnapshot(hamper) == TreeSnapshot(copy.root))
    #expect(!TreeSnapshot.surelyEqual(hamper, copy.root))
  }

  @Test func objectsThatAreNotModelsMustBeTheSameInstance() throws {
    let bookstore = makeBookstore()
    let kiosk = Kiosk(bookstore: bookstore)
    let other = Kiosk(bookstore: bookstore)
    other.till = Till()
    #expect(TreeSnapshot(kiosk) == TreeSnapshot(other))
    #expect(!TreeSnapshot.surelyEqual(kiosk, other))
  }

  /// On orchards built and edited at random, in the shapes the shortcut pairs, it never
  /// calls two trees equal where their snapshots differ, and it answers for most copies.
  @Test func surelyEqualHoldsOnlyWhereTheSnapshotsAreEqualOnEditedCopies() throws {
    var outcomes = (surely: 0, equalButUnsure: 0, different: 0)
    for seed in UInt64(0)..<400 {
      let orchard = Orchard(seed: seed)
      defer { orchard.unlink() }
      let copy = try ModelTreeCopy(copying: orchard)
      defer { copy.root.unlink() }
      var random = SplitMix64(seed: seed)
      for _ in 0..<Int(random.next() % 4) {
        (random.next() % 3 == 0 ? orchard : copy.root).edit(&random)
      }
      let equal = TreeSnapshot(orchard) == TreeSnapshot(copy.root)
      let surely = TreeSnapshot.surelyEqual(orchard, copy.root)
      if surely, !equal {
        let difference = TreeSnapshot(copy.root).difference(from: TreeSnapshot(orchard))
        Issue.record("Seed \(seed): surely equal, but:\n\(difference)")
      }
      if surely { outcomes.surely += 1 }
      if equal, !surely { outcomes.equalButUnsure += 1 }
      if !equal { outcomes.different += 1 }
    }
    // Every kind of answer is met, and copies that print alike are mostly recognised.
    #expect(outcomes.surely > 100)
    #expect(outcomes.different > 100)
    #expect(outcomes.equalButUnsure < outcomes.surely / 4)
  }
}
