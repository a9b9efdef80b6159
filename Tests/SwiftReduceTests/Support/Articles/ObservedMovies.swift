import Observation
import SwiftReduce
import SwiftReduceTestSupport

// The README's models written with `@Observable`, as models are written today,
// and the two mixed trees: an `@Observable` parent over a plain model, and a
// plain parent over an `@Observable` one. Actions are the README's.

/// The README's `Person`, `@Observable`; `.clear` also starts the movie list over.
@Observable
final class ObservedPerson: Reducer {
  var name = ""
  var favoriteMovies = ObservedFavoriteMovies()

  func reduce(action: NameChange) {
    switch action {
    case .clear:
      name = ""
      favoriteMovies = ObservedFavoriteMovies()
    case .setName(let name): self.name = name
    }
  }
}

/// The README's `FavoriteMovies`, `@Observable`.
@Observable
final class ObservedFavoriteMovies: Reducer {
  var input = ""
  var movies: [String: Int] = [:]

  func reduce(action: UpdateMovies) {
    switch action {
    case .setInput(let name):
      input = name
    case .submit:
      movies[input] = movies[input, default: 0] + 1
      input = ""
    case .removeMovie(let name):
      movies.removeValue(forKey: name)
    }
  }
}

/// Mixed: an `@Observable` person holding the README's plain `FavoriteMovies`.
@Observable
final class Moviegoer: Reducer {
  var name = ""
  var favoriteMovies = FavoriteMovies()

  func reduce(action: NameChange) {
    switch action {
    case .clear: name = ""
    case .setName(let name): self.name = name
    }
  }
}

/// Mixed the other way: a plain person holding `@Observable` favourite movies.
final class Critic: Reducer {
  var name = ""
  var favoriteMovies = ObservedFavoriteMovies()

  func reduce(action: NameChange) {
    switch action {
    case .clear: name = ""
    case .setName(let name): self.name = name
    }
  }
}

/// Mixed, one level down: an `@Observable` model holding an `@Observable` moviegoer, who
/// holds the plain `FavoriteMovies`.
@Observable
final class Cinephile: Reducer {
  var moviegoer = Moviegoer()
}
