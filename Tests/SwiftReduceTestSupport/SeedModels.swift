import SwiftReduce

// The model code of the original SwiftReduce README ("A Slightly Less Contrived
// Example"), unchanged but for the spacing and `case` patterns swift-format asks for,
// and the `package` access that lets every test target share this one copy.

/// Changes to a ``Person``'s name.
package enum NameChange: Action {
  case clear
  case setName(String)
}

/// The root of the README's tree: a name and favourite movies.
package final class Person: Reducer {
  package var name: String = ""
  package var favoriteMovies = FavoriteMovies()

  package init() {}

  package func reduce(action: NameChange) {
    switch action {
    case .clear: self.name = ""
    case .setName(let name): self.name = name
    }
  }
}

/// Changes to ``FavoriteMovies``.
package enum UpdateMovies: Action {
  case setInput(String)
  case submit
  case removeMovie(String)
}

/// A text input and how many times each movie was submitted.
package final class FavoriteMovies: Reducer {
  package var input: String = ""
  package var movies: [String: Int] = [:]

  package init() {}

  package func reduce(action: UpdateMovies) {
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
