/// A model that an action would be delivered to, and where it sits in the tree.
///
/// ``Store/recipients(of:)`` lists them in delivery order:
///
/// ```swift
/// for recipient in store.recipients(of: UpdateMovies.submit) {
///   switch recipient {
///   case let .model(path, model): print(path, "is a", type(of: model))
///   case let .valueModel(path, copy): print(path, "is a value model", type(of: copy))
///   }
/// }
/// ```
///
/// prints
///
/// ```
/// favoriteMovies is a FavoriteMovies
/// ```
public enum Recipient {
  /// A class model, at its path.
  case model(TreePath, any Reducer)

  /// A value model at its path, with a copy of it as it is now.
  case valueModel(TreePath, any ValueReducer)

  /// Where the model sits, from the root: `favoriteMovies`, `shelves[2]`,
  /// `byName["ada"]`, and `root` for the root, as ``TreeSnapshot`` and
  /// ``TreeDifference`` write paths.
  public var path: TreePath {
    switch self {
    case let .model(path, _), let .valueModel(path, _): path
    }
  }

  /// The model, or the copy of the value model, as an `Any`.
  public var value: Any {
    switch self {
    case let .model(_, model): model
    case let .valueModel(_, copy): copy
    }
  }
}

// MARK: - Before 1.0

extension Recipient {
  /// The model, if it is a class model.
  @available(*, deprecated, message: "switch over the recipient: `case let .model(path, model)`")
  public var model: (any Reducer)? {
    if case let .model(_, model) = self { return model }
    return nil
  }

  /// A copy of the model as it is now, if it is a value model.
  @available(
    *, deprecated, message: "switch over the recipient: `case let .valueModel(path, copy)`"
  )
  public var valueModel: (any ValueReducer)? {
    if case let .valueModel(_, copy) = self { return copy }
    return nil
  }
}

extension Recipient: CustomStringConvertible {
  /// The path and the model's type: `favoriteMovies: FavoriteMovies`.
  public var description: String {
    "\(path): \(type(of: value))"
  }
}

extension Recipient {
  /// This recipient with its path's first step left out: the step from a
  /// holder the store made to the value below it.
  func droppingFirstStep() -> Recipient {
    switch self {
    case let .model(path, model): .model(TreePath(Array(path.components.dropFirst())), model)
    case let .valueModel(path, copy):
      .valueModel(TreePath(Array(path.components.dropFirst())), copy)
    }
  }
}
