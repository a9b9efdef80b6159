import SwiftReduce
import SwiftReduceTesting
import Testing

/// `TestStore` over trees that hold value models.
@MainActor
struct TestStoreValueModelTests {
  /// Sends the first point of `team`, expecting it on the team, and the total and the
  /// referee's calls to become `total`.
  private func sendFirstPoint(of team: Int, to store: TestStore<Scoreboard>, total: Int) {
    store.send(ScoreAction.point(team: team)) {
      $0.scores[team].points = 1
      $0.total.points = total
      $0.total.referee.calls = total
    }
  }

  @Test func sendPassesWhenTheClosureChangesTheValueModelsAsTheirReducersDid() {
    let store = TestStore(Scoreboard())
    sendFirstPoint(of: 1, to: store, total: 1)
    sendFirstPoint(of: 0, to: store, total: 2)
  }

  @Test func anUnassertedChangeToAValueModelInAnArrayFailsWithItsPath() {
    let store = TestStore(Scoreboard())
    expectIssues([
      """
      State after ScoreAction.point(team: 1) is not as expected (- expected, + actual):
      scores[1].points
        - 0
        + 1
      """
    ]) {
      store.send(ScoreAction.point(team: 1)) {
        $0.total.points = 1
        $0.total.referee.calls = 1
      }
    }
  }

  @Test func aClassModelInsideAValueModelIsCopiedAndItsChangeAssertedByPath() {
    let store = TestStore(Scoreboard())
    sendFirstPoint(of: 0, to: store, total: 1)
    expectIssues([
      """
      State after ScoreAction.point(team: 1) is not as expected (- expected, + actual):
      total.referee.calls
        - 1
        + 2
      """
    ]) {
      store.send(ScoreAction.point(team: 1)) {
        $0.scores[1].points = 1
        $0.total.points = 2
      }
    }
  }

  @Test func theCopyTheClosureChangesIsNotTheStoresTree() {
    let board = Scoreboard()
    let store = TestStore(board)
    sendFirstPoint(of: 0, to: store, total: 1)
    #expect(store.root.scores.map(\.points) == [1, 0])
    #expect(store.root.total.points == 1)
  }
}

enum ScoreAction: Action {
  case point(team: Int)
}

/// A value model: one team's points, or the total.
struct Score: ValueReducer {
  let team: Int?
  var points = 0
  /// A class model inside a value model; only the total has one that counts.
  var referee = Referee()

  mutating func reduce(action: ScoreAction) {
    guard case let .point(scorer) = action, team == nil || team == scorer else { return }
    points += 1
  }
}

/// A class model held by a value model.
final class Referee: Reducer {
  var calls = 0
  var counts = false

  func reduce(action: ScoreAction) {
    if counts { calls += 1 }
  }
}

final class Scoreboard: Reducer {
  var total: Score = {
    var total = Score(team: nil)
    total.referee.counts = true
    return total
  }()
  var scores = [Score(team: 0), Score(team: 1)]
}
