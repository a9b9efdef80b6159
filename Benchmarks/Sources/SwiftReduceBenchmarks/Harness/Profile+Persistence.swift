import Foundation
import SwiftReduce
import SwiftReducePersistence

extension Profile {
  /// The movies of the file `persistence-load` loads: a tenth of the
  /// persistence case's, so that 21 loads take minutes under callgrind, not
  /// a quarter of an hour.
  static let loadedMovies = 10_000

  /// Runs `count` loads or saves of the persistence case's catalog.
  ///
  /// Both build the file first: a catalog attached to a file and compacted
  /// into a snapshot. A load attaches that file to a fresh store and
  /// detaches it; its journal stays empty, so every load reads the same
  /// snapshot, as the case's rounds after the first do. A save is one
  /// dispatch to one movie of 100,000, written to the journal.
  static func runPersistence(_ engine: Engine, dispatches count: Int) -> Int32 {
    var standardError = StandardError()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SwiftReduceBenchmarks-profile-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("catalog.json")
    let movies = engine == .persistenceLoad ? loadedMovies : 100_000
    let catalog = PersistenceCase.catalog(movies)
    let store = Store(catalog)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let persistence = try Persistence.attach(store, file: file)
      try persistence.compact()
      guard engine == .persistenceLoad else {
        for round in 0..<count {
          store.dispatch(CatalogAction.watched, to: \.movies[round * 7_919 % movies])
        }
        let views = catalog.movies.reduce(0) { $0 + $1.views }
        guard persistence.saveError == nil, persistence.unsavedDispatches == 0, views == count
        else {
          print("FAILED profile \(engine.rawValue): \(views) views saved", to: &standardError)
          return 1
        }
        return 0
      }
      persistence.detach()
      for _ in 0..<count {
        let loaded = MovieCatalog()
        let attached = try Persistence.attach(Store(loaded), file: file)
        attached.detach()
        guard loaded.movies.count == movies else {
          print(
            "FAILED profile \(engine.rawValue): loaded \(loaded.movies.count) movies",
            to: &standardError)
          return 1
        }
      }
      return 0
    } catch {
      print("FAILED profile \(engine.rawValue): \(error)", to: &standardError)
      return 1
    }
  }
}
