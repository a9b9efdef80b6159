extension View {
  /// Provides an object to the ``EnvironmentObject`` properties of this view
  /// and of the views inside it.
  ///
  /// A ``Runner`` provides its store already; use this to render a view on
  /// its own, in a test or a document:
  ///
  /// ```swift
  /// struct NameView: View {
  ///   @EnvironmentObject var store: Store<Person>
  ///
  ///   var body: some View {
  ///     Text("Name: \(store.name)")
  ///   }
  /// }
  ///
  /// let store = Store(Person())
  /// store.dispatch(NameChange.setName("Ada"))
  /// print(NameView().environmentObject(store).render(width: 20))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Name: Ada
  /// ```
  ///
  /// - Parameter object: The object to provide, usually a `Store`.
  /// - Returns: A view whose content can read `object`.
  public func environmentObject(_ object: some AnyObject) -> some View {
    EnvironmentObjectView(content: self, object: object)
  }
}

/// A view that provides an object to its content, made by ``View/environmentObject(_:)``.
struct EnvironmentObjectView<Content: View>: View, PrimitiveView {
  let content: Content
  let object: AnyObject

  func makeNodes(in context: BuildContext) -> [Node] {
    EnvironmentStack.adding(object) { content.nodes(in: context) }
  }
}
