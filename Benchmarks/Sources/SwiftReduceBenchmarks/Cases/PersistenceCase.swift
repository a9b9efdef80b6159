import Foundation
import SwiftReduce
import SwiftReducePersistence

/// Persistence: what saving one dispatch costs, what loading costs, and how
/// large the file grows between compactions, at 100,000 movies.
///
/// The tree is a ``MovieCatalog`` of 100,000 class models. The save is one
/// dispatch changing one movie, sent to that movie as a feature sends a row
/// its action, timed from the dispatch until it returns,
/// when its record has been written (``PersistenceDurability/processCrash``);
/// its figure is the median over the dispatches, and the same dispatch
/// without a file attached is printed beside it. The load is an attach to a
/// fresh store of the file those dispatches left, timed whole (read, parse,
/// fold the journal, load into the tree), the median of its rounds. The
/// ratio is the size of the snapshot and the journal after 1,000
/// single-movie changes, before compaction, over the size of a fresh snapshot.
struct PersistenceCase: BenchmarkCase {
  let name = "persistence"

  func run(in run: BenchmarkRun) throws(CheckFailure) {
    let count = run.quick ? 1_000 : 100_000
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SwiftReduceBenchmarks-persistence-\(getpid())")
    try? FileManager.default.removeItem(at: directory)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw CheckFailure(description: "persistence: cannot create \(directory.path): \(error)")
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("catalog.json")
    let journal = directory.appendingPathComponent("catalog.json.journal")
    run.progress("persistence: \(Format.grouped(count)) movies in \(file.path)")

    // MARK: Saving

    let catalog = Self.catalog(count)
    let store = Store(catalog)
    let unsaved = Self.catalog(count)
    let unsavedStore = Store(unsaved)
    // The same dispatch heard by a listener of patches that does nothing: the core's part.
    let heard = Self.catalog(count)
    let heardStore = Store(heard)
    let listening = heardStore.onPatches { _ in }
    let persistence: Persistence<MovieCatalog>
    do {
      persistence = try Persistence.attach(store, file: file)
      // The first save writes the whole tree as the snapshot.
      try persistence.compact()
    } catch {
      throw CheckFailure(description: "persistence: \(error)")
    }
    let freshSnapshot = Self.size(of: file)
    let dispatches = run.quick ? 20 : 1_000
    let clock = ContinuousClock()
    var saves: [Double] = []
    var plain: [Double] = []
    var listened: [Double] = []
    for round in 0..<dispatches {
      let index = round * 7_919 % count
      let started = clock.now
      store.dispatch(CatalogAction.watched, to: \.movies[index])
      saves.append(Self.microseconds(clock.now - started))
      // Compared on a tenth of the dispatches: each costs what a save costs, less the file.
      guard round % 10 == 0 else { continue }
      let plainStarted = clock.now
      unsavedStore.dispatch(CatalogAction.watched, to: \.movies[index])
      plain.append(Self.microseconds(clock.now - plainStarted))
      let listenedStarted = clock.now
      heardStore.dispatch(CatalogAction.watched, to: \.movies[index])
      listened.append(Self.microseconds(clock.now - listenedStarted))
    }
    listening.cancel()
    try check(
      persistence.saveError == nil && persistence.unsavedDispatches == 0,
      "persistence: not saved: \(persistence.saveError?.description ?? "")")
    let journalSize = Self.size(of: journal)
    let saved = Self.size(of: file) + journalSize
    try check(
      Self.size(of: file) == freshSnapshot,
      "persistence: compacted during \(dispatches) dispatches; the ratio would not be before it")
    let save = Self.median(saves)
    run.progress(
      "  save: \(Format.fixed(save, digits: 1)) µs a dispatch (median of \(dispatches)), "
        + "\(Format.fixed(Self.median(plain), digits: 1)) µs without a file, "
        + "\(Format.fixed(Self.median(listened), digits: 1)) µs with a listener of patches; "
        + "snapshot \(Format.grouped(freshSnapshot)) B, journal \(Format.grouped(journalSize)) B")
    persistence.detach()

    // MARK: Loading

    let rounds = run.quick ? 2 : 5
    var loads: [Double] = []
    for _ in 0..<rounds {
      let loaded = MovieCatalog()
      let loadStore = Store(loaded)
      let started = clock.now
      let attached: Persistence<MovieCatalog>
      do {
        attached = try Persistence.attach(loadStore, file: file)
      } catch {
        throw CheckFailure(description: "persistence: the load was refused: \(error)")
      }
      loads.append(Self.microseconds(clock.now - started) / 1_000)
      try check(
        loaded.movies.count == count
          && loaded.movies.map(\.views).reduce(0, +) == catalog.movies.map(\.views).reduce(0, +),
        "persistence: loaded \(loaded.movies.count) movies, not the \(count) saved")
      attached.detach()
    }
    let load = Self.median(loads)
    run.progress("  load: \(Format.fixed(load, digits: 1)) ms (median of \(rounds))")

    // MARK: Figures

    let ratio = Double(saved) / Double(freshSnapshot)
    run.report.addMicroseconds(
      "persistence.save_us_\(count)", save, benchmark: name,
      figure: "one dispatch saved, \(Format.grouped(count)) movies", target: 500)
    run.report.addMilliseconds(
      "persistence.load_ms_\(count)", load, benchmark: name,
      figure: "attach and load, \(Format.grouped(count)) movies", target: 250)
    run.report.addRatio(
      "persistence.journal_over_snapshot", ratio, benchmark: name,
      figure: "file after \(dispatches) changes / fresh snapshot", target: 2)
  }

  /// A catalog of `count` movies, as the case saves and loads it.
  static func catalog(_ count: Int) -> MovieCatalog {
    let catalog = MovieCatalog()
    catalog.movies = (0..<count).map { CatalogMovie(title: "Movie \($0)", year: 1900 + $0 % 125) }
    return catalog
  }

  private static func size(of url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
  }

  private static func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}
