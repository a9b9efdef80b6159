import SwiftReduce
import SwiftReduceTesting
import Testing

/// `TestStore` over trees that hold value models.
@MainActor
struct TestStoreValueModelTests {
  @Test func sendPassesWhenTheClosureChangesTheValueModelsAsTheirReducersDid() {
    let store = TestStore(Scoreboard())
    store.send(ScoreAction.point(team: 1)) {
      $0.scores[1].points = 1
      $0.total.points = 1
    }
    store.send(ScoreAction.point(team: 0)) {
      $0.scores[0].points = 1
      $0.total.points = 2
    }
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
      store.send(ScoreAction.point(team: 1)) { $0.total.points = 1 }
    }
  }

  @Test func theCopyTheClosureChangesIsNotTheStoresTree() {
    let board = Scoreboard()
    let store = TestStore(board)
    store.send(ScoreAction.point(team: 0)) {
      $0.scores[0].points = 1
      $0.total.points = 1
    }
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

  mutating func reduce(action: ScoreAction) {
    guard case let .point(scorer) = action, team == nil || team == scorer else { return }
    points += 1
  }
}

final class Scoreboard: Reducer {
  var total = Score(team: nil)
  var scores = [Score(team: 0), Score(team: 1)]
}
