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
