import SwiftReduce

/// A clock that stands still until a test advances it, for effects that sleep.
///
/// Give it to a store, `TestStore(Search(), clock: clock)`, and effects that
/// sleep on `Effect.clock` wait until the test moves time on:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(Search(), clock: clock)
/// store.send(SearchAction.queryChanged("Al")) { $0.query = "Al" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(SearchAction.resultsLoaded(["Alien", "Aliens"])) {
///   $0.results = ["Alien", "Aliens"]
/// }
/// ```
///
/// ``advance(by:)`` first lets the effects already started run until each is
/// asleep on the clock or done. Then it wakes the sleepers whose deadline
/// falls within the duration one at a time, in deadline order (for equal
/// deadlines, in the order their effects started), with ``now`` set to that
/// deadline, and lets the woken effect, and any effect its actions start, run
/// until each is asleep on the clock again or done before waking the next.
/// ``now`` ends exactly the duration later. ``run()`` advances until no
/// sleeper is left. A sleeper whose task is cancelled throws
/// `CancellationError` at once.
///
/// A sleep until ``now`` itself, which is what `sleep(for: .zero)` asks for,
/// waits for the next advance like any other, even `advance(by: .zero)`, as
/// TCA's `TestClock` does: a test decides when an effect's zero-length pause
/// ends. One that goes to sleep for zero again while an advance wakes
/// sleepers waits for the advance after it, so a loop of zero-length sleeps
/// does not keep an advance from returning. Only a deadline already passed
/// returns at once.
///
/// Which effects are awake is counted, not guessed: the clock knows the
/// effects of the stores given it, and the effect each sleeper belongs to
/// (a task an effect creates belongs to it too), so the order of what effects
/// do between two sleeps does not depend on how busy the machine is. Once no
/// effect is awake, the clock hops through the global executor and the main
/// actor until a few hops in a row see nothing happen, for work that is no
/// effect's. An effect that waits on something else, such as a real network
/// request, is given up on, a safety net, once nothing has happened for ten
/// seconds and a thousand hops.
public final class TestClock: Clock, Sendable {
  /// A point in a test clock's time: how far the clock has been advanced.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// The time since the clock was created, as the test advanced it.
    let offset: Duration

    /// The instant `duration` later.
    ///
    /// - Parameter duration: How far on; negative for earlier.
    /// - Returns: The instant that far from this one.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    ///
    /// - Parameter other: The later instant, or an earlier one for a negative duration.
    /// - Returns: How far `other` is from this instant.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The time since the clock was created: `0.3 seconds`.
    public var description: String {
      "\(offset)"
    }
  }

  /// A task asleep on the clock.
  private struct Sleeper {
    /// Its turn among sleepers with the same deadline: the order its effect
    /// started in, then the order it went to sleep in.
    let turn: (effect: Int, number: Int)
    var number: Int { turn.number }
    let deadline: Instant
    /// The advance during whose wakings it went to sleep until the instant
    /// it went to sleep at, which it waits out; `nil` for any other sleep.
    let zeroLengthDuring: Int?
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    /// Sleepers whose task was cancelled before they were put to sleep.
    var cancelled: Set<Int> = []
    var lastNumber = 0
    /// Raised each time a sleeper comes or goes, to tell when effects have settled.
    var events = 0
    /// Counts the advances that have begun waking sleepers.
    var advances = 0
    /// Whether an advance is waking sleepers now.
    var isWaking = false

    /// The orders of the effects with a task asleep.
    var sleepingEffects: Set<Int> {
      Set(sleepers.map(\.turn.effect))
    }
  }

  private let state = Locked(State())

  /// How many hops in a row must see nothing happen, once every effect is
  /// asleep or done, for work that is no effect's to have run too.
  private static let quietHops = 3

  /// How long an advance waits, at least, for an effect that stays awake
  /// with nothing happening: one waiting on something other than this
  /// clock, which no hop can see.
  private static let patience: Duration = .seconds(10)

  /// How many hops an advance waits, at least, for such an effect.
  private static let patientHops = 1_000

  /// Creates a clock at its zero instant, with no sleepers.
  public init() {}

  /// The current instant: where the test has advanced the clock to.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The smallest step the clock can take: none, since it moves only when advanced.
  public var minimumResolution: Duration {
    .zero
  }

  /// Suspends until the clock is advanced to `deadline`, returning at once
  /// if the deadline has passed.
  ///
  /// A deadline equal to ``now`` (`sleep(for: .zero)`) waits for the next
  /// ``advance(by:)``, even by `.zero`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a test clock wakes sleepers exactly at their deadline.
  /// - Throws: `CancellationError` when the task is cancelled, at once.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let effect = EffectActivity.currentOrder ?? .max
    let number = state.withLock { state in
      state.lastNumber += 1
      return state.lastNumber
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let wake: Result<Void, any Error>? = state.withLock { state in
          if state.cancelled.remove(number) != nil { return .failure(CancellationError()) }
          if deadline < state.now { return .success(()) }
          let isZeroLength = deadline == state.now && state.isWaking
          state.sleepers.append(
            Sleeper(
              turn: (effect, number), deadline: deadline,
              zeroLengthDuring: isZeroLength ? state.advances : nil,
              continuation: continuation))
          state.events += 1
          return nil
        }
        if let wake { continuation.resume(with: wake) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.number == number }) else {
          // Not asleep yet: the sleep throws as soon as it would start.
          state.cancelled.insert(number)
          return nil
        }
        state.events += 1
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time on by `duration`, waking each sleeper whose deadline it reaches.
  ///
  /// Effects already started first run until each is asleep on the clock or
  /// done. Sleepers then wake in deadline order, with ``now`` at their
  /// deadline, the effect of each, and those its actions start, running
  /// until each is asleep again or done before the next wakes; a sleeper
  /// that goes back to sleep within the duration wakes again in its turn. Returns after the last has run, with ``now`` exactly
  /// `duration` later than it was.
  ///
  /// A sleeper whose deadline is ``now`` wakes too, even with `duration`
  /// `.zero`, unless it went to sleep for zero while this advance was waking
  /// sleepers: it waits for the next advance.
  ///
  /// - Parameter duration: How far to move time; `.zero` lets effects run and
  ///   wakes those asleep until ``now``.
  public func advance(by duration: Duration = .zero) async {
    await settle()
    let (target, advance) = state.withLock { state in
      state.advances += 1
      state.isWaking = true
      return (state.now.advanced(by: duration), state.advances)
    }
    while let sleeper = takeFirstSleeper(until: target, during: advance) {
      sleeper.continuation.resume()
      await settle()
    }
    state.withLock { state in
      state.now = max(state.now, target)
      state.isWaking = false
    }
  }

  /// Advances time until no sleeper is left, one deadline at a time.
  ///
  /// An effect that always goes back to sleep keeps this from returning.
  public func run() async {
    await settle()
    while let deadline = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
      await advance(by: now.duration(to: deadline))
    }
  }

  // MARK: - Waking

  /// Removes the sleeper to wake first, if its deadline is at most `target`,
  /// and moves ``now`` to that deadline; passes over those that went to
  /// sleep for zero during this `advance`.
  private func takeFirstSleeper(until target: Instant, during advance: Int) -> Sleeper? {
    state.withLock { state in
      guard
        let index = state.sleepers.indices.filter({
          state.sleepers[$0].zeroLengthDuring != advance
        }).min(by: {
          (state.sleepers[$0].deadline, state.sleepers[$0].turn.effect, state.sleepers[$0].number)
            < (
              state.sleepers[$1].deadline, state.sleepers[$1].turn.effect,
              state.sleepers[$1].number
            )
        }),
        state.sleepers[index].deadline <= target
      else { return nil }
      let sleeper = state.sleepers.remove(at: index)
      state.now = max(state.now, sleeper.deadline)
      state.events += 1
      return sleeper
    }
  }

  /// Returns once every effect of a store on this clock is asleep on it or
  /// done, and then ``quietHops`` hops in a row, each through the global
  /// executor and then the main actor, have seen no effect start, send or end
  /// and no sleeper come or go; or, with an effect still awake, once nothing
  /// has happened for ``patience`` and ``patientHops`` hops both.
  ///
  /// Both, because either alone is a guess at the load: a test holding the
  /// main actor for seconds stops the hops but not the wall clock, and busy
  /// cores slow the effects as much as the hops.
  private func settle() async {
    var quiet = 0
    var lastChange = ContinuousClock.now
    var last = await activity()
    while true {
      // Background priority: work already queued on the global executor goes first.
      await Task.detached(priority: .background) { await Task.yield() }.value
      let current = await activity()
      if current.events == last.events {
        quiet += 1
      } else {
        quiet = 0
        lastChange = ContinuousClock.now
        last = current
      }
      if current.awake.isEmpty {
        if quiet >= Self.quietHops { return }
      } else if quiet >= Self.patientHops, ContinuousClock.now - lastChange >= Self.patience {
        return
      }
    }
  }

  /// What effects and sleepers have done so far, and which effects of stores
  /// on this clock are awake.
  ///
  /// An effect is awake when it runs and is not asleep on this clock. The effects are
  /// read on the main actor, behind every job already queued there, before
  /// the sleepers: an effect that goes to sleep between the two reads counts
  /// as asleep, one that ends counts as awake until the next hop.
  private func activity() async -> (events: [Int], awake: Set<Int>) {
    let (events, running) = await MainActor.run {
      (EffectActivity.events, EffectActivity.running[ObjectIdentifier(self)] ?? [])
    }
    let (clockEvents, asleep) = state.withLock { ($0.events, $0.sleepingEffects) }
    return ([events, clockEvents], running.subtracting(asleep))
  }

  /// The orders of the effects with a task asleep on this clock, for a
  /// `TestStore` to tell when its effects can do nothing more until the test
  /// advances the clock.
  var sleepingEffects: Set<Int> {
    state.withLock { $0.sleepingEffects }
  }
}
