import SwiftReduce

extension Store {
  /// Types each of `titles` and watches it, as the README's user does: `setInput`, then
  /// `submit`, for each in turn.
  package func watch(_ titles: String...) {
    for title in titles {
      dispatch(UpdateMovies.setInput(title))
      dispatch(UpdateMovies.submit)
    }
  }
}

/// The action a test's read-only binding would dispatch if it were written, which no test does.
package struct UnwrittenBinding: Action {}

extension Store {
  /// A binding to read `keyPath` through, as a view that never writes it would hold.
  package func binding<Value>(reading keyPath: KeyPath<Root, Value>) -> StoreBinding<Value> {
    self[keyPath, { _ in UnwrittenBinding() }]
  }
}
