import Foundation
import SwiftReduce
import SwiftReducePersistence
import SwiftReduceTestSupport
import Testing

/// Random sessions, saved and loaded again in a fresh store: the trees' snapshots are equal.
@MainActor
struct PersistenceRoundTripTests {
  /// A random action on `library`, as it is now.
  private func randomAction(for library: Library, _ random: inout SplitMix64) -> LibraryAction {
    let shelves = library.shelves.count
    let words = ["Odes", "Lear", "Dune", "Emma", "Ulysses", "Beloved", "\"Quoted\"", "back\\slash"]
    let word = words.randomElement(using: &random) ?? "Odes"
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return .rename(word)
    case 1, 2: return .addShelf(word)
    case 3: return .removeShelf(Int.random(in: 0...max(0, shelves), using: &random))
    case 4: return .moveShelfToFront(Int.random(in: 0...max(0, shelves), using: &random))
    case 5:
      return .shelveBook(
        shelf: Int.random(in: 0...max(0, shelves), using: &random),
        Book(title: word, pages: Int.random(in: 1...900, using: &random)))
    case 6: return .feature(Bool.random(using: &random) ? word : nil)
    case 7:
      return .rate(word, Bool.random(using: &random) ? Int.random(in: 1...5, using: &random) : nil)
    case 8: return .setTheme(word)
    default: return .bumpAll
    }
  }

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
      store.dispatch(randomAction(for: library, &random))
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
    for _ in 0..<120 { store.dispatch(randomAction(for: library, &random)) }
    // Changed outside a dispatch: found when the next begins.
    library.shelves.first?.visits = 99
    store.dispatch(LibraryAction.bumpAll)
    listening.cancel()
    saving.cancel()

    #expect(saved.count > 60)
    #expect(saved == heard)
  }
}
