import Observation
import SwiftReduce
import SwiftReduceTestSupport

// The models of the *Observation* article.

/// The article's `@Observable` watch list.
@Observable
final class Watchlist: Reducer {
  var input = ""
  var movies: [String: Int] = ["Alien": 1]

  func reduce(action: UpdateMovies) {
    switch action {
    case .setInput(let name): input = name
    case .submit:
      movies[input, default: 0] += 1
      input = ""
    case .removeMovie(let name): movies.removeValue(forKey: name)
    }
  }
}

/// The plain model holding the watch list.
final class Viewer: Reducer {
  var watchlist = Watchlist()
}

/// The article's mixed tree, by other names: an `@Observable` model holding a plain one.
final class Reader: Reducer {
  let videotheque = Videotheque()
}

@Observable
final class Videotheque: Reducer {
  var rack = Rack()
}

final class Rack: Reducer {
  var tapes: [String] = []
}
