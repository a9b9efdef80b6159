import Observation

/// Runs `reads` inside `withObservationTracking`, appending `name` to `log` when it is told of a change.
///
/// Observation tells a tracking block once, of the first change; read again to go on tracking.
@MainActor
func track(_ name: String, in log: SendableLog, _ reads: () -> Void) {
  withObservationTracking(reads) { log.append(name) }
}
