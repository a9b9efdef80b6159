import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

/// A `History` of a test store's store: an undo or a redo the test makes is no action to
/// receive, as a change the test makes to the tree directly.
@MainActor
struct TestStoreHistoryTests {
  @Test func anUndoTheTestMakesIsNoActionToReceive() throws {
    let store = TestStore(Person())
    let history = History(store.store)
    store.send(NameChange.setName("Ada")) { $0.name = "Ada" }

    try history.undo()

    #expect(store.root.name == "")
    store.send(NameChange.setName("Grace")) { $0.name = "Grace" }
    try history.undo()
    try history.redo()
    store.send(UpdateMovies.setInput("Heat")) { $0.favoriteMovies.input = "Heat" }
    #expect(store.root.name == "Grace")
  }
}
