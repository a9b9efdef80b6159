import SwiftReduce

/// Changes to a ``MovieCatalog``.
enum CatalogAction: Action {
  /// One more viewing, taken by the movie it is sent to.
  case watched
}

/// The persistence case's tree: a catalog of movies, each a class model.
final class MovieCatalog: Reducer {
  var name = "Catalog"
  var movies: [CatalogMovie] = []
}

/// A movie of the catalog: a model with a title, a year and a count of viewings.
final class CatalogMovie: Reducer {
  var title: String
  var year: Int
  var views = 0

  init(title: String, year: Int) {
    self.title = title
    self.year = year
  }

  func reduce(action: CatalogAction) {
    if case .watched = action { views += 1 }
  }
}
