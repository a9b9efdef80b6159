import SwiftReduce

// A cinema's marquee: a plain model holding a plain model it replaces, for the
// grain of a read that returns a model.

enum MarqueeAction: Action {
  /// Puts up a new film: the marquee's `feature` is replaced.
  case show(String)
  /// Dims the lights: the marquee reduces, its feature does not.
  case dim
}

enum FilmAction: Action {
  /// Renames the film in place.
  case retitle(String)
}

final class Marquee: Reducer {
  var isLit = true
  var feature = Film("Alien")
  var trailers: [Film] = [Film("Heat")]

  func reduce(action: MarqueeAction) {
    switch action {
    case .show(let title): feature = Film(title)
    case .dim: isLit = false
    }
  }
}

final class Film: Reducer {
  var title: String

  init(_ title: String) {
    self.title = title
  }

  func reduce(action: FilmAction) {
    switch action {
    case .retitle(let title): self.title = title
    }
  }
}
