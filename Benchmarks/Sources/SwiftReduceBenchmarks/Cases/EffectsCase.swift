import SwiftReduce

/// Effects: a dispatch whose model starts an effect that sends one action, until the effect ends.
///
/// Each iteration dispatches `.ping`; the model's `reduce` starts an effect
/// with `Effect.run` that sends `.pong`, and the iteration waits for the
/// store's effects to end. So it times the start of an effect, its task
/// running on the main actor, the dispatch of what it sends, and its end.
/// The tree is one model, so the walk adds next to nothing.
struct EffectsCase: BenchmarkCase {
  let name = "effects"

  func run(in run: BenchmarkRun) async throws(CheckFailure) {
    run.progress("effects: one model, one effect per dispatch")
    let pinger = Pinger()
    let store = Store(pinger)
    var iterations = 0
    let timing = await run.measurement.run { count in
      for _ in 0..<count {
        store.dispatch(PingAction.ping)
        await store.waitForTasks()
      }
      iterations += count
    }
    try check(
      pinger.pings == iterations && pinger.pongs == iterations,
      "effects: \(iterations) dispatches gave \(pinger.pings) pings and \(pinger.pongs) pongs")
    run.report.addNanoseconds(
      "effects.start_ns", timing.nanosecondsPerIteration, benchmark: name,
      figure: "ns per effect started, sending one action and ended")
    let row = try await measureRowEffect(run, rows: 10_000)
    run.report.addNanoseconds(
      "effects.row_start_ns_10000", row, benchmark: name,
      figure: "ns per effect started by one row of 10,000 and ended")
  }
}

/// What ``Pinger`` takes: `.ping` starts an effect that sends `.pong`.
enum PingAction: Action {
  case ping
  case pong
}

/// A model that answers each ping with an effect.
final class Pinger: Reducer {
  var pings = 0
  var pongs = 0

  static let handledBelow = HandledBelow.nothing

  func reduce(action: PingAction) {
    switch action {
    case .ping:
      pings += 1
      Effect.run { send in send(PingAction.pong) }
    case .pong:
      pongs += 1
    }
  }
}

/// Times a dispatch to one row of `rows` whose reduce starts an effect that
/// ends at once, until it has ended: what an effect owned by a row costs to
/// start, place in its row and end.
@MainActor
func measureRowEffect(_ run: BenchmarkRun, rows: Int) async throws(CheckFailure) -> Double {
  run.progress("effects: one effect started by one row of \(Format.grouped(rows))")
  let list = TimedRows(count: rows)
  let store = Store(list)
  let action: any Action = TimedRowAction.start
  var next = 0
  var iterations = 0
  let timing = await run.measurement.run { count in
    for _ in 0..<count {
      store.dispatch(action, to: \.rows, id: next)
      await store.waitForTasks()
      next = (next + 7_919) % rows
    }
    iterations += count
  }
  let started = list.rows.reduce(0) { $0 + $1.started }
  try check(started == iterations, "effects: \(started) row effects for \(iterations) dispatches")
  return timing.nanosecondsPerIteration
}

/// What a ``TimedRow`` takes: `.start` starts an effect of the row's own.
enum TimedRowAction: Action {
  case start
}

/// A list of rows that each start effects of their own.
final class TimedRows: Reducer {
  var rows: [TimedRow]

  init(count: Int) {
    rows = (0..<count).map { TimedRow(id: $0) }
  }
}

/// A row that starts an effect, with an id, for each `.start`.
final class TimedRow: Reducer, Identifiable {
  let id: Int
  var started = 0

  init(id: Int) {
    self.id = id
  }

  func reduce(action: TimedRowAction) {
    started += 1
    Effect.run(id: "work") { _ in }
  }
}
