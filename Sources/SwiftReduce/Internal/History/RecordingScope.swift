/// Where the changes of a dispatch go in one history, when not to a step of
/// their own: a group of dispatches made one step, or nowhere (left out).
///
/// A scope is in force for the code that opened it (through a task-local
/// value, so that it follows that code across `await` and no other task
/// sees it) and for every dispatch that code queues, which may run after the
/// code has returned: a dispatch queued by a subscriber inside a group still
/// joins that group. A group is finished, and becomes its step, once the code
/// that opened it has closed it and every dispatch queued under it has run.
@MainActor
final class RecordingScope {
  enum Role {
    /// The dispatches' changes are one step, of kind `merge` when `isMerge`.
    case group(label: String, isMerge: Bool)
    /// The dispatches' changes are not recorded.
    case excluded
  }

  let role: Role

  /// The recording the scope belongs to.
  let recording: ObjectIdentifier

  /// The text of each action the group's dispatches reduced, in order.
  var actions: [String] = []

  /// The changes the group's dispatches made, in order.
  var changes: [Change] = []

  /// Dispatches queued under the scope that have not finished.
  private var pending = 0

  /// Whether the code that opened the scope has closed it.
  private var isClosed = false

  /// Called once, when the scope is closed and nothing queued under it is left to run.
  var onFinished: (@MainActor (RecordingScope) -> Void)?

  init(_ role: Role, of recording: HistoryRecording) {
    self.role = role
    self.recording = ObjectIdentifier(recording)
  }

  /// A dispatch was queued under the scope.
  func dispatchQueued() {
    pending += 1
  }

  /// A dispatch queued under the scope has run.
  func dispatchFinished() {
    pending -= 1
    finishIfDone()
  }

  /// The code that opened the scope is done with it.
  func close() {
    isClosed = true
    finishIfDone()
  }

  /// Whether the scope still takes changes: not closed, or still waiting for
  /// a dispatch queued under it.
  var isOpen: Bool { !isClosed || pending > 0 }

  private func finishIfDone() {
    guard isClosed, pending == 0, let finished = onFinished else { return }
    onFinished = nil
    finished(self)
  }
}

/// The recording scopes in force for the code running now, one per recording at most.
struct RecordingScopes: Sendable {
  private var byRecording: [ObjectIdentifier: RecordingScope] = [:]

  /// The scopes in force for the task running now.
  @TaskLocal static var inForce = RecordingScopes()

  subscript(recording: ObjectIdentifier) -> RecordingScope? {
    get { byRecording[recording] }
    set { byRecording[recording] = newValue }
  }
}
