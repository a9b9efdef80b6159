import Foundation
import SwiftReduce
import SwiftReducePersistence
import SwiftReduceTestSupport
import Testing

/// The *Persistence* article's examples, run: each output block is what its example prints.
@MainActor
struct PersistenceArticleTests {
  /// The article's output blocks, in order.
  private let outputs: [String]

  init() throws {
    outputs = try MarkdownPage(
      "Sources/SwiftReducePersistence/SwiftReducePersistence.docc/Persistence.md"
    ).blocks.filter { $0.info.isEmpty }.map(\.text)
  }

  /// `text` as the article shows it: the test's directory as `/tmp`, a lineage as `…`.
  private func shown(_ text: String, _ directory: TemporaryDirectory) -> String {
    text.replacing(directory.url.path, with: "/tmp")
      .replacing(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, with: "…")
  }

  @Test func attachingExamplePrintsTheSnapshotAndTheJournal() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    let store = Store(TodoList())
    let persistence = try Persistence.attach(store, file: url)
    store.dispatch(ListAction.add("Milk"))
    store.dispatch(ListAction.check(0))
    store.dispatch(ListAction.rename("Groceries"))
    let printed =
      try String(contentsOf: url, encoding: .utf8) + "\n"
      + String(contentsOf: persistence.journal, encoding: .utf8) + "\n"

    #expect(shown(printed, directory) == outputs[0])
    persistence.detach()

    let list = TodoList()
    _ = try Persistence.attach(Store(list), file: url)
    let reloaded = "\(list.title) \(list.items.map(\.text)) \(list.items[0].isDone)\n"
    #expect(reloaded == outputs[1])
  }

  @Test func whatIsSavedExampleNamesThePropertyThatCannotBe() throws {
    let directory = try TemporaryDirectory()
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(Workshop()), file: directory.file("workshop.json"))
    }

    #expect(shown("\(error?.description ?? "")\n", directory) == outputs[3])
  }

  @Test func crashesExampleReportsTheTornRecord() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    do {
      let store = Store(TodoList())
      let persistence = try Persistence.attach(store, file: url)
      store.dispatch(ListAction.add("Milk"))
      store.dispatch(ListAction.rename("Groceries"))
      persistence.detach()
    }
    let journal = try FileHandle(forWritingTo: directory.file("todo.json.journal"))
    try journal.seekToEnd()
    try journal.write(contentsOf: Data(#"{"patches":[{"after":"Bread","befo"#.utf8))
    try journal.close()
    let persistence = try Persistence.attach(Store(TodoList()), file: url)

    #expect(shown(persistence.notes.joined(separator: "\n") + "\n", directory) == outputs[5])
  }

  @Test func fullDiskExampleSaysWhyAndKeepsTheRecord() throws {
    let directory = try TemporaryDirectory()
    let store = Store(TodoList())
    let persistence = try Persistence.attach(store, file: directory.file("todo.json"))
    store.dispatch(ListAction.add("Milk"))
    persistence.simulatedFreeBytes = 0
    store.dispatch(ListAction.check(0))

    #expect(shown("\(persistence.saveError?.description ?? "")\n", directory) == outputs[6])
    #expect(persistence.unsavedDispatches == 1)
  }

  @Test func twoProcessesExampleMergesAndReportsTheConflict() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    var printed = ""
    let here = Store(TodoList())
    let there = Store(TodoList())
    let herePersistence = try Persistence.attach(here, file: url)
    let therePersistence = try Persistence.attach(there, file: url)
    here.dispatch(ListAction.add("Milk"))
    try therePersistence.refresh()
    there.dispatch(ListAction.rename("Groceries"))
    here.dispatch(ListAction.rename("Shopping"))
    herePersistence.onMerge = { printed += "\($0)\n" }
    try herePersistence.save()
    printed += "\(here.root.title) \(here.root.items.map(\.text))\n"

    #expect(shown(printed, directory) == outputs[7])
  }

  @Test func conflictRuleExampleKeepsTheLargerCountAndSaysSo() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    let here = Store(Watchlist())
    let there = Store(Watchlist())
    let persistence = try Persistence.attach(here, file: url)
    here.dispatch(WatchlistAction.watch("Alien"))
    let therePersistence = try Persistence.attach(there, file: url)
    there.dispatch(WatchlistAction.watch("Alien"))
    there.dispatch(WatchlistAction.watch("Alien"))
    try therePersistence.save()
    here.dispatch(WatchlistAction.watch("Alien"))
    var printed = ""
    persistence.onMerge = { printed += "\($0)\n" }
    // The article's rule, as it shows it.
    persistence.resolveConflict = { conflict in
      guard conflict.steps.first == .member("views") else { return .here }
      switch (conflict.here, conflict.there) {
      case let (.int(here)?, .int(there)?): return here >= there ? .here : .there
      case (nil, _?): return .there
      default: return .here
      }
    }

    try persistence.save()

    #expect(shown(printed, directory) == outputs[8])
    #expect(here.root.views == ["Alien": 3])
  }

  @Test func leavingOutExampleKeepsTheDraftOutOfTheFileAndGivesAddedRowsEmptyValues() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    let store = Store(Watchlist())
    let persistence = try Persistence.attach(
      store, file: url, leavingOut: ["draft", "items[*].isEditing"])
    store.dispatch(WatchlistAction.type("half a title"))
    store.dispatch(WatchlistAction.add("Alien"))
    #expect(store.root.items.map(\.isEditing) == [true])
    persistence.detach()
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(!text.contains("draft") && !text.contains("isEditing"))

    // The next run, with no items yet.
    let next = Watchlist()
    next.draft = "mine"
    _ = try Persistence.attach(Store(next), file: url, leavingOut: ["draft", "items[*].isEditing"])
    #expect(next.draft == "mine")
    #expect(next.items.map(\.title) == ["Alien"])
    #expect(next.items.map(\.isEditing) == [false])

    var printed = ""
    for path: TreePath in ["items[*].isEditng", "items[*].rating"] {
      do {
        _ = try Persistence.attach(Store(Watchlist()), file: url, leavingOut: [path])
      } catch {
        printed += "\(error)\n"
      }
    }
    #expect(shown(printed, directory) == outputs[2])
  }

  @Test func journalExampleRefusesABadRecordBeforeTheLastAndLeavesTheFiles() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    let store = Store(TodoList())
    let persistence = try Persistence.attach(store, file: url)
    store.dispatch(ListAction.add("Milk"))
    store.dispatch(ListAction.rename("Groceries"))
    store.dispatch(ListAction.check(0))
    persistence.detach()
    var lines = try String(contentsOf: persistence.journal, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    lines[1] = lines[1].prefix(24)
    let journal = lines.joined(separator: "\n")
    try journal.write(to: persistence.journal, atomically: true, encoding: .utf8)
    let snapshot = try String(contentsOf: url, encoding: .utf8)

    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(TodoList()), file: url)
    }

    #expect(shown("\(error?.description ?? "")\n", directory) == outputs[4])
    #expect(try String(contentsOf: url, encoding: .utf8) == snapshot)
    #expect(try String(contentsOf: persistence.journal, encoding: .utf8) == journal)
  }

  @Test func versionsExampleMigratesAndRefuses() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    let file = { (version: Int, state: String) in
      """
      {"format": "SwiftReducePersistence snapshot", "lineage": "l", "sequence": 0,
       "state": \(state), "version": \(version)}
      """
    }
    try directory.write(file(1, #"{"title": "Errands"}"#), to: "todo.json")
    let renameTitle = PersistenceMigration(from: 1) { state in
      guard case var .object(members) = state else { return }
      members["name"] = members.removeValue(forKey: "title")
      state = .object(members)
    }
    let store = Store(RenamedList())
    let persistence = try Persistence.attach(
      store, file: url, version: 2, migrations: [renameTitle])
    #expect(shown("\(persistence.notes)\n", directory) == outputs[9])
    #expect(store.root.name == "Errands")
    persistence.detach()

    try directory.write(file(3, #"{"title": "Errands"}"#), to: "todo.json")
    let newer = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(RenamedList()), file: url, version: 2)
    }
    try directory.write(
      file(
        1,
        #"{"title": "Errands", "items": [{"text": "Milk", "isDone": true}, "#
          + #"{"text": "Tea", "isDone": "yes"}]}"#), to: "todo.json")
    let badValue = #expect(throws: PersistenceError.self) {
      try Persistence.attach(Store(TodoList()), file: url)
    }
    let refusals = "\(newer?.description ?? "")\n\(badValue?.description ?? "")\n"
    #expect(shown(refusals, directory) == outputs[10])
  }

  @Test func reasonExampleSaysANewerVersionAndAValueThatDoesNotFitInTheAppsWords() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("todo.json")
    let file = { (version: Int, state: String) in
      """
      {"format": "SwiftReducePersistence snapshot", "lineage": "l", "sequence": 0,
       "state": \(state), "version": \(version)}
      """
    }
    var printed = ""
    let print = { (line: String) in printed += line + "\n" }
    let attach = {
      let store = Store(RenamedList())
      var persistence: Persistence<RenamedList>?
      do throws(PersistenceError) {
        persistence = try Persistence.attach(store, file: url, version: 2)
      } catch {
        switch error.reason {
        case let .newerVersion(version):
          print(
            "\(url.lastPathComponent) was saved by version \(version): update the app to open it.")
        case let .valueDoesNotFit(at: path):
          print("\(url.lastPathComponent) holds a value at \(path) that this version cannot read.")
        default:
          print("\(error)")
        }
      }
      #expect(persistence == nil)
    }

    try directory.write(file(3, #"{"name": "Errands"}"#), to: "todo.json")
    attach()
    try directory.write(
      file(
        2,
        #"{"name": "Errands", "items": [{"text": "Milk", "isDone": true}, "#
          + #"{"text": "Tea", "isDone": "yes"}]}"#), to: "todo.json")
    attach()

    #expect(shown(printed, directory) == outputs[11])
  }
}

/// The to-do list of version 2, whose title is its name.
final class RenamedList: Reducer {
  var name = ""
  var items: [TodoItem] = []
}

/// Changes to a ``Watchlist``.
enum WatchlistAction: Action {
  case watch(String)
  case type(String)
  case add(String)
}

/// The article's list of view counts, with a draft it leaves out of the file.
final class Watchlist: Reducer {
  var views: [String: Int] = [:]
  var draft = ""
  var items: [WatchlistItem] = []

  func reduce(action: WatchlistAction) {
    switch action {
    case let .watch(title): views[title, default: 0] += 1
    case let .type(text): draft = text
    case let .add(title):
      let item = WatchlistItem()
      item.title = title
      item.isEditing = true
      items.append(item)
    }
  }
}

/// An item of a ``Watchlist``, being edited or not, with a rating that has no empty value.
final class WatchlistItem: Reducer {
  var title = ""
  var isEditing = false
  var rating = Rating.unrated
}

/// How an item of a ``Watchlist`` was liked.
enum Rating: String, Codable {
  case unrated, liked, disliked
}
