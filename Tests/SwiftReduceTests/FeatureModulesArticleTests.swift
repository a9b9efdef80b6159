import SwiftReduce
import SwiftReduceTestSupport
import Testing

/// Runs the examples of the *Feature Modules* article and of the doc comments
/// of scopes and targeted dispatch, verbatim but for a local `print` that
/// records lines, and compares the whole output with the one they show.
@MainActor
struct FeatureModulesArticleTests {
  @Test func dispatchToARowByItsIdPrintsWhatItsDocumentationShows() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(ShoppingList())
    store.dispatch(ShoppingAction.add("Milk"))
    store.dispatch(ShoppingAction.add("Eggs"))
    let eggs = store.items[1].id
    store.dispatch(ShoppingAction.toggle, to: \.items[id: eggs])
    print(store.items.map(\.isBought))

    #expect(output == ["[false, true]"])
  }

  @Test func scopeOfARowPrintsWhatItsDocumentationShows() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
    func rowText(_ item: Scope<ShoppingItem>) -> String {
      (item.isBought ? "[x] " : "[ ] ") + item.title
    }

    let store = Store(ShoppingList())
    store.dispatch(ShoppingAction.add("Milk"))
    let milk = store.scope(\.items[id: store.items[0].id])!
    milk.dispatch(ShoppingAction.toggle)
    print(rowText(milk), milk.path)

    #expect(output == ["[x] Milk items[id: 0]"])
  }

  @Test func middlewareSeesTheTargetedActionAsItsDocumentationShows() {
    var output: [String] = []
    func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

    let store = Store(
      ShoppingList(),
      middleware: [
        Middleware { action, _, next in
          print(action)
          next(action)
        }
      ])
    store.dispatch(ShoppingAction.add("Milk"))
    store.dispatch(ShoppingAction.toggle, to: \.items[id: 0])
    store.dispatch(ShoppingAction.toggle, to: \.items, id: 0)

    #expect(
      output == [
        "add(\"Milk\")", "ShoppingAction.toggle to items[id: 0]",
        "ShoppingAction.toggle to items[id: 0]",
      ])
  }
}
