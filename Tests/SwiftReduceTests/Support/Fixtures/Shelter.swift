import SwiftReduce

// A shelter with an optional selected pet, for identity subscriptions to an
// optional model: `Pet` is `Equatable`, so equal and identical differ.

enum PetAction: Action {
  case select(name: String)
  case rename(String)
  case deselect
}

final class Pet: Reducer, Equatable {
  var name: String

  init(name: String) {
    self.name = name
  }

  static func == (lhs: Pet, rhs: Pet) -> Bool {
    lhs.name == rhs.name
  }
}

final class Shelter: Reducer {
  var selected: Pet?

  func reduce(action: PetAction) {
    switch action {
    case .select(let name): selected = Pet(name: name)
    case .rename(let name): selected?.name = name
    case .deselect: selected = nil
    }
  }
}
