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
      List(store.favoriteMovies.movies.keys.sorted(), id: \.self) {
        MovieView(title: $0, count: self.store.favoriteMovies.movies[$0, default: 0])
      }
    }
  }
}
