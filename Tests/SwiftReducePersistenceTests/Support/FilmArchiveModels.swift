import SwiftReduce

// An archive of 100,000 films: the tree the kill test saves while it is killed.

/// Changes to a ``FilmArchive``.
enum FilmAction: Action {
  /// Dispatch number `number` sets the views of the film at `index` to `number`.
  case watch(index: Int, number: Int)
}

/// The root: the films, and the number of the last dispatch that changed them.
final class FilmArchive: Reducer {
  var dispatches = 0
  var films: [Film] = []

  func reduce(action: FilmAction) {
    switch action {
    case let .watch(index, number):
      films[index].views = number
      dispatches = number
    }
  }

  /// The film dispatch `number` changes, of `count`: spread over the archive.
  static func index(ofDispatch number: Int, count: Int) -> Int {
    number * 7_919 % count
  }

  /// The views of each of `count` films after dispatches 1 through `last`.
  static func views(after last: Int, count: Int) -> [Int] {
    var views = [Int](repeating: 0, count: count)
    for number in stride(from: 1, through: last, by: 1) {
      views[index(ofDispatch: number, count: count)] = number
    }
    return views
  }
}

/// A film: a model in an array.
final class Film: Reducer {
  var title: String
  var views = 0

  init(title: String) {
    self.title = title
  }
}
