import SwiftReduce
import SwiftReduceTextUI

struct MoviesView: View {
  @EnvironmentObject var store: Store<Person>

  var body: some View {
    VStack {
      HStack {
        TextField("Movie Name", text: store[\.favoriteMovies.input, { UpdateMovies.setInput($0) }])
          .onSubmit(UpdateMovies.submit)
        Button("watch", action: UpdateMovies.submit)
      }
      // Not in the seed: why the last change did nothing, and what a row does.
      if let notice = store.favoriteMovies.notice {
        Text(notice).wrapping()
      }
      if let notice = store.favoriteMovies.fileNotice {
        Text(notice).wrapping()
      }
      if !store.favoriteMovies.movies.isEmpty {
        Text("Type a row's number to remove it;\nundo brings it back.")
      }
      let titles = store.favoriteMovies.shownTitles
      if !store.favoriteMovies.search.isEmpty {
        Text(
          "\(titles.count) of \(store.favoriteMovies.movies.count) movies contain "
            + "\"\(store.favoriteMovies.search)\" (/ shows all)")
      }
      List(titles, id: \.self, revealing: store.favoriteMovies.lastWatched) {
        MovieView(title: $0, count: self.store.favoriteMovies.movies[$0, default: 0])
      }
    }
  }
}
