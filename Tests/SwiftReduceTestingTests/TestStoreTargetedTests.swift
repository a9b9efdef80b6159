import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTesting
import Testing

@MainActor
struct TestStoreTargetedTests {
  @Test func sendToARowChecksTheChangesOfThatRowOnly() {
    let store = TestStore(ShoppingList())
    store.send(ShoppingAction.add("Milk")) {
      $0.items.append(ShoppingItem(id: 0, title: "Milk"))
    }
    store.send(ShoppingAction.add("Eggs")) {
      $0.items.append(ShoppingItem(id: 1, title: "Eggs"))
    }
    store.send(ShoppingAction.toggle, to: \.items[id: 1]) { $0.items[1].isBought = true }
    store.send(ShoppingAction.toggle, to: \.items, id: 0) { $0.items[0].isBought = true }
    store.send(ShoppingAction.toggle, to: \.items[1]) { $0.items[1].isBought = false }
  }

  @Test func sendToARowFailsNamingTheActionWithItsTarget() {
    let store = TestStore(ShoppingList())
    store.send(ShoppingAction.add("Milk")) {
      $0.items.append(ShoppingItem(id: 0, title: "Milk"))
    }
    expectIssues([
      """
      State after ShoppingAction.toggle to items[id: 0] is not as expected (- expected, + actual):
      items[0].isBought
        - false
        + true
      """
    ]) {
      store.send(ShoppingAction.toggle, to: \.items[id: 0])
    }
  }
}
