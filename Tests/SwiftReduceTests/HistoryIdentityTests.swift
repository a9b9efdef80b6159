import SwiftReduce
import Testing

/// Undo and redo find array elements by what they are, not by a stale index (issue #34 item 3):
/// class models by instance, `Identifiable` values by `id`, and an element put back after the
/// neighbour it had.
@MainActor
struct HistoryIdentityTests {
  private func bookcase(_ titles: [String], rows: [Int] = []) -> (
    Store<ReadingList>, History<ReadingList>
  ) {
    let bookcase = ReadingList()
    bookcase.titles = titles
    bookcase.rows = rows.map { ReadingRow(id: $0, title: "row \($0)") }
    let store = Store(bookcase)
    return (store, History(store))
  }

  @Test func undoingARemovalAfterAnotherWriterInsertedAboveItPutsItBackAfterItsNeighbour() throws {
    let (store, history) = bookcase(["a", "b", "c"])
    store.dispatch(ReadingListAction.removeTitle("b"))
    history.withoutRecording { store.dispatch(ReadingListAction.insertTitle("z", at: 0)) }
    try history.undo()
    #expect(store.titles == ["z", "a", "b", "c"])
    try history.redo()
    #expect(store.titles == ["z", "a", "c"])
  }

  @Test func undoingARemovalWhoseNeighbourBeforeWasRemovedPutsItBeforeTheOneAfter() throws {
    let (store, history) = bookcase(["a", "b", "c"])
    store.dispatch(ReadingListAction.removeTitle("b"))
    history.withoutRecording {
      store.dispatch(ReadingListAction.removeTitle("a"))
      store.dispatch(ReadingListAction.insertTitle("z", at: 0))
    }
    try history.undo()
    #expect(store.titles == ["z", "b", "c"])
  }

  @Test func undoingTheRemovalOfARunPutsItBackInOrder() throws {
    let (store, history) = bookcase(["a", "b", "c", "d"])
    store.dispatch(ReadingListAction.removeTitles(1..<3))
    history.withoutRecording { store.dispatch(ReadingListAction.insertTitle("z", at: 0)) }
    try history.undo()
    #expect(store.titles == ["z", "a", "b", "c", "d"])
  }

  @Test func redoingAnInsertionAfterAnotherWriterInsertedAboveItPutsItAfterItsNeighbour() throws {
    let (store, history) = bookcase(["a", "c"])
    store.dispatch(ReadingListAction.insertTitle("b", at: 1))
    try history.undo()
    history.withoutRecording { store.dispatch(ReadingListAction.insertTitle("z", at: 0)) }
    try history.redo()
    #expect(store.titles == ["z", "a", "b", "c"])
  }

  @Test func undoingAChangeToAnIdentifiableRowAfterAnotherWriterInsertedAboveItChangesThatRow()
    throws
  {
    let (store, history) = bookcase([], rows: [1, 2, 3])
    store.dispatch(ReadingListAction.renameRow(id: 2, "second"))
    history.withoutRecording { store.dispatch(ReadingListAction.insertRow(id: 9, at: 0)) }
    try history.undo()
    #expect(store.rows.map(\.title) == ["row 9", "row 1", "row 2", "row 3"])
    try history.redo()
    #expect(store.rows.map(\.title) == ["row 9", "row 1", "second", "row 3"])
  }

  @Test func undoingAChangeToARowAnotherWriterChangedSinceIsRefused() {
    let (store, history) = bookcase([], rows: [1, 2])
    store.dispatch(ReadingListAction.renameRow(id: 2, "second"))
    history.withoutRecording { store.dispatch(ReadingListAction.renameRow(id: 2, "theirs")) }
    #expect(throws: HistoryConflict.self) { try history.undo() }
    #expect(store.rows.map(\.title) == ["row 1", "theirs"])
  }

  @Test func undoingAChangeToARowAnotherWriterRemovedIsRefused() {
    let (store, history) = bookcase([], rows: [1, 2])
    store.dispatch(ReadingListAction.renameRow(id: 2, "second"))
    history.withoutRecording { store.dispatch(ReadingListAction.removeRow(id: 2)) }
    #expect(throws: HistoryConflict.self) { try history.undo() }
    #expect(store.rows.map(\.id) == [1])
  }

  @Test func undoingTheRemovalOfAClassModelPutsTheSameInstanceBackAfterItsNeighbour() throws {
    let bookcase = ReadingList()
    let (first, second, third) = (ReadingLamp("first"), ReadingLamp("second"), ReadingLamp("third"))
    bookcase.bookends = [first, second, third]
    let store = Store(bookcase)
    let history = History(store)
    store.dispatch(ReadingListAction.removeReadingLamp("second"))
    history.withoutRecording { store.dispatch(ReadingListAction.insertReadingLamp("new", at: 0)) }
    try history.undo()
    #expect(store.bookends.map(\.name) == ["new", "first", "second", "third"])
    #expect(store.bookends[2] === second)
  }

  // MARK: - Paths fixed when a step ends

  @Test func aStepsPathsAreWhereItsModelsWereWhenItEnded() throws {
    let mixtape = Mixtape()
    mixtape.listeners = [Listener("Ada"), Listener("Grace")]
    let store = Store(mixtape)
    let history = History(store)
    store.dispatch(ListenerAction.rename("Hopper"))
    store.dispatch(MixtapeAction.dismiss(at: 0))
    store.dispatch(MixtapeAction.invite(Listener("Lovelace")))
    #expect(
      history.steps.map { $0.patches.map(\.description) } == [
        [#"listeners[0].name: "Ada" → "Hopper""#, #"listeners[1].name: "Grace" → "Hopper""#],
        [#"listeners[0]: removed Listener(name: "Hopper")"#],
        [#"listeners[1]: inserted Listener(name: "Lovelace")"#],
      ])
  }
}

// MARK: - Fixtures

struct ReadingRow: Identifiable, Equatable {
  let id: Int
  var title: String
}

final class ReadingLamp {
  let name: String

  init(_ name: String) {
    self.name = name
  }
}

enum ReadingListAction: Action {
  case insertTitle(String, at: Int)
  case removeTitle(String)
  case removeTitles(Range<Int>)
  case insertRow(id: Int, at: Int)
  case renameRow(id: Int, String)
  case removeRow(id: Int)
  case insertReadingLamp(String, at: Int)
  case removeReadingLamp(String)
}

/// A shelf of titles, `Identifiable` rows and objects, each changed by its own action.
final class ReadingList: Reducer {
  var titles: [String] = []
  var rows: [ReadingRow] = []
  var bookends: [ReadingLamp] = []

  func reduce(action: ReadingListAction) {
    switch action {
    case let .insertTitle(title, index): titles.insert(title, at: index)
    case let .removeTitle(title): titles.removeAll { $0 == title }
    case let .removeTitles(range): titles.removeSubrange(range)
    case let .insertRow(id, index): rows.insert(ReadingRow(id: id, title: "row \(id)"), at: index)
    case let .renameRow(id, title):
      if let index = rows.firstIndex(where: { $0.id == id }) { rows[index].title = title }
    case let .removeRow(id): rows.removeAll { $0.id == id }
    case let .insertReadingLamp(name, index): bookends.insert(ReadingLamp(name), at: index)
    case let .removeReadingLamp(name): bookends.removeAll { $0.name == name }
    }
  }

}
