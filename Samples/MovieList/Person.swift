import SwiftReduce

/// The root of the state: a person, their name and their favourite movies.
final class Person: Reducer {
  var name: String = ""
  var favoriteMovies = FavoriteMovies()

  func reduce(action: NameChange) {
    switch action {
    case .clear: self.name = ""
    case .setName(let name): self.name = name
    }
  }
}
