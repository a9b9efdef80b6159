import SwiftReduce

// A signed-in user, after the sign-in example of seed 001: `Session` replaces
// its `User` on sign-in and sign-out, renames it in place, and derives
// `isSignedIn`, so tests can tell replacement from in-place change.

enum SessionAction: Action {
  case signIn(name: String, email: String)
  case rename(String)
  case signOut
}

final class User: Reducer, Equatable {
  var name: String
  var email: String

  init(name: String, email: String) {
    self.name = name
    self.email = email
  }

  static func == (lhs: User, rhs: User) -> Bool {
    lhs.name == rhs.name && lhs.email == rhs.email
  }
}

final class Session: Reducer {
  var user = User(name: "", email: "")

  var isSignedIn: Bool { !user.name.isEmpty && !user.email.isEmpty }

  func reduce(action: SessionAction) {
    switch action {
    case .signIn(let name, let email): user = User(name: name, email: email)
    case .rename(let name): user.name = name
    case .signOut: user = User(name: "", email: "")
    }
  }
}
