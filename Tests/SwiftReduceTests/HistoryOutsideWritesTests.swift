import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Changes made around dispatches rather than by them: code that sets a model's property
/// directly, a subscriber's or a middleware's writes, and where each goes in the history
/// (issue #34, items 1 and 2).
@MainActor
struct HistoryOutsideWritesTests {
  private func makeMixtape() -> (Mixtape, Store<Mixtape>, History<Mixtape>) {
    let mixtape = Mixtape()
    mixtape.name = "Road"
    mixtape.listeners = [Listener("Ada")]
    let store = Store(mixtape)
    return (mixtape, store, History(store))
  }

  private func describe(_ steps: [HistoryStep]) -> [String] {
    steps.map { "\($0.label) [\($0.kind)] \($0.patches.map(\.description))" }
  }

  // MARK: - Outside any dispatch

  @Test func aWriteOutsideAnyDispatchIsRecordedAsAMergeStepAtTheNextDispatch() {
    let (mixtape, store, history) = makeMixtape()
    mixtape.name = "Night"
    store.dispatch(MixtapeAction.tag("late"))
    #expect(
      describe(history.steps) == [
        "changed outside a dispatch [merge] [\"name: \\\"Road\\\" → \\\"Night\\\"\"]",
        "MixtapeAction.tag(\"late\") [change] [\"tags: inserted \\\"late\\\"\"]",
      ])
    #expect(history.steps.map(\.madeOutsideDispatch) == [true, false])
    #expect(history.steps[0].actions == [])
  }

  @Test func undoPassesOverAWriteMadeOutsideAnyDispatch() throws {
    let (mixtape, store, history) = makeMixtape()
    store.dispatch(MixtapeAction.tag("late"))
    mixtape.name = "Night"
    let undone = try history.undo()
    #expect(undone?.label == "MixtapeAction.tag(\"late\")")
    #expect(mixtape.tags == [])
    #expect(mixtape.name == "Night")
    #expect(history.steps.map(\.label) == ["changed outside a dispatch"])
    #expect(history.canUndo == false)
  }

  @Test func aWriteOutsideAnyDispatchToAPropertyAStepChangedMakesItsUndoAConflict() throws {
    let (mixtape, store, history) = makeMixtape()
    store.dispatch(MixtapeAction.rename("Night"))
    mixtape.name = "Day"
    #expect(throws: HistoryConflict.self) { try history.undo() }
    #expect(mixtape.name == "Day")
  }

  @Test func aWriteOutsideAnyDispatchIsFoundBeforeAnUndo() throws {
    let (mixtape, store, history) = makeMixtape()
    store.dispatch(MixtapeAction.tag("late"))
    mixtape.name = "Night"
    try history.undo()
    try history.redo()
    #expect(
      describe(history.steps) == [
        "changed outside a dispatch [merge] [\"name: \\\"Road\\\" → \\\"Night\\\"\"]",
        "MixtapeAction.tag(\"late\") [change] [\"tags: inserted \\\"late\\\"\"]",
      ])
  }

  #if DEBUG
    @Test func aWriteOutsideAnyDispatchIsReportedOncePerPathInDebugBuilds() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let mixtape = Mixtape()
          mixtape.listeners = [Listener("Ada")]
          let store = Store(mixtape)
          let history = History(store)
          mixtape.name = "Night"
          mixtape.listeners[0].name = "Grace"
          store.dispatch(MixtapeAction.tag("a"))
          mixtape.name = "Day"
          store.dispatch(MixtapeAction.tag("b"))
          withExtendedLifetime(history) {}
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        message == """
          SwiftReduce: name was changed outside a dispatch, so the store's observers were not \
          told. Send an action that changes it; a History records the change as a step that \
          undo passes over. (reported in debug builds)
          SwiftReduce: listeners[0].name was changed outside a dispatch, so the store's \
          observers were not told. Send an action that changes it; a History records the change \
          as a step that undo passes over. (reported in debug builds)

          """)
    }
  #endif

  // MARK: - Scopes

  @Test func aWriteInsideARecordedGroupJoinsItsStep() {
    let (mixtape, store, history) = makeMixtape()
    history.record("renaming by hand") {
      store.dispatch(MixtapeAction.tag("late"))
      mixtape.name = "Night"
    }
    #expect(
      describe(history.steps) == [
        "renaming by hand [change] [\"tags: inserted \\\"late\\\"\", \"name: \\\"Road\\\" → \\\"Night\\\"\"]"
      ])
  }

  @Test func aWriteInsideWithoutRecordingIsLeftOut() {
    let (mixtape, store, history) = makeMixtape()
    history.withoutRecording { mixtape.name = "Night" }
    store.dispatch(MixtapeAction.tag("late"))
    #expect(history.steps.map(\.label) == ["MixtapeAction.tag(\"late\")"])
  }

  @Test func aWriteWhileAGroupIsOpenJoinsTheGroup() {
    let (mixtape, store, history) = makeMixtape()
    let group = history.beginGroup("dragging")
    store.dispatch(MixtapeAction.tag("late"))
    mixtape.name = "Night"
    group.end()
    #expect(history.steps.map(\.label) == ["dragging"])
    #expect(history.steps[0].patches.map(\.path.description) == ["tags", "name"])
  }

  // MARK: - After the models reduced

  @Test func aSubscriberIsToldAfterTheStepOfItsDispatchIsKept() {
    let (_, store, history) = makeMixtape()
    var seen: [[String]] = []
    let subscription = store.subscribe { _ in seen.append(history.steps.map(\.label)) }
    store.dispatch(MixtapeAction.rename("Night"))
    #expect(seen == [["MixtapeAction.rename(\"Night\")"]])
    subscription.cancel()
  }

  @Test func aSubscribersWriteJoinsTheStepOfTheDispatchItWasToldOf() throws {
    let (mixtape, store, history) = makeMixtape()
    let subscription = store.subscribe { root in
      if root.name == "Night" { mixtape.listeners[0].name = "Grace" }
    }
    store.dispatch(MixtapeAction.rename("Night"))
    #expect(
      describe(history.steps) == [
        "MixtapeAction.rename(\"Night\") [change] [\"name: \\\"Road\\\" → \\\"Night\\\"\", "
          + "\"listeners[0].name: \\\"Ada\\\" → \\\"Grace\\\"\"]"
      ])
    try history.undo()
    #expect(mixtape.name == "Road")
    #expect(mixtape.listeners[0].name == "Ada")
    subscription.cancel()
  }

  @Test func aMiddlewaresWritesAreRecordedEvenWhenItKeepsTheActionFromTheModels() {
    let mixtape = Mixtape()
    let stamping = Middleware<Mixtape> { action, store, next in
      guard case MixtapeAction.scribble = action else { return next(action) }
      store.root.note = "stamped"
    }
    let store = Store(mixtape, middleware: [stamping])
    let history = History(store)
    store.dispatch(MixtapeAction.scribble("x"))
    #expect(
      describe(history.steps) == [
        "MixtapeAction.scribble(\"x\") [change] [\"note: nil → \\\"stamped\\\"\"]"
      ])
  }

  // MARK: - Lifetime

  @Test func aReleasedHistoryLetsGoOfTheTreeAtTheNextDispatch() {
    let mixtape = Mixtape()
    mixtape.listeners = [Listener("Ada")]
    let store = Store(mixtape)
    weak let listener = mixtape.listeners[0]
    do {
      let history = History(store)
      withExtendedLifetime(history) {}
    }
    store.dispatch(MixtapeAction.dismiss(at: 0))
    #expect(listener == nil)
    #expect(mixtape.listeners.isEmpty)
  }
}
