import SwiftReduce

/// What a control does when it is used: dispatch an action, or run a closure.
enum Handler {
  case dispatch(any Action)
  case perform(@MainActor () -> Void)
}

/// An interactive element of a screen, numbered in reading order.
struct Control {
  enum Kind {
    case textField(title: String, text: StoreBinding<String>, onSubmit: [Handler])
    case button(title: String, Handler)
    case row(Handler, summary: String)
  }

  var kind: Kind

  /// The environment objects in scope where the control was built, restored
  /// while its handlers run so that closures can read `@EnvironmentObject`.
  let environment: [AnyObject]
}
