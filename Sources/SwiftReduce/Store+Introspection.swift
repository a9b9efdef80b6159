#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Store {
  /// The models `action` would be delivered to, in delivery order, with their paths.
  ///
  /// Nothing is reduced, and middleware is not involved: the list is what the
  /// walk would deliver to if `action` reached the models now. Models a
  /// `reduce(action:)` would add during that dispatch are not in it, since no
  /// reduce runs. Declarations of ``Reducer/handledBelow`` are honoured.
  ///
  /// ```swift
  /// let store = Store(Person())
  /// for recipient in store.recipients(of: UpdateMovies.submit) {
  ///   print(recipient)
  /// }
  /// print(store.recipients(of: NameChange.clear))
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// favoriteMovies: FavoriteMovies
  /// [root: Person]
  /// ```
  ///
  /// - Parameter action: The action to route.
  /// - Returns: Each model that would reduce `action`, first to last.
  public func recipients(of action: any Action) -> [Recipient] {
    let models = Walk.recipients(of: action, from: root)
    let paths = ModelPaths.paths(to: models, from: root)
    return models.compactMap { model in
      guard let reducer = model as? any Reducer else { return nil }
      return Recipient(path: paths[ObjectIdentifier(model)] ?? "?", model: reducer)
    }
  }

  /// Stops the program for a ``Reducer/handledBelow`` declaration that left
  /// out `action`, naming the type, the action and the path of the model it missed.
  func stop(for declaration: FalseDeclaration, _ action: any Action) -> Never {
    let missed = declaration.missed
    let path = ModelPaths.paths(to: [missed], from: root)[ObjectIdentifier(missed)]
    fatalError(
      """
      SwiftReduce: \(String(reflecting: declaration.declaringType)).handledBelow leaves out \
      \(String(reflecting: type(of: action))), but the \(String(reflecting: type(of: missed))) \
      at \(path ?? "a path no snapshot shows") below it handles \(String(reflecting: action)). \
      Add the action's type to the declaration, or remove the declaration.
      """
    )
  }

  /// Reports, once per action type, an action that no model reduced.
  func reportUnhandled(_ action: any Action) {
    #if DEBUG
      guard reportsUnhandledActions,
        UnhandledActions.reported.insert(ObjectIdentifier(type(of: action))).inserted
      else { return }
      let line =
        "SwiftReduce: no model handled \(String(reflecting: action)) (reported once per action "
        + "type in debug builds; set reportsUnhandledActions to false to silence)\n"
      var bytes = Array(line.utf8)
      _ = write(2, &bytes, bytes.count)
    #endif
  }
}

/// The action types already reported as unhandled, for the whole process.
@MainActor
enum UnhandledActions {
  static var reported: Set<ObjectIdentifier> = []
}
