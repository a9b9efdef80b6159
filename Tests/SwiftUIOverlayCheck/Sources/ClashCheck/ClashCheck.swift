// Imports SwiftUI, Combine and SwiftReduce together, as an app does, and uses SwiftUI's `Binding`,
// Combine's `Subscription` and SwiftReduce's bindings and subscriptions, all unqualified. If any
// public name of SwiftReduce's were also one of theirs, this file would not compile.

import Combine
import SwiftReduce
import SwiftReduceSwiftUIChecked
import SwiftUI

// The original SwiftReduce README's models, unchanged.

enum NameChange: Action {
  case clear
  case setName(String)
}

final class Person: Reducer {
  var name: String = ""
  var favoriteMovies = FavoriteMovies()

  func reduce(action: NameChange) {
    switch action {
    case .clear: self.name = ""
    case let .setName(name): self.name = name
    }
  }
}

enum UpdateMovies: Action {
  case setInput(String)
  case submit
  case removeMovie(String)
}

final class FavoriteMovies: Reducer {
  var input: String = ""
  var movies: [String: Int] = [:]

  func reduce(action: UpdateMovies) {
    switch action {
    case let .setInput(name):
      input = name
    case .submit:
      movies[input] = movies[input, default: 0] + 1
      input = ""
    case let .removeMovie(name):
      movies.removeValue(forKey: name)
    }
  }
}

// The overlay's documented uses.

struct NameField: View {
  @Environment(Store<Person>.self) private var store

  var body: some View {
    TextField("Enter Name", text: store[\.name, NameChange.setName])
  }
}

struct MovieInput: View {
  @Environment(Store<Person>.self) private var store

  var body: some View {
    TextField("Movie Name", text: store[\.favoriteMovies.input, { UpdateMovies.setInput($0) }])
  }
}

struct ClearButton: View {
  @Environment(Store<Person>.self) private var store

  var body: some View {
    Button("Clear", send: NameChange.clear, to: store)
  }
}

struct ContentView: View {
  let store: Store<Person>

  var body: some View {
    NameField().environment(store)
  }
}

// SwiftUI's and Combine's names mean theirs; SwiftReduce's new names mean SwiftReduce's.

@MainActor
func namesOfEachModule(
  store: Store<Person>, subscription: any Subscription, text: Binding<String>
) -> (StoreBinding<String>, StoreSubscription, Binding<String>) {
  subscription.request(.unlimited)
  let mine: StoreBinding<String> = store[\.name, NameChange.setName]
  let theirs: Binding<String> = store[\.name, NameChange.setName]
  let fromMine = Binding(mine)
  // Where nothing asks for SwiftUI's binding, the store's own is chosen.
  let plain = store[\.name, NameChange.setName]
  let _: StoreBinding<String> = plain
  _ = (text.wrappedValue, theirs, fromMine)
  return (mine, store.subscribe { _ in }, text)
}

extension NameChange: Sendable {}
