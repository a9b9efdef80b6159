import SwiftReduce
import SwiftReduceTestSupport

// The README's first model, and the family of the *Debugging* article, beside the seed
// models that every test target shares (`SwiftReduceTestSupport/SeedModels.swift`).

/// The README's first, simpler model, kept in a namespace beside the other.
enum SimpleSeed {
  enum UpdateMovies: Action {
    case sawMovie(String)
    case removeMovie(String)
  }

  final class FavoriteMovies: Reducer {
    var movies: [String: Int] = [:]

    func reduce(action: UpdateMovies) {
      switch action {
      case .sawMovie(let name):
        movies[name] = movies[name, default: 0] + 1
      case .removeMovie(let name):
        movies.removeValue(forKey: name)
      }
    }
  }

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
}

/// The family of the *Debugging* article: people, one of them shared as the favourite.
final class Family: Reducer {
  var people: [Person] = []
  var favorite: Person?
}
