/// Records a session on a store: each action dispatched, with the patches
/// its dispatch made, and every other change (made outside a dispatch, an
/// undo or a redo, patches applied), in order, to be saved and replayed as a
/// test (`SwiftReduceTesting`'s `Store.replay(_:decoding:)`).
///
/// ```swift
/// let store = Store(Person())
/// let recorder = SessionRecorder(store)
/// store.dispatch(NameChange.setName("Ada"))
/// store.dispatch(UpdateMovies.setInput("Heat"))
/// for step in recorder.steps { print(step) }
/// ```
///
/// prints
///
/// ```
/// NameChange.setName("Ada")
///   name: "" → "Ada"
/// UpdateMovies.setInput("Heat")
///   favoriteMovies.input: "" → "Heat"
/// ```
///
/// A recorder finds each step's paths as a snapshot does, once a step: it is
/// for recording a session, not for every frame of a large tree. It hears
/// every change, whatever a ``History`` of the store leaves out of its steps:
/// put caches behind `@Untraversed`, which nothing records.
@MainActor
public final class SessionRecorder {
  /// The steps recorded, in order.
  public private(set) var steps: [SessionStep] = []
  private var isRecording = true
  private var actionTexts = ActionTexts()

  /// Starts recording every change made through `store`.
  public init<Root: Reducer>(_ store: Store<Root>) {
    // The models' paths, kept while the tree keeps its shape, as `onPatches` keeps them.
    let paths = KeptModelPaths(root: store.root)
    store.listenToChanges(
      HistoryRecording.ChangeListener(
        isAlive: { [weak self] in self?.isRecording == true }, hearsEveryDispatch: true,
        told: { [weak self] event, changes in self?.record(event, paths.patches(of: changes)) }))
  }

  /// Stops recording; the steps recorded stay.
  public func stop() {
    isRecording = false
  }

  private func record(_ event: HistoryRecording.ChangeEvent, _ patches: [Patch]) {
    let kind: SessionStep.Kind
    switch event {
    case let .dispatch(action):
      steps.append(
        SessionStep(
          kind: .action, action: action, actionText: actionTexts.text(of: action),
          encodedAction: nil, patches: patches))
      return
    case .amendment:
      if let last = steps.indices.last { steps[last].patches += patches }
      return
    case .outside: kind = .changedOutside
    case .undo: kind = .undo
    case .redo: kind = .redo
    case .applied: kind = .appliedPatches
    }
    steps.append(
      SessionStep(kind: kind, action: nil, actionText: nil, encodedAction: nil, patches: patches))
  }
}
