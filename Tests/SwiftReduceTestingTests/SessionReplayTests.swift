import Foundation
import SwiftReduce
import SwiftReduceTesting
import Testing

/// A tally of numbers added, for sessions recorded and replayed.
final class Tally: Reducer {
  var total: Int
  var entries: [Int] = []

  init(total: Int = 0) { self.total = total }

  func reduce(action: TallyAction) {
    switch action {
    case .add(let number):
      total += number
      entries.append(number)
    case .reset:
      total = 0
      entries = []
    }
  }
}

enum TallyAction: Action, Codable {
  case add(Int)
  case reset
}

/// An action that is not `Codable`: kept as its text only.
struct TallyNote: Action {
  let text: String
}

/// Sessions recorded and replayed as tests (issue #35 item 4).
@MainActor
struct SessionReplayTests {
  private func recordedSession() throws -> [SessionStep] {
    let store = Store(Tally())
    let recorder = SessionRecorder(store)
    store.dispatch(TallyAction.add(2))
    store.dispatch(TallyAction.add(3))
    store.root.entries.append(9)
    store.dispatch(TallyAction.reset)
    recorder.stop()
    let saved = try JSONEncoder().encode(recorder.steps)
    return try JSONDecoder().decode([SessionStep].self, from: saved)
  }

  @Test func aRecorderKeepsEachActionWithThePatchesItsDispatchMade() {
    let store = Store(Tally())
    let recorder = SessionRecorder(store)
    store.dispatch(TallyAction.add(2))
    store.root.total = 7
    store.dispatch(TallyNote(text: "done"))
    #expect(
      recorder.steps.map(\.description) == [
        "TallyAction.add(2)\n  total: 0 → 2\n  entries[0]: inserted 2",
        "changed outside a dispatch\n  total: 2 → 7",
        "TallyNote(text: \"done\")",
      ])
  }

  @Test func aRecordedSessionReplaysOnAFreshStore() throws {
    let session = try recordedSession()
    #expect(session.map(\.kind) == [.action, .action, .changedOutside, .action])
    let store = Store(Tally())
    #expect(store.replay(session, decoding: [TallyAction.self]) == 4)
    #expect(store.total == 0)
    #expect(store.entries.isEmpty)
  }

  @Test func aReplayFailsAtTheFirstStepWhoseChangesDiffer() throws {
    let session = try recordedSession()
    let store = Store(Tally(total: 5))
    var replayed = -1
    expectIssues([
      "Step 1 of 4, TallyAction.add(2): the changes differ at total: recorded total: 0 → 2, "
        + "replayed total: 5 → 7."
    ]) {
      replayed = store.replay(session, decoding: [TallyAction.self])
    }
    #expect(replayed == 0)
  }

  @Test func anActionKeptAsItsTextOnlyIsNamedWhenReplayed() throws {
    let store = Store(Tally())
    let recorder = SessionRecorder(store)
    store.dispatch(TallyNote(text: "done"))
    let session = try JSONDecoder().decode(
      [SessionStep].self, from: JSONEncoder().encode(recorder.steps))
    #expect(session[0].actionIsText)
    expectIssues([
      #"Step 1 of 1, TallyNote(text: "done"): the action was recorded as its text only, "#
        + "not being Encodable: make TallyNote Codable to replay it."
    ]) {
      Store(Tally()).replay(session)
    }
  }

  @Test func aDecodedActionNeedsItsTypeToBeReplayed() throws {
    let session = try recordedSession()
    expectIssues([
      "Step 1 of 4, TallyAction.add(2): no type named TallyAction among the action types "
        + "given: pass it in `decoding:`."
    ]) {
      Store(Tally()).replay(session)
    }
  }

  // MARK: - Sessions written as tests

  /// A session of actions only, as a test would be written from.
  static func actionsSession() -> [SessionStep] {
    let store = Store(Tally())
    let recorder = SessionRecorder(store)
    store.dispatch(TallyAction.add(2))
    store.dispatch(TallyAction.add(3))
    store.dispatch(TallyAction.reset)
    recorder.stop()
    return recorder.steps
  }

  @Test func aSessionIsWrittenAsTheSourceOfAnExhaustiveTestStoreTest() throws {
    let source = Store(Tally()).testSource(
      of: Self.actionsSession(), named: "addingThenResetting", root: "Tally()")
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("GeneratedSessionTests.swift")
    let checkedIn = try String(contentsOf: file, encoding: .utf8)
    // The checked-in test is the source as written, inside its suite: one send per action,
    // with the changes it made as assignments.
    #expect(checkedIn.contains(try source.get().replacingOccurrences(of: "\n", with: "\n  ")))
  }

  @Test func aSessionWithAStepThatIsNoActionIsNotWrittenAsATest() throws {
    let source = Store(Tally()).testSource(
      of: try recordedSession(), named: "session", root: "Tally()")
    guard case let .failure(refusal) = source else {
      Issue.record("a session with a change made outside a dispatch was written as a test")
      return
    }
    #expect(
      refusal.description
        == "Step 3 of 4 is not an action (changedOutside): a TestStore cannot make it, "
        + "so the steps after it would not be checked.")
  }

  @Test func anUndoIsWrittenWithTheTestsHistoryOrRefusedWithout() throws {
    let store = Store(Tally())
    let recorder = SessionRecorder(store)
    let history = History(store)
    store.dispatch(TallyAction.add(2))
    try history.undo()
    recorder.stop()
    let refused = Store(Tally()).testSource(of: recorder.steps, named: "undoing", root: "Tally()")
    guard case let .failure(refusal) = refused else {
      Issue.record("an undo was written without a history")
      return
    }
    #expect(
      refusal.description
        == "Step 2 of 2 is not an action (undo): pass `history:`, the test's History of "
        + "`store.store`.")
    let source = Store(Tally()).testSource(
      of: recorder.steps, named: "undoing", root: "Tally()", history: "History(store.store)")
    #expect(
      try source.get() == """
        @Test func undoing() throws {
          let store = TestStore(Tally())
          let history = History(store.store)
          store.send(TallyAction.add(2)) {
            $0.total = 2
            $0.entries.insert(2, at: 0)
          }
          try history.undo()
          // entries[0]: removed 2
          #expect(store.root.total == 0)
        }
        """)
  }
}
