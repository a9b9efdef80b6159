import SwiftReduce

/// Changes to the list of movies and to the movie being typed.
enum UpdateMovies: Action {
  case setInput(String)
  case submit
  case removeMovie(String)
}
