import SwiftReduce
import SwiftReduceTestSupport
import SwiftReduceTextUI

/// A screen with one control of each kind: text field 1, button 2 and row 3.
struct NameEditor: View {
  @EnvironmentObject var store: Store<Person>

  var body: some View {
    VStack {
      HStack {
        TextField("Enter Name", text: store[\.name, { NameChange.setName($0) }])
        Button("Clear", action: NameChange.clear)
      }
      Text("Hello, \(store.name)").onTap(NameChange.setName("Grace"))
    }
  }
}

/// The view of the documentation of `EnvironmentObject`.
struct NameView: View {
  @EnvironmentObject var store: Store<Person>

  var body: some View {
    Text("Name: \(store.name)")
  }
}

/// The view of the documentation of `View`.
struct Greeting: View {
  let name: String

  var body: some View {
    HStack {
      Text("Hello,")
      Text(name)
    }
  }
}

/// The view of the documentation of `ViewBuilder`.
struct Status: View {
  let unread: Int

  var body: some View {
    VStack {
      Text("Inbox")
      if unread > 0 {
        Text("\(unread) unread")
      } else {
        Text("All read")
      }
    }
  }
}

/// A movie that identifies itself, for `List` and `ForEach` without `id:`.
struct Movie: Identifiable {
  let id: String
  let views: Int
}
