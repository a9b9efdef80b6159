import SwiftReduce
import SwiftReduceTextUI

struct ContentView: View {
  @EnvironmentObject var store: Store<Person>

  var body: some View {
    VStack {
      Text(store.name)
      HStack {
        TextField("Enter Name", text: store[\.name, { NameChange.setName($0) }])
        Button("Clear", action: NameChange.clear)
      }
      MoviesView()
    }
    .padding()
  }
}
