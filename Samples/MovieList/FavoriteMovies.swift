import SwiftReduce

/// The movies watched, each with how many times, and the movie being typed.
final class FavoriteMovies: Reducer {
  var input: String = ""
  var movies: [String: Int] = [:]

  func reduce(action: UpdateMovies) {
    switch action {
    case .setInput(let name):
      input = name
    case .submit:
      // Unlike the seed, a blank name is not counted as a movie.
      if !input.allSatisfy(\.isWhitespace) {
        movies[input] = movies[input, default: 0] + 1
      }
      input = ""
    case .removeMovie(let name):
      movies.removeValue(forKey: name)
    }
  }
}
