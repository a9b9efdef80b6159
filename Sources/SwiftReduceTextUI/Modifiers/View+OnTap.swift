import SwiftReduce

extension View {
  /// Makes this view a numbered row that dispatches an action when tapped.
  ///
  /// The number comes before the view's first line; the other lines are
  /// indented to match. In a ``Runner``, the input `N` taps row `N` and the
  /// action is dispatched to the runner's store.
  ///
  /// ```swift
  /// let row = HStack { Text("Alien"); Spacer(); Text("views: 2") }
  ///   .onTap(UpdateMovies.removeMovie("Alien"))
  /// print(row.render(width: 24))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// [1] Alien       views: 2
  /// ```
  ///
  /// - Parameter action: The action dispatched each time the row is tapped.
  /// - Returns: A tappable view.
  public func onTap(_ action: some Action) -> some View {
    HandlerView(content: self, event: .tap, handler: .dispatch(action))
  }

  /// Makes this view a numbered row that runs a closure when tapped.
  ///
  /// - Parameter action: The closure run each time the row is tapped.
  /// - Returns: A tappable view.
  public func onTap(perform action: @escaping @MainActor () -> Void) -> some View {
    HandlerView(content: self, event: .tap, handler: .perform(action))
  }
}
