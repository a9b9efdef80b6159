/// The reads made through one store, and those waiting to be told of a change.
///
/// A read is *armed* when it is made (through a dynamic member or a binding)
/// and stays armed until a dispatch changes what it returned; then its
/// observers are told once and it is disarmed, until it is made again. That
/// follows Observation's own rule: `withObservationTracking` is told of the
/// first change only, and a SwiftUI view reads again as it renders. Only armed
/// reads are compared after a dispatch, and nothing at all is done when none
/// is armed or no model reduced the action.
@MainActor
final class ObservedReads {
  /// Every read made, by key path, made once and kept for the store's life.
  private var reads: [AnyKeyPath: any ObservedValue] = [:]

  /// The armed reads, in the order they were armed.
  ///
  /// Only the main actor touches it, and never holds an access across a call
  /// out, so it needs no dynamic exclusivity checks.
  @exclusivity(unchecked) private var armed: [any ObservedValue] = []

  /// Whether a read is armed, so that a dispatch tells its observers (user code) of a change.
  var hasArmedReads: Bool { !armed.isEmpty }

  /// The read of `keyPath`, made now with `make` if it is the first.
  func read<Root, Value>(
    _ keyPath: KeyPath<Root, Value>, make: () -> ObservedRead<Root, Value>
  ) -> ObservedRead<Root, Value> {
    if let read = reads[keyPath] {
      // Equal key paths have the same root and value types.
      return unsafeDowncast(read, to: ObservedRead<Root, Value>.self)
    }
    let read = make()
    reads[keyPath] = read
    return read
  }

  /// The read of `keyPath`, if it has been made.
  func existingRead<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> ObservedRead<Root, Value>? {
    // Equal key paths have the same root and value types.
    reads[keyPath].map { unsafeDowncast($0, to: ObservedRead<Root, Value>.self) }
  }

  /// Arms `read` and registers it with the `withObservationTracking` block running now, if any.
  func arm(_ read: some ObservedValue) {
    read.point.access()
    guard !read.isArmed else { return }
    read.arm()
    armed.append(read)
  }

  /// Compares the armed reads after a dispatch of `action` that some model
  /// reduced, then tells the observers of each changed one, once.
  ///
  /// All comparisons come before any telling, so an `onChange` sees the
  /// whole dispatch done; what it dispatches is queued by the store.
  func tellChanges(after action: any Action, in root: AnyObject) {
    guard !armed.isEmpty else { return }
    // Compacted in place: the reads still waiting move down over the changed
    // ones. A computed property read through the store may arm reads during a
    // comparison; they are appended, and compared in turn.
    var changed: [ObservationPoint] = []
    var kept = 0
    var index = 0
    while index < armed.count {
      let read = armed[index]
      if read.hasChanged(after: action, in: root) {
        read.disarm()
        changed.append(read.point)
      } else {
        if kept != index { armed[kept] = read }
        kept += 1
      }
      index += 1
    }
    armed.removeLast(armed.count - kept)
    for point in changed { point.tellObservers() }
  }
}
