import Foundation
import SwiftReduce
import SwiftReduceTextUI

let request = Options.parse(
  Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment,
  home: ProcessInfo.processInfo.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    ?? NSHomeDirectory()
)

switch request {
case .help:
  print(Options.usage)
case .invalid(let problem):
  FileHandle.standardError.write(Data("MovieList: \(problem)\n\n\(Options.usage)\n".utf8))
  exit(2)
case .run(let options):
  let file = StateFile(path: options.file)
  let snapshot: Snapshot
  do {
    snapshot = try file.load() ?? Snapshot(name: "", movies: [:])
  } catch {
    FileHandle.standardError.write(Data("MovieList: \(error)\n".utf8))
    exit(1)
  }
  // Every change is kept as a step of the history, so that it can be undone,
  // and replayed on the file's new state when another instance saved first.
  let history = History<Person>(reset: snapshot.restoringActions)
  let store = Store(Person(snapshot), middleware: [history.middleware])
  func save() throws {
    try file.save(
      { store.root.snapshot },
      rebase: { changed in
        let base = changed ?? Snapshot(name: "", movies: [:])
        history.rebase(reset: base.restoringActions, in: store)
      })
    // What was saved may be built on by another instance: a later rebase
    // starts from it rather than replaying these steps again.
    history.markKept()
  }
  let runner = Runner(store: store, history: history, onChange: save) { ContentView() }
  runner.run()
  if runner.unsavedChange != nil {
    // One more try: the problem may have been fixed since.
    do {
      try save()
    } catch {
      FileHandle.standardError.write(
        Data("MovieList: the last change was not saved. \(error)\n".utf8))
      exit(1)
    }
  }
}
