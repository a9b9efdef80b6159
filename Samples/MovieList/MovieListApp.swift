import Foundation
import SwiftReduce
import SwiftReduceTextUI

/// The MovieList program, callable from its entry point and from the
/// benchmarks, which run it on a pseudo-terminal.
public enum MovieListApp {
  /// Runs the program with `arguments` (those after its name) and returns
  /// its exit status.
  @MainActor
  public static func main(_ arguments: [String]) async -> Int32 {
    let request = Options.parse(
      arguments,
      environment: ProcessInfo.processInfo.environment,
      home: ProcessInfo.processInfo.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        ?? NSHomeDirectory()
    )
    switch request {
    case .help:
      print(Options.usage)
    case .version:
      print(Options.version)
    case .invalid(let problem):
      FileHandle.standardError.write(Data("MovieList: \(problem)\n\n\(Options.usage)\n".utf8))
      return 2
    case .run(let options):
      // Every change to what is saved is a step of the history, kept as
      // patches, so that it can be undone on the file's latest state, whatever
      // another instance merged since. Input that leaves what is saved as it
      // was (the movie being typed, the search, a notice) is no step, and no save.
      let store = Store(Person())
      let file: MovieListFile
      do {
        file = try MovieListFile(store, path: options.file)
      } catch {
        FileHandle.standardError.write(Data("MovieList: \(error)\n".utf8))
        return 1
      }
      let recorder = options.record.map { _ in SessionRecorder(store) }
      // Another instance's changes are merged as a step of their own, which
      // undo passes over; a movie both changed keeps the larger count, and
      // the screen says so.
      file.persistence.onMerge = { merge in
        if let notice = MovieListFile.notice(for: merge) {
          store.dispatch(UpdateMovies.announce(notice))
        }
      }
      func refresh() {
        if let refusal = file.refresh() { store.dispatch(UpdateMovies.announce(refusal)) }
      }
      // An undo or redo works on the file's latest state: merged first, a step
      // undone is not lost to the next merge, and one merged away says so.
      let history = makeHistory(of: store) { _ in refresh() }
      // What the load has to say, under the first screens: a read-only file,
      // a sort order this version does not know.
      if !file.notes.isEmpty {
        store.dispatch(UpdateMovies.announce(file.notes.joined(separator: "\n")))
      }
      // Another instance's save is merged within a second, through the store,
      // so the screen shows it without a key press.
      store.run { _ in
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(250))
          refresh()
        }
      }
      let runner = Runner(
        store: store, history: history, onChange: file.save,
        welcome: "Type help for commands, quit to leave.",
        commands: MovieCommands.all + [
          MovieCommands.save(path: options.file, file.overwriteOtherList)
        ]
      ) { ContentView() }
      await runner.run()
      var status: Int32 = 0
      if let recorder, let path = options.record {
        recorder.stop()
        do {
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
          try encoder.encode(recorder.steps).write(to: URL(fileURLWithPath: path))
        } catch {
          FileHandle.standardError.write(
            Data("MovieList: the session was not recorded to \(path): \(error)\n".utf8))
          status = 1
        }
      }
      defer { file.close() }
      if runner.unsavedChangeCount > 0 {
        // One more try: the problem may have been fixed since.
        do {
          try file.save()
        } catch {
          let count = runner.unsavedChangeCount
          let changes = count == 1 ? "1 change was not saved" : "\(count) changes were not saved"
          FileHandle.standardError.write(Data("MovieList: \(changes). \(error)\n".utf8))
          return 1
        }
      } else if let otherList = file.otherList {
        // Nothing changed since, but the list shown is no longer in the file.
        FileHandle.standardError.write(
          Data("MovieList: this list was not saved to \(options.file): \(otherList).\n".utf8))
        return 1
      }
      return status
    }
    return 0
  }

  /// The history of `store`, recording what is saved.
  @MainActor
  static func makeHistory(
    of store: Store<Person>,
    beforeUndoOrRedo: (@MainActor (History<Person>) -> Void)? = nil
  ) -> History<Person> {
    History(store, recording: isSaved, beforeUndoOrRedo: beforeUndoOrRedo)
  }

  /// Whether a model's property is part of what is saved, so that the
  /// history records it: the name, the movies and their order.
  @MainActor
  static func isSaved(_ modelType: Any.Type, _ property: String) -> Bool {
    switch modelType {
    case is Person.Type: property == "name"
    case is FavoriteMovies.Type: property == "movies" || property == "order"
    default: false
    }
  }
}
