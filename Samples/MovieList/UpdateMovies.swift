import SwiftReduce

/// Changes to the list of movies and to the movie being typed.
enum UpdateMovies: Action {
  case setInput(String)
  case submit
  case removeMovie(String)
  /// Replaces every movie and empties the field, as when the state is
  /// restored from the file (not in the seed, which had no file).
  case replaceAll([String: Int])
}
