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
    recipients(of: action, from: root)
  }

  /// The models and value models at and below `root` that would reduce
  /// `action`, in order, with their paths from `root`.
  func recipients(
    of action: any Action, from root: AnyObject, passingOver above: [AnyObject] = [],
    andRoot top: AnyObject? = nil
  ) -> [Recipient] {
    let found = Walk.recipients(of: action, from: root, passingOver: above, andRoot: top)
    let paths = ModelPaths.paths(
      to: found.reached + found.reachedValues.map(\.owner), from: root)
    func path(of model: AnyObject) -> TreePath { paths[ObjectIdentifier(model)] ?? "?" }
    var recipients: [Recipient] = []
    var values = found.reachedValues[...]
    for (position, model) in found.reached.enumerated() {
      while let value = values.first, value.position == position {
        if let recipient = recipient(value, found.pathSteps, ownerPath: path(of: value.owner)) {
          recipients.append(recipient)
        }
        values = values.dropFirst()
      }
      if let reducer = model as? any Reducer {
        recipients.append(.model(path(of: model), reducer))
      }
    }
    for value in values {
      if let recipient = recipient(value, found.pathSteps, ownerPath: path(of: value.owner)) {
        recipients.append(recipient)
      }
    }
    return recipients
  }

  private func recipient(
    _ value: ReachedValue, _ steps: [(parent: Int, step: PathStep)], ownerPath: TreePath
  ) -> Recipient? {
    guard let copy = value.value as? any ValueReducer else { return nil }
    return .valueModel(ModelPaths.path(to: value, steps: steps, ownerPath: ownerPath), copy)
  }
}
