import SwiftReduce

// The model code of the original SwiftReduce README ("A Slightly Less Contrived
// Example"), unchanged but for the spacing and `case` patterns swift-format asks for.

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
    case .setName(let name): self.name = name
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
