import SwiftReduce

// A shopping list whose rows are class models with ids, for scoped stores and
// actions sent to one row, as the documentation shows them.

/// What the list and its rows do: the list adds, a row toggles.
package enum ShoppingAction: Action, Equatable {
  case add(String)
  case toggle
}

/// One item to buy.
package final class ShoppingItem: Reducer, Identifiable {
  package let id: Int
  package var title: String
  package var isBought = false

  package init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  package func reduce(action: ShoppingAction) {
    if action == .toggle { isBought.toggle() }
  }
}

/// The list: it gives each new item the id after the largest, from 0.
package final class ShoppingList: Reducer {
  package var items: [ShoppingItem] = []

  package init() {}

  package func reduce(action: ShoppingAction) {
    guard case let .add(title) = action else { return }
    items.append(ShoppingItem(id: (items.map(\.id).max() ?? -1) + 1, title: title))
  }
}
