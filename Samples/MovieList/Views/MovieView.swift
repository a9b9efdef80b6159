import SwiftReduceTextUI

struct MovieView: View {
  let title: String
  let count: Int

  var body: some View {
    HStack {
      Text(title)
      Spacer()
      Text("views: \(count)")
    }
    .onTap(UpdateMovies.removeMovie(title))
  }
}
