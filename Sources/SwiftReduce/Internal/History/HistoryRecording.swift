/// What a store needs of the history recording it: the recorder its walks
/// tell of each model about to reduce, and where each dispatch's changes go.
@MainActor
final class HistoryRecording {
  let recorder: PatchRecorder
  let dispatched: @MainActor (_ action: any Action, _ changes: ChangeLog) -> Void

  /// The group every dispatch joins when no other scope is in force, while it is open.
  var openGroup: RecordingScope?

  /// The scope of the queued dispatch running now, which its changes go to.
  var running: RecordingScope?

  /// The scope a dispatch queued now runs under: the one in force for the
  /// code queueing it, that of the dispatch running now, or the open group.
  func scopeOfQueuedDispatch() -> RecordingScope? {
    // Checked one by one: no array is made on the dispatch path.
    let scope: RecordingScope?
    if let inForce = RecordingScopes.inForce[ObjectIdentifier(self)], inForce.isOpen {
      scope = inForce
    } else if let running, running.isOpen {
      scope = running
    } else if let openGroup, openGroup.isOpen {
      scope = openGroup
    } else {
      scope = nil
    }
    scope?.dispatchQueued()
    return scope
  }

  init(recorder: PatchRecorder, dispatched: @escaping @MainActor (any Action, ChangeLog) -> Void) {
    self.recorder = recorder
    self.dispatched = dispatched
  }
}

/// A history's undo or redo, as observers are told of it.
struct HistoryMove: DirectChange {
  let changedModels: [AnyObject]
}
