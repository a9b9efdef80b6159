/// What a store needs of the history recording it: the recorder its walks
/// tell of each model about to reduce, and where each dispatch's changes go.
@MainActor
final class HistoryRecording {
  let recorder: PatchRecorder
  let dispatched: @MainActor (_ action: any Action, _ changes: ChangeLog) -> Void

  init(recorder: PatchRecorder, dispatched: @escaping @MainActor (any Action, ChangeLog) -> Void) {
    self.recorder = recorder
    self.dispatched = dispatched
  }
}

/// A history's undo or redo, as observers are told of it.
struct HistoryMove: DirectChange {
  let changedModels: [AnyObject]
}
