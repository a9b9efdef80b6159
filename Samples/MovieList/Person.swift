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

extension Person {
  /// A person named `name` who watched `movies`.
  convenience init(name: String, movies: [String: Int]) {
    self.init()
    self.name = name
    favoriteMovies.movies = movies
  }
}
