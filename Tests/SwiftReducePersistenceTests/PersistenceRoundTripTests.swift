import Foundation
import SwiftReduce
import SwiftReducePersistence
import SwiftReduceTestSupport
import Testing

/// Random sessions, saved and loaded again in a fresh store: the trees' snapshots are equal.
@MainActor
struct PersistenceRoundTripTests {
  @Test(arguments: 0..<24)
  func aRandomSessionLoadsBackToTheSameTree(seed: Int) throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    var random = SplitMix64(seed: UInt64(seed))
    let library = Library()
    let store = Store(library)
    var persistence = try Persistence.attach(store, file: file)
    // Large enough at first that most records stay in the journal.
    for index in 0..<(seed % 3) * 20 { store.dispatch(LibraryAction.addShelf("Shelf \(index)")) }
    for step in 0..<60 {
      store.dispatch(LibraryAction.random(for: library, &random))
      if step % 20 == 19 {
        // Attached again to the same store mid-session: loading what it saved changes nothing.
        persistence.detach()
        let before = TreeSnapshot(library)
        persistence = try Persistence.attach(store, file: file)
        #expect(TreeSnapshot(library) == before)
      }
    }
    #expect(persistence.saveError == nil)
    persistence.detach()

    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    let difference = TreeSnapshot(reloaded).difference(from: TreeSnapshot(library))
    #expect(TreeSnapshot(reloaded) == TreeSnapshot(library), "\(difference)")
  }

  @Test(arguments: 0..<16)
  func patchesForSavingNameTheSamePathsAsThoseOfOnPatches(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) + 1_000)
    let library = Library()
    let store = Store(library)
    var heard: [String] = []
    var saved: [String] = []
    let listening = store.onPatches { heard += $0.map(\.description) }
    let saving = store.onPersistencePatches { saved += $0.map(\.description) }
    for _ in 0..<120 { store.dispatch(LibraryAction.random(for: library, &random)) }
    // Changed outside a dispatch: found when the next begins.
    library.shelves.first?.visits = 99
    store.dispatch(LibraryAction.bumpAll)
    listening.cancel()
    saving.cancel()

    #expect(saved.count > 60)
    #expect(saved == heard)
  }
}
