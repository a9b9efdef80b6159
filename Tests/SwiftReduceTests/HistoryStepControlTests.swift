import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// What becomes a step, under the caller's control: groups left open across events, changes
/// left out from anywhere, and forgetting steps.
@MainActor
struct HistoryStepControlTests {
  private func labels(_ history: History<Person>) -> [String] {
    history.steps.map(\.label)
  }

  // MARK: - Clearing

  /// A store named Ada then Grace, with Grace undone: one step to undo, one to redo.
  private func adaWithGraceUndone() throws -> (Store<Person>, History<Person>) {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    store.dispatch(NameChange.setName("Grace"))
    try history.undo()
    return (store, history)
  }

  @Test func clearForgetsEveryStepDoneAndUndoneAndLeavesTheTree() throws {
    let (store, history) = try adaWithGraceUndone()
    history.clear()
    #expect(history.steps.isEmpty && history.undoneSteps.isEmpty)
    #expect(!history.canUndo && !history.canRedo)
    #expect(store.name == "Ada")
  }

  @Test func clearUndoForgetsWhatCanBeUndoneAndKeepsWhatCanBeRedone() throws {
    let (store, history) = try adaWithGraceUndone()
    history.clearUndo()
    #expect(!history.canUndo)
    #expect(try history.redo()?.label == #"NameChange.setName("Grace")"#)
    #expect(store.name == "Grace")
  }

  @Test func clearRedoForgetsWhatCanBeRedoneAndKeepsWhatCanBeUndone() throws {
    let (store, history) = try adaWithGraceUndone()
    history.clearRedo()
    #expect(!history.canRedo)
    #expect(try history.undo()?.label == #"NameChange.setName("Ada")"#)
    #expect(store.name == "")
  }

  // MARK: - Groups left open

  @Test func anOpenGroupMakesEveryDispatchUntilItEndsOneStep() {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(UpdateMovies.setInput("Alien"))
    let typing = history.beginGroup("typing a name")
    for name in ["A", "Ad", "Ada"] { store.dispatch(NameChange.setName(name)) }
    typing.end()
    store.dispatch(UpdateMovies.submit)
    #expect(
      labels(history) == [
        #"UpdateMovies.setInput("Alien")"#, "typing a name", "UpdateMovies.submit",
      ])
    #expect(history.steps[1].patches.map(\.description) == [#"name: "" → "Ada""#])
    #expect(history.steps[1].actions.count == 3)
  }

  @Test func anOpenGroupStaysOpenAcrossAwait() async throws {
    let store = Store(Person())
    let history = History(store)
    let drag = history.beginGroup("dragging")
    store.dispatch(NameChange.setName("A"))
    await Task.yield()
    try await Task.sleep(for: .milliseconds(1))
    store.dispatch(NameChange.setName("Ada"))
    drag.end()
    #expect(labels(history) == ["dragging"])
    try history.undo()
    #expect(store.name == "")
  }

  @Test func aGroupOpenedWhileAnotherIsOpenJoinsIt() {
    let store = Store(Person())
    let history = History(store)
    let outer = history.beginGroup("outer")
    store.dispatch(NameChange.setName("Ada"))
    let inner = history.beginGroup("inner")
    store.dispatch(UpdateMovies.setInput("Alien"))
    inner.end()
    store.dispatch(UpdateMovies.submit)
    outer.end()
    outer.end()
    #expect(labels(history) == ["outer"])
    #expect(history.steps[0].actions.count == 3)
  }

  @Test func aGroupThatChangedNothingIsNoStep() {
    let store = Store(Person())
    let history = History(store)
    let idle = history.beginGroup("idle")
    idle.end()
    #expect(history.steps.isEmpty)
  }

  // MARK: - Leaving changes out

  @Test func withoutRecordingLeavesTheChangesOut() {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    let result = history.withoutRecording {
      store.dispatch(UpdateMovies.setInput("Alien"))
      return 7
    }
    #expect(result == 7)
    #expect(labels(history) == [#"NameChange.setName("Ada")"#])
    #expect(store.favoriteMovies.input == "Alien")
  }

  @Test func aDispatchASubscriberQueuesWithoutRecordingIsLeftOutWhenItRuns() {
    let store = Store(Person())
    let history = History(store)
    let echo = store.subscribe { person in
      guard person.name == "Ada", person.favoriteMovies.input.isEmpty else { return }
      history.withoutRecording { store.dispatch(UpdateMovies.setInput("typed by Ada")) }
    }
    store.dispatch(NameChange.setName("Ada"))
    #expect(store.favoriteMovies.input == "typed by Ada")
    #expect(labels(history) == [#"NameChange.setName("Ada")"#])
    withExtendedLifetime(echo) {}
  }

  @Test func anUndoOfAStepWhoseValueWasChangedWithoutRecordingIsRefused() {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    history.withoutRecording { store.dispatch(NameChange.setName("Grace")) }
    #expect(throws: HistoryConflict.self) { try history.undo() }
    #expect(store.name == "Grace")
  }

  // MARK: - Dispatches queued under a group

  @Test func aMergeGroupAroundADispatchASubscriberQueuesIsOneMergeStep() throws {
    let store = Store(Person())
    let history = History(store)
    store.dispatch(UpdateMovies.setInput("Heat"))
    let merger = store.subscribe { person in
      guard person.name == "Ada", !person.favoriteMovies.input.isEmpty else { return }
      history.record("merging", kind: .merge) { store.dispatch(UpdateMovies.submit) }
    }
    store.dispatch(NameChange.setName("Ada"))
    #expect(
      labels(history) == [
        #"UpdateMovies.setInput("Heat")"#, #"NameChange.setName("Ada")"#, "merging",
      ])
    #expect(history.steps.map(\.kind) == [.change, .change, .merge])
    // Undo passes over the merge to the name.
    try history.undo()
    #expect(store.name == "" && store.favoriteMovies.movies == ["Heat": 1])
    withExtendedLifetime(merger) {}
  }

  @Test func dispatchesThatFollowAQueuedGroupDispatchJoinTheGroup() {
    let store = Store(Person())
    let history = History(store)
    var submitted = false
    let cascade = store.subscribe { person in
      if person.name == "Ada", person.favoriteMovies.input.isEmpty, !submitted {
        history.record("watching") { store.dispatch(UpdateMovies.setInput("Heat")) }
      } else if person.favoriteMovies.input == "Heat" {
        submitted = true
        store.dispatch(UpdateMovies.submit)
      }
    }
    store.dispatch(NameChange.setName("Ada"))
    #expect(labels(history) == [#"NameChange.setName("Ada")"#, "watching"])
    #expect(
      history.steps[1].actions == [#"UpdateMovies.setInput("Heat")"#, "UpdateMovies.submit"])
    withExtendedLifetime(cascade) {}
  }

  // MARK: - Examples

  @Test func withoutRecordingDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let history = History(store)
    store.dispatch(NameChange.setName("Ada"))
    history.withoutRecording { store.dispatch(UpdateMovies.setInput("Alien")) }
    print(history.steps.map(\.label))

    expectLines(output, #"["NameChange.setName(\"Ada\")"]"#)
  }

  @Test func beginGroupDocCommentExamplePrintsItsOutput() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(Person())
    let history = History(store)
    let typing = history.beginGroup("typing a name")
    for name in ["A", "Ad", "Ada"] { store.dispatch(NameChange.setName(name)) }
    typing.end()
    print(history.steps.map(\.label), history.steps[0].patches)

    expectLines(output, #"["typing a name"] [name: "" → "Ada"]"#)
  }
}
