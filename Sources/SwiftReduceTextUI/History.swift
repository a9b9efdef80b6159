import SwiftReduce

/// The actions dispatched to a store, kept by a middleware in steps, so that
/// steps can be undone and redone, and replayed on a new starting state.
///
/// The state is a function of where the history starts and of the actions
/// after it, the way Redux sees it: `reset` brings the store back to the
/// start, and undoing a step dispatches `reset` and then the actions of the
/// steps before it again. Nothing is copied from the models, so it works for
/// every action of every model; replaying takes as long as dispatching the
/// remaining actions again.
///
/// A ``Runner`` given a history makes each input line that used a control
/// one step, labelled with the line, and adds the `undo` and `redo` commands.
///
/// ```swift
/// let history = History<Person>(reset: [NameChange.setName("")])
/// let store = Store(Person(), middleware: [history.middleware])
/// history.record("1 Ada") { store.dispatch(NameChange.setName("Ada")) }
/// history.record("1 Grace") { store.dispatch(NameChange.setName("Grace")) }
/// print(history.undo(in: store) ?? "nothing", store.name)
/// print(history.redo(in: store) ?? "nothing", store.name)
/// ```
///
/// prints
///
/// ```
/// 1 Grace Ada
/// 1 Grace Grace
/// ```
@MainActor
public final class History<Root: Reducer> {
  /// One input's worth of actions.
  private struct Step {
    let label: String
    let actions: [any Action]
    /// Tells steps apart, so that a step redone is the step kept.
    let number: Int
  }

  private var reset: [any Action]
  private var done: [Step] = []
  private var undone: [Step] = []
  /// The actions dispatched since the last step was recorded.
  private var pending: [any Action] = []
  private var isReplaying = false
  /// How many of the first steps done are kept elsewhere, such as in a file.
  private var keptCount = 0
  /// The numbers of the steps done when they were last marked kept.
  private var keptSteps: [Int] = []
  /// The number of the next step recorded.
  private var nextStepNumber = 0
  /// Given the state before a step, tells whether the state after it is the
  /// same in what matters; `nil` keeps every step that dispatched.
  private let sameState: ((Root) -> (Root) -> Bool)?
  /// Whether the state is as it was before the actions pending, when known.
  private var unchangedSincePending: (() -> Bool)?

  /// Creates an empty history.
  ///
  /// - Parameter reset: The actions that bring the store to the state the
  ///   history starts from, whatever state it is in.
  public init(reset: [any Action]) {
    self.reset = reset
    sameState = nil
  }

  /// Creates an empty history that keeps only the steps that change `state`.
  ///
  /// Input whose actions leave `state` as it was, such as clearing a name
  /// that is already empty, is then not a step: ``record(_:_:)`` returns
  /// `false` and there is nothing to undo for it.
  ///
  /// - Parameters:
  ///   - reset: The actions that bring the store to the state the history
  ///     starts from, whatever state it is in.
  ///   - state: The part of the state that a step must change to be kept,
  ///     such as what is saved.
  public init<State: Equatable>(
    reset: [any Action], state: @escaping @MainActor (Root) -> State
  ) {
    self.reset = reset
    sameState = { root in
      let before = state(root)
      return { state($0) == before }
    }
  }

  /// The middleware that records every action dispatched to the store; give
  /// it to the store this history is for.
  public var middleware: Middleware<Root> {
    Middleware { [weak self] action, store, next in
      if let self, !self.isReplaying {
        if self.pending.isEmpty, let sameState = self.sameState {
          let isSame = sameState(store.root)
          self.unchangedSincePending = { [weak store] in store.map { isSame($0.root) } ?? false }
        }
        self.pending.append(action)
      }
      next(action)
    }
  }

  /// Called before each undo and redo, for example to merge what another
  /// process saved first (see ``rebase(reset:in:)``), so that the step is
  /// undone or redone on the state it will be kept on rather than on one
  /// that the next merge replaces.
  public var beforeUndoOrRedo: (@MainActor () -> Void)?

  /// How many steps a merge made part of the start since the history was
  /// made: they can no longer be undone here.
  public private(set) var mergedStepCount = 0

  /// Whether there is a step to undo.
  public var canUndo: Bool { !done.isEmpty }

  /// Whether there is a step to redo.
  public var canRedo: Bool { !undone.isEmpty }

  // MARK: - Recording

  /// Runs `body` and makes the actions it dispatched one step named `label`.
  ///
  /// A step with no actions is not kept, nor one that left the state as it
  /// was when the history was made with a `state` to compare. A new step
  /// clears what could be redone.
  ///
  /// - Returns: Whether a step was kept.
  @discardableResult
  public func record(_ label: String, _ body: () -> Void) -> Bool {
    pending = []
    unchangedSincePending = nil
    body()
    defer {
      pending = []
      unchangedSincePending = nil
    }
    guard !pending.isEmpty, !(unchangedSincePending?() ?? false) else { return false }
    done.append(Step(label: label, actions: pending, number: nextStepNumber))
    nextStepNumber += 1
    undone = []
    return true
  }

  // MARK: - Undo and redo

  /// Reverts the last step; returns its label, or `nil` when there is none.
  ///
  /// - Parameter store: The store whose middleware is ``middleware``.
  /// - Returns: The label of the step undone.
  @discardableResult
  public func undo(in store: Store<Root>) -> String? {
    beforeUndoOrRedo?()
    guard let step = done.popLast() else { return nil }
    undone.append(step)
    replay(in: store)
    return step.label
  }

  /// Applies again the last step undone; returns its label, or `nil`.
  ///
  /// - Parameter store: The store whose middleware is ``middleware``.
  /// - Returns: The label of the step redone.
  @discardableResult
  public func redo(in store: Store<Root>) -> String? {
    beforeUndoOrRedo?()
    guard let step = undone.popLast() else { return nil }
    done.append(step)
    replay(in: store)
    return step.label
  }

  /// Marks the steps done so far as kept elsewhere, such as saved to a file
  /// that others may build on; ``rebase(reset:in:)`` does not apply them again.
  public func markKept() {
    keptCount = done.count
    keptSteps = done.map(\.number)
  }

  /// How many steps separate the state from the one last marked kept: the
  /// steps done since, and the kept steps undone since.
  ///
  /// Undoing a step that was not kept brings the count down; undoing one
  /// that was kept brings it up.
  public var unkeptStepCount: Int {
    var common = 0
    while common < min(done.count, keptSteps.count) && done[common].number == keptSteps[common] {
      common += 1
    }
    return done.count - common + keptSteps.count - common
  }

  /// Starts the history from a new state that already holds the steps
  /// marked kept, and applies the steps after them on top of it.
  ///
  /// This is how a change made elsewhere, such as by another process that
  /// read what was kept, is merged: the steps taken here since are replayed
  /// on the other state, the way Redux replays actions. The steps that were
  /// kept become part of the new start and can no longer be undone, and
  /// nothing can be redone.
  ///
  /// - Parameters:
  ///   - reset: The actions that bring the store to the new starting state.
  ///   - store: The store whose middleware is ``middleware``.
  /// - Returns: The number of steps undone here after they were kept, which
  ///   the new state still holds.
  @discardableResult
  public func rebase(reset: [any Action], in store: Store<Root>) -> Int {
    let undoneAfterKept = max(keptCount - done.count, 0)
    self.reset = reset
    mergedStepCount += min(keptCount, done.count)
    done.removeFirst(min(keptCount, done.count))
    undone = []
    keptCount = 0
    keptSteps = []
    replay(in: store)
    return undoneAfterKept
  }

  private func replay(in store: Store<Root>) {
    isReplaying = true
    defer { isReplaying = false }
    for action in reset { store.dispatch(action) }
    for step in done {
      for action in step.actions { store.dispatch(action) }
    }
  }
}
