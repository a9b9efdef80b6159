import Observation

/// Runs `reads` inside `withObservationTracking`, appending `name` to `log` when it is told of a change.
///
/// Observation tells a tracking block once, of the first change; read again to go on tracking.
@MainActor
func track(_ name: String, in log: SendableLog, _ reads: () -> Void) {
  withObservationTracking(reads) { log.append(name) }
}

/// Runs `reads` inside `withObservationTracking`, as `track(_:in:_:)` does, into a new log.
///
/// - Returns: The log `name` is appended to when the block is told of a change.
@MainActor
func track(_ name: String, _ reads: () -> Void) -> SendableLog {
  let log = SendableLog()
  track(name, in: log, reads)
  return log
}
