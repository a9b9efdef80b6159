import Foundation
import SwiftReduce
import SwiftReducePersistence
import SwiftReduceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `kill -9` at random moments while an archive of 100,000 films is saved: every file left
/// loads to the state after a complete dispatch, the last one that returned or the one in
/// flight.
///
/// Each round is a child process that loads the file the round before left and checks it,
/// then dispatches and saves, compacting every fourth dispatch so that kills also land while
/// the whole snapshot is written. A thread of its own kills it once a random dispatch of the
/// first 12 has returned, after a random part of twice the time that dispatch took or, when a
/// compaction follows it, of the time a compaction takes.
///
/// The short form, run by default, kills 2 children of an archive of 100,000 films in a
/// release build and of 10,000 in a debug build, where loading 100,000 takes seconds;
/// `SWIFTREDUCE_KILL_ROUNDS=100` runs the long form, 100 kills at 100,000 films in any build.
@MainActor
struct PersistenceKillTests {
  /// The number of kills: `SWIFTREDUCE_KILL_ROUNDS`, or 2.
  static let rounds: Int = {
    guard let text = getenv("SWIFTREDUCE_KILL_ROUNDS").map({ String(cString: $0) }) else {
      return 2
    }
    guard let rounds = Int(text), rounds > 0 else {
      fatalError("SWIFTREDUCE_KILL_ROUNDS is \(text); give a number of kills")
    }
    return rounds
  }()

  /// The number of films: 100,000, or 10,000 for the short form in a debug build.
  static let filmCount: Int = {
    #if DEBUG
      if getenv("SWIFTREDUCE_KILL_ROUNDS") == nil { return 10_000 }
    #endif
    return 100_000
  }()

  /// The last dispatch that returned and the microseconds it took, as the round's child
  /// wrote them.
  nonisolated private static func progress(_ progressPath: String) -> (
    returned: Int, micros: Int, isCompacting: Bool
  ) {
    let text = (try? String(contentsOfFile: progressPath, encoding: .utf8)) ?? ""
    let numbers = text.split(separator: " ").compactMap { Int($0) }
    return (numbers.first ?? 0, numbers.dropFirst().first ?? 0, numbers.dropFirst(2).first == 1)
  }

  /// Whether `archive`, loaded after the last dispatch that returned was number
  /// `returned`, holds the state after a complete dispatch: that one, or the one after it.
  private static func check(_ archive: FilmArchive, returned: Int) -> String {
    let loaded = archive.dispatches
    guard loaded == returned || loaded == returned + 1 else {
      return "dispatch \(loaded) loaded, after dispatch \(returned) returned"
    }
    guard archive.films.map(\.views) == FilmArchive.views(after: loaded, count: filmCount)
    else { return "dispatch \(loaded) loaded, with the films of another state" }
    return loaded == returned ? "last returned" : "in flight"
  }

  /// `duration` in whole microseconds.
  nonisolated private static func micros(_ duration: Duration) -> Int {
    let parts = duration.components
    return Int(parts.seconds) * 1_000_000 + Int(parts.attoseconds / 1_000_000_000_000)
  }

  /// Writes `number`, `micros` and whether a compaction is under way over the progress at
  /// the start of `descriptor`'s file.
  private static func write(
    _ number: Int, _ micros: Int, isCompacting: Bool = false, to descriptor: Int32
  ) {
    let text = "\(number) \(micros) \(isCompacting ? 1 : 0)"
    pwrite(descriptor, text + String(repeating: " ", count: 40 - text.count), 40, 0)
  }

  @Test func killsAtRandomMomentsDuringSavesOfOneHundredThousandFilmsLeaveACompleteDispatch()
    async throws
  {
    let directory = try TemporaryDirectory()
    let file = directory.file("archive.json")
    let path = file.path
    let progressPath = directory.file("progress").path
    let checksPath = directory.file("checks").path
    // How long writing the whole archive takes, for a kill to land anywhere in one.
    var compactMicros = 0
    do {
      let archive = FilmArchive()
      archive.films = (0..<Self.filmCount).map { Film(title: "Film \($0)") }
      let persistence = try Persistence.attach(Store(archive), file: file)
      let started = ContinuousClock.now
      try persistence.compact()
      compactMicros = Self.micros(ContinuousClock.now - started)
      persistence.detach()
    }
    #expect(FileManager.default.createFile(atPath: checksPath, contents: nil))
    var random = SplitMix64(seed: 38)
    for _ in 0..<Self.rounds {
      // The kill comes after dispatch `target` returned, a `share` of twice its time later.
      let target = Int(random.next() % 12) + 1
      let share = Double(random.next() % 1_000) / 1_000
      await #expect(processExitsWith: .signal(SIGKILL)) {
        [
          path = path as String, progressPath = progressPath as String,
          checksPath = checksPath as String, target = target as Int, share = share as Double,
          compactMicros = compactMicros as Int
        ] in
        await MainActor.run {
          let (returned, _, wasCompacting) = PersistenceKillTests.progress(progressPath)
          let archive = FilmArchive()
          let store = Store(archive)
          guard let persistence = try? Persistence.attach(store, file: URL(fileURLWithPath: path)),
            let checks = FileHandle(forWritingAtPath: checksPath)
          else { exit(1) }
          // What the file the last kill left loaded to, for the test to check.
          let line =
            PersistenceKillTests.check(archive, returned: returned)
            + (wasCompacting ? ", killed while compacting" : "") + "\n"
          guard (try? checks.seekToEnd()) != nil,
            (try? checks.write(contentsOf: Data(line.utf8))) != nil
          else { exit(1) }
          guard FileManager.default.createFile(atPath: progressPath, contents: nil),
            let progress = FileHandle(forWritingAtPath: progressPath)
          else { exit(1) }
          let first = archive.dispatches
          Thread.detachNewThread {
            while PersistenceKillTests.progress(progressPath).returned < first + target {
              usleep(500)
            }
            // After a dispatch that a compaction follows, anywhere in the compaction.
            let span =
              (first + target) % 4 == 0
              ? compactMicros : 2 * PersistenceKillTests.progress(progressPath).micros
            usleep(UInt32(Double(span) * share))
            kill(getpid(), SIGKILL)
          }
          let clock = ContinuousClock()
          var number = first
          while true {
            number += 1
            let index = FilmArchive.index(ofDispatch: number, count: archive.films.count)
            let started = clock.now
            store.dispatch(FilmAction.watch(index: index, number: number))
            guard persistence.saveError == nil else { exit(2) }
            let micros = PersistenceKillTests.micros(clock.now - started)
            PersistenceKillTests.write(number, micros, to: progress.fileDescriptor)
            guard number % 4 == 0 else { continue }
            PersistenceKillTests.write(
              number, micros, isCompacting: true, to: progress.fileDescriptor)
            guard (try? persistence.compact()) != nil else { exit(3) }
            PersistenceKillTests.write(number, micros, to: progress.fileDescriptor)
          }
        }
      }
    }
    let archive = FilmArchive()
    try Persistence.attach(Store(archive), file: file).detach()
    let loads = (try String(contentsOfFile: checksPath, encoding: .utf8)).split(separator: "\n")
    // The first child checked the file as it was made, before any kill; each later one the
    // file the kill before it left, and this test the last.
    #expect(loads.first == "last returned")
    let last = Self.progress(progressPath)
    let checks =
      loads.dropFirst().map(String.init) + [
        Self.check(archive, returned: last.returned)
          + (last.isCompacting ? ", killed while compacting" : "")
      ]
    #expect(checks.count == Self.rounds)
    let outcomes = checks.map { $0.replacing(", killed while compacting", with: "") }
    #expect(outcomes.allSatisfy { $0 == "last returned" || $0 == "in flight" })
    print(
      "PersistenceKillTests: \(checks.count) kills of \(Self.filmCount) films, "
        + "\(checks.filter { $0.hasSuffix("compacting") }.count) while compacting: "
        + "\(outcomes.filter { $0 == "last returned" }.count) loaded the last dispatch that "
        + "returned, \(outcomes.filter { $0 == "in flight" }.count) the one in flight")
    #expect(archive.dispatches > 0)
  }
}
