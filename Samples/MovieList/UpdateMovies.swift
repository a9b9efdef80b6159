import SwiftReduce

/// Changes to the list of movies and to the movie being typed.
enum UpdateMovies: Action, Codable {
  case setInput(String)
  case submit
  case removeMovie(String)
  /// Replaces every movie and empties the field, as when the state is
  /// restored from the file (not in the seed, which had no file).
  case replaceAll([String: Int])
  /// Shows only the movies whose title contains the text, in any case; an
  /// empty text shows them all.
  case find(String)
  /// Orders the list.
  case sort(MovieOrder)
  /// Says what happened to the file, such as a merge, under the list until
  /// the next change; `nil` says nothing.
  case announce(String?)
}
