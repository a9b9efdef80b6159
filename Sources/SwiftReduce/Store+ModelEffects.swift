extension Store {
  /// Cancels this store's running effects with an id equal to `id` that
  /// belong to the row at `row`: an element of an array or a dictionary, or
  /// a model inside one.
  ///
  /// Effects started by a model inside a row have ids of that row's, which
  /// ``cancel(id:)`` does not reach:
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let store = Store(Countdowns(), clock: clock)
  /// store.dispatch(CountdownAction.start(1))
  /// store.dispatch(CountdownAction.start(2))
  /// store.dispatch(CountdownAction.start(3))
  /// store.dispatch(CountdownAction.stop(1))
  /// store.cancel(id: "timer")
  /// store.cancel(id: "timer", in: "rows[1]")
  /// await clock.advance(by: .seconds(1))
  /// print(store.rows.map(\.ticks))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// [0, 0, 1]
  /// ```
  ///
  /// A path outside any row cancels as ``cancel(id:)`` does; a path that
  /// leads nowhere cancels nothing, and debug builds say so.
  ///
  /// - Parameters:
  ///   - id: The id the effects were started with.
  ///   - row: The path of the row, or of a value inside it: `rows[2]`, `byName["ada"]`.
  public func cancel(id: any Hashable & Sendable, in row: TreePath) {
    let id = AnyHashable(id)
    if case .model = effectOrigin {
      // The row's effects started in this walk are placed once it is over.
      lifetime.ownership.add(.cancelInRow(id: id, path: row, before: lifetime.makeKey()))
      return
    }
    cancelEffects(withID: id, inRowAt: row, rows: ModelRows(root: root), before: .max)
  }

  /// Told of each note about a model's effects and dismissals (an effect
  /// cancelled because its model left the tree, a dismissal refused) instead
  /// of standard error; for tests.
  package var modelEffectNoteHandler: (@MainActor (_ note: String) -> Void)? {
    get { lifetime.ownership.noteHandler }
    set { lifetime.ownership.noteHandler = newValue }
  }

  // MARK: - After the walk

  /// Settles what models asked for during the walk, now that it has named
  /// their places: the rows of the effects they started, the effects they
  /// cancelled, and the models they dismissed, in the order they asked;
  /// and the ``DismissAction`` an effect sent, if `action` is one.
  ///
  /// - Returns: Whether a model was dismissed, which changed the tree, or
  ///   `action` was a dismissal, which no model takes: either way the
  ///   action was handled.
  func settleModelRequests(after action: any Action) -> Bool {
    let ownership = lifetime.ownership
    var dismissed = false
    var snapshot: ModelRows?
    func rows() -> ModelRows {
      if let snapshot { return snapshot }
      let made = ModelRows(root: root)
      snapshot = made
      return made
    }
    for request in ownership.takeRequests() {
      switch request {
      case .start(let effect, let cancelInFlight):
        place(effect, in: rows)
        if cancelInFlight, let id = effect.id {
          cancelEffects(withID: id, in: effect.row, before: effect.key)
        }
      case .cancel(let id, let model, let place, let before):
        let rows = rows()
        let row = line(ofReducing: model, place: place, in: rows).flatMap { rows.row(ofLine: $0) }
        cancelEffects(withID: id, in: row, before: before)
      case .cancelInRow(let id, let path, let before):
        cancelEffects(withID: id, inRowAt: path, rows: rows(), before: before)
      case .dismiss(let model, let place):
        let rows = rows()
        let path = line(ofReducing: model, place: place, in: rows).map { rows.path(toLine: $0) }
        if dismissModel(at: path, isAmong: ModelRows.isAmong(place), by: "Effect.dismiss()") {
          dismissed = true
          snapshot = nil
        }
      }
    }
    if ownership.queuedDismissals > 0, let dismissal = action as? DismissAction,
      let key = dismissal.effectKey
    {
      ownership.takeQueuedDismissal()
      if let effect = lifetime.effects[key], !effect.isCancelled {
        _ = dismissModel(startedBy: effect, rows: rows())
        // Its work is done: it is not noted with the model's other effects.
        effect.cancel()
      }
      dismissed = true
    }
    return dismissed
  }

  /// Finds the row of an effect a model other than the root started, and
  /// the path of that model.
  ///
  /// `rows` makes the snapshot that finds them, asked for only when one is needed.
  private func place(_ effect: RunningEffect, in rows: () -> ModelRows) {
    effect.isPlaced = true
    guard case .model(_, let model) = effect.origin else { return }
    let rows = rows()
    guard let line = line(ofReducing: model, place: effect.valuePlace, in: rows) else {
      if let holder = model.object as? TargetValueHolder {
        // A value its target's path does not lead to (a step it cannot name,
        // such as a dictionary's key other than a string or an integer, or the
        // value gone from there): the store's, as the root's are, named by the
        // path it was sent to, rather than cancelled with its holder.
        lifetime.ownership.forget { $0 === effect }
        if let path = path(inHolder: holder, place: effect.valuePlace) {
          effect.follow(from: root, along: path)
        }
      }
      return
    }
    effect.row = rows.row(ofLine: line)
    effect.modelPath = rows.path(toLine: line)
    // Its holder goes when the dispatch ends: followed from the model above it in the tree.
    if model.object is TargetValueHolder, let owner = rows.owner(ofLine: line) {
      effect.follow(from: owner.model, along: owner.path)
    }
  }

  /// The line of `model`, or of the value model at `place` it holds, in `rows`.
  ///
  /// A value a targeted action reached was reduced in a holder outside the
  /// tree and written back to its target: its value models are found there.
  private func line(
    ofReducing model: RunningEffect.ReducingModel, place: ValueModelPlace?, in rows: ModelRows
  ) -> Int? {
    guard let holder = model.object as? TargetValueHolder else {
      return rows.line(of: model, place: place)
    }
    guard let path = path(inHolder: holder, place: place), let line = rows.line(at: path) else {
      return nil
    }
    return rows.isValue(atLine: line) ? line : nil
  }

  /// The path in the tree of the value model at `place` in a value a
  /// targeted action reached in `holder`: the target's path, then the steps
  /// below the holder's own property; `nil` for a holder that only lists models.
  func path(inHolder holder: any TargetValueHolder, place: ValueModelPlace?) -> TreePath? {
    guard let target = holder.target, let steps = place?.steps else { return nil }
    let inside = ModelPaths.path(through: steps, ownerPath: .root).components.dropFirst()
    return TreePath(treePath(of: target).components + inside)
  }

  /// The path of `target` as ``ModelRows`` finds it: its ids written as the
  /// rows' own `id`s are compared, whatever their type.
  func treePath(of target: DispatchTarget) -> TreePath {
    TreePath(parsing: target.pathText(writingIDs: ModelRows.idText))
  }

  /// Cancels the effects with `id` of the row at `path`, started before `key`.
  private func cancelEffects(
    withID id: AnyHashable, inRowAt path: TreePath, rows: ModelRows, before key: Int
  ) {
    guard let line = rows.line(at: path) else {
      report(
        "SwiftReduce: cancel(id: \(String(reflecting: id.base)), in: \(path)) cancelled "
          + "nothing: no value is at \(path) (reported in debug builds)")
      return
    }
    cancelEffects(withID: id, in: rows.row(ofLine: line), before: key)
  }

  // MARK: - After the dispatch

  /// Cancels the effects whose model left the tree during the dispatch:
  /// removed from what held it, or released.
  ///
  /// Called when a dispatch ends, only while effects started by models
  /// other than the root run. A released model is seen through its weak
  /// reference; whether the others are still in the tree costs one walk
  /// listing its models, and, while an effect of a value model runs, a
  /// snapshot of the tree.
  func cancelEffectsOfDepartedModels() {
    let ownership = lifetime.ownership
    ownership.forget { lifetime.effects[$0.key] == nil || $0.isCancelled }
    guard ownership.isWatching else { return }
    var reachable: [AnyObject]?
    var snapshot: ModelRows?
    var departed: [RunningEffect] = []
    for effect in ownership.owned where effect.isPlaced {
      guard case .model(_, let model) = effect.origin, let object = model.object else {
        departed.append(effect)
        continue
      }
      if model.isValueModel {
        let rows = snapshot ?? ModelRows(root: root)
        snapshot = rows
        if let line = line(of: effect, model, in: rows) {
          effect.modelPath = rows.path(toLine: line)
        } else {
          departed.append(effect)
        }
      } else {
        // A few owners are looked for in the list, cheaper than hashing every model.
        let models = reachable ?? Walk.reachableModels(from: root)
        reachable = models
        if !models.contains(where: { $0 === object }) { departed.append(effect) }
      }
    }
    guard !departed.isEmpty else { return }
    for effect in departed {
      effect.cancel()
      report(
        "SwiftReduce: cancelled the effect \(noteDescription(of: effect)): its model left the "
          + "tree (noted in debug builds)")
    }
    ownership.forget { effect in departed.contains { $0 === effect } }
  }

  /// An effect as the note of its cancellation names it: its id, the action
  /// that started it, and the path its model had.
  private func noteDescription(of effect: RunningEffect) -> String {
    let id = effect.id.map { "id \(String(reflecting: $0.base))" } ?? "no id"
    guard case .model(let action, _) = effect.origin else { return id }
    let path = effect.modelPath.map { "\($0)" } ?? "a model no longer in the tree"
    return "\(id), started by \(actionText(action)) in \(path)"
  }

  /// Tells the test that set a handler, or in debug builds standard error.
  func report(_ text: String) {
    if let handler = lifetime.ownership.noteHandler {
      handler(text)
      return
    }
    #if DEBUG
      DebugReport.emit(text)
    #endif
  }
}
