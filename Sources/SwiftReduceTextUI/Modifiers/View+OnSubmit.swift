import SwiftReduce

extension View {
  /// Dispatches an action when the text of a text field inside this view is
  /// submitted.
  ///
  /// In a ``Runner``, the input `N text` writes the text to field `N` and then
  /// submits it. When several `onSubmit` modifiers surround a field, the
  /// innermost runs first.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// let field = TextField("Movie Name", text: store[\.favoriteMovies.input, {
  ///   UpdateMovies.setInput($0)
  /// }])
  /// .onSubmit(UpdateMovies.submit)
  /// print(field.render(width: 40))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// [1] Movie Name: []
  /// ```
  ///
  /// - Parameter action: The action dispatched after each submitted text.
  /// - Returns: A view whose text fields dispatch `action` on submit.
  public func onSubmit(_ action: some Action) -> some View {
    HandlerView(content: self, event: .submit, handler: .dispatch(action))
  }

  /// Runs a closure when the text of a text field inside this view is submitted.
  ///
  /// - Parameter action: The closure run after each submitted text.
  /// - Returns: A view whose text fields run `action` on submit.
  public func onSubmit(perform action: @escaping @MainActor () -> Void) -> some View {
    HandlerView(content: self, event: .submit, handler: .perform(action))
  }
}
