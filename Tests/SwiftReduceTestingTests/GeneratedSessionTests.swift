import SwiftReduceTesting
import Testing

/// A test written from a recorded session, checked in as written (issue #35 item 4).
///
/// `Store.testSource(of:named:root:)` wrote it from `SessionReplayTests.actionsSession()`; it
/// compiles and passes against the same models.
@MainActor
struct GeneratedSessionTests {
  @Test func addingThenResetting() {
    let store = TestStore(Tally())
    store.send(TallyAction.add(2)) {
      $0.total = 2
      $0.entries.insert(2, at: 0)
    }
    store.send(TallyAction.add(3)) {
      $0.total = 5
      $0.entries.insert(3, at: 1)
    }
    store.send(TallyAction.reset) {
      $0.total = 0
      $0.entries.remove(at: 1)
      $0.entries.remove(at: 0)
    }
  }
}
