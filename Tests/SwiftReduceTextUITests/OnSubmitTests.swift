import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTextUI
import Testing

@MainActor
struct OnSubmitTests {
  @Test func onSubmitMatchesItsDocumentation() {
    let store = Store(Person())
    let field = TextField(
      "Movie Name",
      text: store[
        \.favoriteMovies.input,
        {
          UpdateMovies.setInput($0)
        }]
    )
    .onSubmit(UpdateMovies.submit)
    expectText(field.render(width: 40), "[1] Movie Name: []")
  }
}
