import SwiftReduce

// The model code of the original SwiftReduce README ("A Slightly Less Contrived
// Example"), used by the examples of the documentation.

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
