import SwiftReduce

// The to-do list of the *Persistence* article, as the article declares it.

/// Changes to a ``TodoList``.
enum ListAction: Action {
  case add(String)
  case check(Int)
  case rename(String)
}

/// The article's root: a titled list of items.
final class TodoList: Reducer {
  var title = "Errands"
  var items: [TodoItem] = []

  func reduce(action: ListAction) {
    switch action {
    case let .add(text): items.append(TodoItem(text: text))
    case let .check(index): items[index].isDone = true
    case let .rename(title): self.title = title
    }
  }
}

/// An item of a ``TodoList``: a model in an array.
final class TodoItem: Reducer {
  var text: String
  var isDone = false

  init(text: String) {
    self.text = text
  }
}

/// The article's model with a property that cannot be saved.
final class Workshop: Reducer {
  var name = ""
  var lathe = Lathe()
}
