/// A model that an action would be delivered to, and where it sits in the tree.
///
/// ``Store/recipients(of:)`` lists them in delivery order.
public struct Recipient {
  /// Where the model sits, from the root:
  /// `favoriteMovies`, `shelves[2]`, `byName["ada"]`, and `root` for the root, as
  /// ``TreeSnapshot`` and ``TreeDifference`` write paths.
  public let path: String

  /// The model, if it is a class model.
  public let model: (any Reducer)?

  /// A copy of the model as it is now, if it is a value model.
  public let valueModel: (any ValueReducer)?
}

extension Recipient: CustomStringConvertible {
  /// The path and the model's type: `favoriteMovies: FavoriteMovies`.
  public var description: String {
    if let model { return "\(path): \(type(of: model))" }
    if let valueModel { return "\(path): \(type(of: valueModel))" }
    return path
  }
}
