extension Middleware {
  /// A middleware that prints each action and what it changed in the state.
  ///
  /// For each action, it prints the action, then every value the action
  /// changed, with its path from the root, the old value after `-` and the
  /// new one after `+`; an action that changed nothing is marked so. Put it
  /// first to see the actions other middleware dispatch too.
  ///
  /// ```swift
  /// let store = Store(Person(), middleware: [.printingChanges()])
  /// store.dispatch(UpdateMovies.setInput("Alien"))
  /// store.dispatch(UpdateMovies.submit)
  /// store.dispatch(NameChange.clear)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// UpdateMovies.setInput("Alien")
  ///   favoriteMovies.input
  ///     - ""
  ///     + "Alien"
  /// UpdateMovies.submit
  ///   favoriteMovies.input
  ///     - "Alien"
  ///     + ""
  ///   favoriteMovies.movies["Alien"]
  ///     + 1
  /// NameChange.clear
  ///   (no changes)
  /// ```
  ///
  /// Each action costs two snapshots of the whole tree, so use it while
  /// debugging rather than in production.
  ///
  /// - Parameter output: Receives each printed line, without a line feed;
  ///   by default the line is printed to standard output. Pass a closure to
  ///   send the lines to a log, a file or a test.
  /// - Returns: The middleware.
  public static func printingChanges(
    to output: @escaping @MainActor (String) -> Void = { print($0) }
  ) -> Middleware {
    Middleware { action, store, next in
      let before = TreeSnapshot(store.root)
      next(action)
      let difference = TreeSnapshot(store.root).difference(from: before)
      output(actionText(action))
      guard !difference.isEmpty else {
        output("  (no changes)")
        return
      }
      for line in difference.description.split(separator: "\n", omittingEmptySubsequences: false) {
        output("  " + line)
      }
    }
  }
}
