import SwiftReduce

extension Store {
  /// Types each of `titles` and watches it, as the README's user does: `setInput`, then
  /// `submit`, for each in turn.
  package func watch(_ titles: String...) {
    for title in titles {
      dispatch(UpdateMovies.setInput(title))
      dispatch(UpdateMovies.submit)
    }
  }
}
