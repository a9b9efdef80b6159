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
  let person: Person
  do {
    person = try file.load().map(Person.init) ?? Person()
  } catch {
    FileHandle.standardError.write(Data("MovieList: \(error)\n".utf8))
    exit(1)
  }
  let store = Store(person)
  func save() throws {
    try file.save(store.root.snapshot)
  }
  Runner(store: store, onChange: save) { ContentView() }.run()
}
