import Foundation
import SwiftReduce
import SwiftReducePersistence
import Testing

@MainActor
struct PersistenceTests {
  @Test func attachingWithNoFileWritesNothingUntilTheFirstDispatch() throws {
    let directory = try TemporaryDirectory()
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: directory.file("library.json"))

    #expect(directory.names == ["library.json.journal"])
    #expect(directory.text(of: "library.json.journal") == "")
    #expect(persistence.unsavedDispatches == 0)
  }

  @Test func theFirstDispatchWritesTheWholeStateAsASnapshotWithSortedKeys() throws {
    let directory = try TemporaryDirectory()
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: directory.file("library.json"))
    store.dispatch(LibraryAction.addShelf("Poetry"))

    #expect(
      withoutLineage(directory.text(of: "library.json")) == """
        {
          "format": "SwiftReducePersistence snapshot",
          "lineage": "<lineage>",
          "sequence": 1,
          "state": {
            "featured": null,
            "name": "",
            "ratings": {},
            "settings": {
              "fontSize": 12,
              "theme": "light"
            },
            "shelves": [
              {
                "books": [],
                "labels": [],
                "title": "Poetry",
                "visits": 0
              }
            ],
            "visits": {
              "count": 0
            }
          },
          "version": 1
        }

        """)
    #expect(
      withoutLineage(directory.text(of: "library.json.journal")) == """
        {"format":"SwiftReducePersistence journal","lineage":"<lineage>","version":1}

        """)
    #expect(persistence.unsavedDispatches == 0)
    #expect(persistence.saveError == nil)
  }

  @Test func eachLaterDispatchAppendsOneRecordOfItsPatches() throws {
    let directory = try TemporaryDirectory()
    let store = Store(Library())
    let persistence = try Persistence.attach(store, file: directory.file("library.json"))
    store.dispatch(LibraryAction.addShelf("Poetry"))
    store.dispatch(LibraryAction.rename("Central"))
    store.dispatch(LibraryAction.shelveBook(shelf: 0, Book(title: "Odes", pages: 80)))
    store.dispatch(LibraryAction.rate("Odes", 5))

    #expect(
      withoutLineage(directory.text(of: "library.json.journal")) == """
        {"format":"SwiftReducePersistence journal","lineage":"<lineage>","version":1}
        {"patches":[{"after":"Central","before":"","kind":"changed","path":"name"}],"sequence":2}
        {"patches":[{"after":{"pages":80,"title":"Odes"},"kind":"inserted","path":"shelves[0].books[0]"}],"sequence":3}
        {"patches":[{"after":5,"kind":"inserted","path":"ratings[\\"Odes\\"]"}],"sequence":4}

        """)
    #expect(persistence.unsavedDispatches == 0)
  }

  @Test func attachingLoadsTheSavedStateIntoTheTreeKeepingItsModels() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    do {
      let store = Store(Library())
      let persistence = try Persistence.attach(store, file: file)
      store.dispatch(LibraryAction.addShelf("Poetry"))
      store.dispatch(LibraryAction.addShelf("Plays"))
      store.dispatch(LibraryAction.shelveBook(shelf: 1, Book(title: "Lear", pages: 200)))
      store.dispatch(LibraryAction.setTheme("dark"))
      store.dispatch(LibraryAction.feature("Essays"))
      store.dispatch(LibraryAction.rate("Lear", 4))
      persistence.detach()
    }
    let library = Library()
    let settings = library.settings
    let kept = Shelf(title: "Old")
    library.shelves = [kept]
    let store = Store(library)
    let persistence = try Persistence.attach(store, file: file)

    #expect(persistence.notes == [])
    #expect(library.settings === settings)
    #expect(library.shelves.first === kept)
    #expect(library.shelves.map(\.title) == ["Poetry", "Plays"])
    #expect(library.shelves[1].books == [Book(title: "Lear", pages: 200)])
    #expect(library.settings.theme == "dark")
    #expect(library.featured?.title == "Essays")
    #expect(library.ratings == ["Lear": 4])
  }

  @Test func propertiesThatCannotBeSavedAreNamedWhenAttaching() throws {
    let directory = try TemporaryDirectory()
    let store = Store(Toolshed())
    let error = #expect(throws: PersistenceError.self) {
      try Persistence.attach(store, file: directory.file("toolshed.json"))
    }

    #expect(error?.kind == .properties)
    #expect(
      error?.description
        == "cannot save to \(directory.file("toolshed.json").path): "
        + "Toolshed.lathe: Lathe is neither Codable nor a model or a struct; "
        + "Toolshed.tool: CustomStringConvertible is neither Codable nor a model or a struct; "
        + "Part.drawing is @Untraversed, and a Part held in a collection or an optional is made "
        + "from the file, where nothing would set it; "
        + "leave out what is not saved with @Untraversed.")
    #expect(directory.names == [])
  }

  @Test func weakAndUntraversedPropertiesAreLeftOut() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    let library = Library()
    library.cache = ["kept in memory"]
    let store = Store(library)
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.rename("Central"))
    persistence.detach()

    let text = try #require(directory.text(of: "library.json"))
    #expect(!text.contains("cache"))
    #expect(!text.contains("previous"))
    #expect(!text.contains("registrar"))
  }

  @Test func theLoadIsOneMergeStepThatUndoPassesOver() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("library.json")
    do {
      let store = Store(Library())
      let persistence = try Persistence.attach(store, file: file)
      store.dispatch(LibraryAction.rename("Central"))
      store.dispatch(LibraryAction.addShelf("Poetry"))
      persistence.detach()
    }
    let library = Library()
    let store = Store(library)
    let history = History(store)
    let persistence = try Persistence.attach(store, file: file)
    store.dispatch(LibraryAction.setTheme("dark"))
    #expect(history.steps.map(\.kind) == [.merge, .change])
    _ = try history.undo()

    #expect(history.steps.map(\.kind) == [.merge])
    #expect(library.name == "Central")
    #expect(library.shelves.map(\.title) == ["Poetry"])
    #expect(library.settings.theme == "light")
    #expect(history.canUndo == false)
    // The undo is a change like any other: saved.
    persistence.detach()
    let reloaded = Library()
    _ = try Persistence.attach(Store(reloaded), file: file)
    #expect(reloaded.settings.theme == "light")
    #expect(reloaded.name == "Central")
  }
}
