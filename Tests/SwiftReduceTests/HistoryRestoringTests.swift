import Foundation
import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// A history saved with its document and restored (issue #34 item 6).
@MainActor
struct HistoryRestoringTests {
  private func mixtape() -> Mixtape { .road() }

  /// The first `count` dispatches of a session.
  private func session(_ store: Store<Mixtape>, _ count: Int = 5) {
    let actions: [MixtapeAction] = [
      .rename("Night drive"), .add("Dune"), .invite(Listener("Grace")), .tag("drive"),
      .remove(at: 0),
    ]
    for action in actions.prefix(count) { store.dispatch(action) }
  }

  /// The history of `session` on one store, encoded and restored on another holding the
  /// same tree.
  private func restored() throws -> (Store<Mixtape>, History<Mixtape>, TreeSnapshot) {
    let store = Store(mixtape())
    let history = History(store)
    session(store)
    try history.undo()
    let steps = try JSONEncoder().encode(history.steps)
    let undone = try JSONEncoder().encode(history.undoneSteps)
    // The document holds the tree the history left: the last step undone.
    let reopened = Store(mixtape())
    session(reopened, 4)
    let restored = History(
      reopened, restoring: try JSONDecoder().decode([HistoryStep].self, from: steps),
      undone: try JSONDecoder().decode([HistoryStep].self, from: undone))
    try restored.redo()
    return (reopened, restored, TreeSnapshot(mixtape()))
  }

  @Test func aStepEncodesItsLabelKindActionsAndPatches() throws {
    let store = Store(mixtape())
    let history = History(store)
    store.dispatch(MixtapeAction.rename("Night drive"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(history.steps), as: UTF8.self)
        == #"[{"actions":["MixtapeAction.rename(\"Night drive\")"],"kind":"change","#
        + #""label":"MixtapeAction.rename(\"Night drive\")","patches":[{"after":"Night drive","#
        + #""before":"Road","kind":"changed","path":"name"}]}]"#)
  }

  @Test func aRestoredHistoryUndoesEveryStepBackToTheFirstTree() throws {
    let (store, history, first) = try restored()
    #expect(history.steps.map(\.label).last == "MixtapeAction.remove(at: 0)")
    #expect(store.tracks.map(\.title) == ["Alien", "Dune"])
    while history.canUndo { try history.undo() }
    #expect(TreeSnapshot(store.root) == first)
    #expect(store.listeners.map(\.name) == ["Ada"])
  }

  @Test func aRestoredHistoryRedoesEveryStepBackToTheLastTree() throws {
    let (store, history, _) = try restored()
    let last = TreeSnapshot(store.root)
    while history.canUndo { try history.undo() }
    while history.canRedo { try history.redo() }
    #expect(TreeSnapshot(store.root) == last)
    #expect(history.steps.count == 5)
  }

  @Test func aRestoredStepThatNoLongerFitsIsRefusedWhole() throws {
    let (store, history, _) = try restored()
    // Another writer takes the tag the fourth step added.
    store.root.tags = ["night"]
    try history.undo()
    let before = TreeSnapshot(store.root)
    do {
      try history.undo()
      Issue.record("a step that no longer fits was undone")
    } catch {
      #expect(
        error.description
          == #"Cannot undo "MixtapeAction.tag("drive")": tags: "drive" is not in it any more. "#
          + "Nothing was changed.")
    }
    #expect(TreeSnapshot(store.root) == before)
    #expect(
      history.steps.map(\.label).suffix(2) == [
        #"MixtapeAction.tag("drive")"#, "changed outside a dispatch",
      ])
  }

  @Test func aRestoredHistoryIsSavedAgainAsItWasSaved() throws {
    let store = Store(mixtape())
    let history = History(store)
    session(store)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let saved = try encoder.encode(history.steps)
    let reopened = Store(mixtape())
    session(reopened)
    let restored = History(
      reopened, restoring: try JSONDecoder().decode([HistoryStep].self, from: saved))
    #expect(try encoder.encode(restored.steps) == saved)
  }

  @Test func theDocumentedExamplePrintsItsOutput() throws {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    let saved = try JSONEncoder().encode(history.steps)

    let reopened = Store(Person())
    reopened.dispatch(NameChange.setName("Ada"))
    let restored = History(
      reopened, restoring: try JSONDecoder().decode([HistoryStep].self, from: saved))
    try restored.undo()
    #expect(reopened.name.isEmpty)
    #expect(restored.canRedo)
  }
}
