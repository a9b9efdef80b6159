import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

/// Runs the `TestStore` example of the *Value Models* article, checking that
/// it records exactly the failure the article shows.
@MainActor
struct ValueModelsArticleTests {
  @Test func testingExampleFailsWithAPathIntoTheArray() {
    expectIssues([
      """
      State after CounterAction.increment is not as expected (- expected, + actual):
      counters[1].count
        - 0
        + 1
      """
    ]) {
      let store = TestStore(Board())
      store.send(CounterAction.increment) {
        $0.counter.count = 1
        $0.counters[0].count = 1
      }
    }
  }

  @Test func testingExampleDescribingEveryCounterPasses() {
    let store = TestStore(Board())
    store.send(CounterAction.increment) {
      $0.counter.count = 1
      $0.counters[0].count = 1
      $0.counters[1].count = 1
    }
  }
}
